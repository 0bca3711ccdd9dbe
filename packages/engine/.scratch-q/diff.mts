import JSZip from 'jszip';
import { writeDocx } from '../src/write/docx/index.ts';
import { kdp6x9Layout } from '../src/layout/kdp-6x9.ts';
import { sampleBook } from '../test/epub-docx-html/fixtures.ts';
const a = await JSZip.loadAsync(await writeDocx(sampleBook(), kdp6x9Layout));
const b = await JSZip.loadAsync(await writeDocx(sampleBook(), kdp6x9Layout));
for (const name of Object.keys(a.files)) { const x = await a.file(name)?.async('string'); const y = await b.file(name)?.async('string'); if (x !== y) { console.log('DIFF', name); const i=[...x!].findIndex((c,k)=>c!==y![k]); console.log(x!.slice(i-80,i+40)); } }
