import { writeFileSync } from 'node:fs';
import { writeDocx } from '../src/write/docx/index.ts';
import { writeEpub } from '../src/write/epub/index.ts';
import { writeHtml } from '../src/write/html/index.ts';
import { kdp6x9Layout } from '../src/layout/kdp-6x9.ts';
import { largeBook } from '../test/epub-docx-html/fixtures.ts';
import { inlineText, allChapters } from '../src/model/book-document.ts';
let t0 = performance.now();
const doc = largeBook();
let chars = 0; for (const c of allChapters(doc)) for (const b of c.blocks) if (b.type === 'paragraph') chars += inlineText(b.children).length;
console.log('text MB', (chars / 1e6).toFixed(2), 'build', (performance.now() - t0).toFixed(0), 'ms');
for (const [name, f] of [['epub', () => writeEpub(doc, kdp6x9Layout)], ['docx', () => writeDocx(doc, kdp6x9Layout)], ['html', async () => new TextEncoder().encode(writeHtml(doc, kdp6x9Layout, { variant: 'print' }))]] as const) {
  t0 = performance.now();
  const out = await f();
  const ms = performance.now() - t0;
  writeFileSync(`/tmp/q/large.${name}`, out);
  console.log(name, (out.length / 1e6).toFixed(2), 'MB', ms.toFixed(0), 'ms', 'rss', (process.memoryUsage().rss / 1e6).toFixed(0), 'MB');
}
