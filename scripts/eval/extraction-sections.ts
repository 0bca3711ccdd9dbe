/**
 * Lists the sections of corpus books as the extraction labels number them (`allChapters` of the book read and
 * cleaned as `npm run eval` does): number, words, heading. With `--out <dir>`, also writes each section's text
 * to `<dir>/<book>/<NNN>.txt`, for reading the sections when labelling (`extraction-labels.md`).
 *
 *   npx tsx scripts/eval/extraction-sections.ts [--out <dir>] [book.txt ...]   (default: the labelled books)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allChapters, chapterHeadingText, inlineText, type Block } from '@quire/engine';
import { corpusBookPath, labelledBooks, loadCorpusBook } from './extraction.ts';

const corpus = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/corpus');

/** A section's blocks as plain-text paragraphs (a stanza's lines joined by ` / `). */
function paragraphs(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b): string[] => {
    if (b.type === 'paragraph' || b.type === 'heading') return [inlineText(b.children)];
    if (b.type === 'verse') return b.stanzas.map((s) => s.map((l) => inlineText(l.children)).join(' / '));
    if (b.type === 'blockQuote' || b.type === 'speech') return paragraphs(b.children);
    if (b.type === 'list') return b.items.flatMap(paragraphs);
    return [];
  });
}

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const books = outAt >= 0 ? [...args.slice(0, outAt), ...args.slice(outAt + 2)] : args;
for (const book of books.length > 0 ? books : labelledBooks()) {
  const chapters = allChapters(loadCorpusBook(corpusBookPath(corpus, book)));
  console.log(`== ${book}: ${chapters.length} sections`);
  chapters.forEach((c, i) => {
    const text = paragraphs(c.blocks);
    const words = text.join(' ').split(/\s+/).filter(Boolean).length;
    console.log(`${String(i + 1).padStart(4)} ${String(words).padStart(6)}  ${chapterHeadingText(c)}`);
    if (out) {
      fs.mkdirSync(path.join(out, book), { recursive: true });
      fs.writeFileSync(path.join(out, book, `${String(i + 1).padStart(3, '0')}.txt`), `# ${chapterHeadingText(c)}\n\n${text.join('\n\n')}\n`);
    }
  });
}
