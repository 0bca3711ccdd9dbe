import { writeFileSync } from 'node:fs';
import { writeDocx } from '../src/write/docx/index.ts';
import { kdp6x9Layout } from '../src/layout/kdp-6x9.ts';
import { sampleBook } from '../test/epub-docx-html/fixtures.ts';
writeFileSync('/tmp/q/sample.docx', await writeDocx(sampleBook(), kdp6x9Layout));
