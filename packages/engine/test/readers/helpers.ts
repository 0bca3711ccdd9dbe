/**
 * Helpers of the reader tests: this folder's fixtures and the round trip through Markdown (corpus files and
 * word counts are in `../helpers`).
 */
import { readFileSync } from 'node:fs';
import { inlineText, type BookDocument, type Inline } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';

/** Bytes of a fixture of this folder. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
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
