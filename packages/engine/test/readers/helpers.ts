/**
 * Helpers of the reader tests: corpus files, word counts, the round trip through Markdown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineText, type BookDocument, type Inline } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { corpusDir } from '../helpers/corpus.ts';

/** Bytes of a corpus file, e.g. `corpusFile('other/x.epub')`. */
export function corpusFile(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(corpusDir(), rel)));
}

/** Bytes of a fixture of this folder. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
}

/** Words (runs of letters and digits), lowercased; typographic apostrophes and quotes do not split them. */
export function words(text: string): string[] {
  return text.toLowerCase().normalize('NFKC').replace(/[’‘]/g, "'").match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Share of the reference's words found in the candidate (multiset intersection / reference size).
 * @returns a number in [0, 1].
 */
export function preservedShare(reference: string, candidate: string): number {
  const bag = new Map<string, number>();
  for (const w of words(candidate)) bag.set(w, (bag.get(w) ?? 0) + 1);
  const ref = words(reference);
  let kept = 0;
  for (const w of ref) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      kept++;
      bag.set(w, n - 1);
    }
  }
  return ref.length === 0 ? 1 : kept / ref.length;
}

/** The text of a raw Gutenberg file between its START and END markers. */
export function gutenbergTxtBody(text: string): string {
  const t = text.replace(/\r\n?/g, '\n');
  const start = /^\s*\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*\n/im.exec(t);
  const from = start ? start.index + start[0].length : 0;
  const end = /^\s*\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG/im.exec(t.slice(from));
  return t.slice(from, end ? from + end.index : t.length);
}

/**
 * A document in the form the Markdown convention can carry: footnotes keyed in a fixed order, a figure's
 * alt as its caption's plain text (one Markdown image text holds both; a reader may take the alt from the
 * image and the caption from the text beside it).
 */
function canonical(doc: BookDocument): unknown {
  const json = JSON.stringify({ ...doc, footnotes: Object.fromEntries(Object.entries(doc.footnotes).sort(([a], [b]) => a.localeCompare(b))) });
  return JSON.parse(json, (_key, value: unknown) => {
    const node = value as { type?: string; caption?: Inline[] };
    if (node && typeof node === 'object' && node.type === 'figure') return { ...node, alt: inlineText(node.caption ?? []) };
    return value;
  });
}

/** The document parsed back from its own Markdown, and the original, both in canonical form. */
export function roundTrip(doc: BookDocument, markdown: string): { before: unknown; after: unknown } {
  return { before: canonical(doc), after: canonical(parseMarkdown(markdown, doc.meta, { assets: Object.values(doc.assets) })) };
}
