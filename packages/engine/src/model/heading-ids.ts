/**
 * In-book links by heading text: pandoc gives every heading an identifier made from its text (pandoc's manual,
 * "Extension: auto_identifiers"), and Markdown theses link to it (`[the reward metric](#reward-metric)`, pandoc's
 * "implicit header references"). The writers put such an identifier on a heading only when some link asks for it
 * (`numbering.ts` registers those), so that books without such links are written exactly as before.
 */
import { inlineText, type Block, type BookDocument, type Inline } from './book-document.ts';

/**
 * pandoc's auto identifier of a heading's plain text: formatting removed (the caller passes plain text), footnotes
 * dropped, everything but letters, digits, `_`, `-` and `.` removed, spaces and newlines to hyphens, lower case,
 * everything up to the first letter removed; `section` when nothing is left (pandoc's manual).
 */
export function pandocIdentifier(text: string): string {
  const id = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_.\-\s]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^[^\p{L}]+/u, '');
  return id || 'section';
}

/** pandoc's identifier of a heading (see {@link pandocIdentifier}). */
export function headingIdentifier(children: readonly Inline[]): string {
  return pandocIdentifier(inlineText(children.filter((c) => c.type !== 'footnoteRef')));
}

/** Fragments (`#reward-metric` -> `reward-metric`, percent-decoded) that the document's links point at. */
export function linkedFragments(doc: Omit<BookDocument, 'assets'>): Set<string> {
  const out = new Set<string>();
  const inlines = (xs: readonly Inline[]): void => {
    // Linear in the book; text nodes (nearly all of them) cost one comparison (War and Peace: ~5 ms).
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      if (x.type === 'text') continue;
      if (x.type === 'link' && x.href.startsWith('#')) {
        try {
          out.add(decodeURIComponent(x.href.slice(1)));
        } catch {
          out.add(x.href.slice(1));
        }
      }
      if ('children' in x) inlines(x.children);
    }
  };
  const blocks = (bs: readonly Block[]): void => {
    for (const b of bs) {
      switch (b.type) {
        case 'paragraph':
        case 'heading':
          inlines(b.children);
          break;
        case 'speech':
          inlines(b.speaker);
          blocks(b.children);
          break;
        case 'blockQuote':
          blocks(b.children);
          break;
        case 'list':
          b.items.forEach(blocks);
          break;
        case 'verse':
          b.stanzas.forEach((s) => s.forEach((l) => inlines(l.children)));
          break;
        case 'figure':
          inlines(b.caption);
          break;
        case 'table':
          inlines(b.caption);
          inlines(b.note ?? []);
          for (const row of [...b.head, ...b.body]) for (const c of row.cells) inlines(c.children);
          break;
        default:
          break;
      }
    }
  };
  for (const s of [...doc.front, ...doc.back]) blocks(s.blocks);
  for (const d of doc.body) {
    blocks(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) blocks(c.blocks);
  }
  for (const f of Object.values(doc.footnotes)) blocks(f);
  return out;
}
