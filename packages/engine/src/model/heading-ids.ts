/**
 * In-book links by heading text: pandoc gives every heading an identifier made from its text (pandoc's manual,
 * "Extension: auto_identifiers"), and Markdown theses link to it (`[the reward metric](#reward-metric)`, pandoc's
 * "implicit header references"). The writers put such an identifier on a heading only when some link asks for it
 * (`numbering.ts` registers those), so that books without such links are written exactly as before.
 */
import { inlineText, type BookDocument, type Inline } from './book-document.ts';
import { forEachBlock, forEachInline, ownInlines } from './walk.ts';

/**
 * pandoc's auto identifier of a heading's plain text (pandoc's manual, "Extension: auto_identifiers"): formatting
 * removed (the caller passes plain text), everything but letters, digits, `_`, `-` and `.` removed, each space
 * and newline to a hyphen, lower case, everything up to the first letter removed; `section` when nothing is left.
 */
export function pandocIdentifier(text: string): string {
  const id = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_.\-\s]/gu, '')
    .trim()
    .replace(/\s/g, '-')
    .replace(/^[^\p{L}]+/u, '');
  return id || 'section';
}

/**
 * GitHub's identifier of a heading's plain text (pandoc's manual, "Extension: gfm_auto_identifiers", which
 * follows GitHub): lower case, everything but letters, digits, spaces, `_` and `-` removed (`.` too), each space
 * to a hyphen. Theses kept on GitHub link to headings so (`#installing-virtualbox---ubuntu-2204`).
 */
export function githubIdentifier(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .trim()
    .replace(/ /g, '-');
}

/** The identifiers a link may name a heading by: pandoc's, then GitHub's when it differs (see both). */
export function headingIdentifiers(children: readonly Inline[]): string[] {
  const text = inlineText(children.filter((c) => c.type !== 'footnoteRef'));
  const pandoc = pandocIdentifier(text);
  const github = githubIdentifier(text);
  return github && github !== pandoc ? [pandoc, github] : [pandoc];
}

/** `a%20b` -> `a b`: a link's fragment as the Markdown may percent-encode it; as written when it is not valid. */
export function decodedFragment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Fragments (`#reward-metric` -> `reward-metric`, percent-decoded) that the document's links point at. */
export function linkedFragments(doc: Omit<BookDocument, 'assets'>): Set<string> {
  const out = new Set<string>();
  // Linear in the book; text nodes (nearly all of them) cost one comparison (War and Peace: ~5 ms).
  const visit = (x: Inline): void => {
    if (x.type === 'link' && x.href.startsWith('#')) out.add(decodedFragment(x.href.slice(1)));
  };
  forEachBlock(doc, (b) => {
    for (const run of ownInlines(b)) forEachInline(run, visit);
  });
  return out;
}
