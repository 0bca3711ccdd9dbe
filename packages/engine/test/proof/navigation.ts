/**
 * The navigation a reader sees, read back from the files the writers made, and compared with the divisions a book
 * should have: the EPUB's nav document (`<nav epub:type="toc">`, EPUB 3.3 §7.3: nested `<ol>` of `<li><a>`) and the
 * PDF's outline (bookmarks, PDF 32000-1 §12.3.3), read with pdf.js, the engine's own PDF reader.
 */
import { strFromU8, unzipSync } from 'fflate';
import { parseHtml, type XmlNode } from '../../src/read/xml.ts';

/** One entry of a nav document or an outline, with the entries nested under it. */
export interface NavEntry {
  text: string;
  children: NavEntry[];
}

/**
 * A division a book should list: its label (`Act II`, `-I-`), its title (`Perdido`), or both, and the divisions
 * under it. `faults` says what Quire gets wrong about it today, each with the reason (see {@link navDifferences}).
 */
export interface Division {
  label?: string;
  title?: string;
  /** Other names a right entry may carry (an untitled dedication is listed as `Dedication`). */
  also?: string[];
  within?: Division[];
  faults?: {
    /** The entry is there, under another name. */
    title?: string;
    /** The entry is not there. */
    missing?: string;
    /** The divisions under it are not listed. */
    within?: string;
  };
}

/** Letters and digits of an entry, lower case, each run of anything else one space: `-I- Perdido` is `i perdido`. */
export function navKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function childElements(node: XmlNode, name: string): XmlNode[] {
  return node.type === 'element' ? node.children.filter((c) => c.type === 'element' && c.name.toLowerCase() === name) : [];
}

function textOf(node: XmlNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

function findToc(node: XmlNode): XmlNode | undefined {
  if (node.type !== 'element') return undefined;
  if (node.name.toLowerCase() === 'nav' && node.attrs['epub:type'] === 'toc') return node;
  for (const c of node.children) {
    const found = findToc(c);
    if (found) return found;
  }
  return undefined;
}

function listEntries(ol: XmlNode): NavEntry[] {
  return childElements(ol, 'li').map((li) => {
    const link = childElements(li, 'a')[0] ?? childElements(li, 'span')[0];
    const nested = childElements(li, 'ol')[0];
    return { text: (link ? textOf(link) : '').replace(/\s+/g, ' ').trim(), children: nested ? listEntries(nested) : [] };
  });
}

/**
 * The `toc` nav of an EPUB, as nested entries.
 * @throws Error when the EPUB has no nav document or it has no `toc` nav.
 */
export function epubNav(epub: Uint8Array): NavEntry[] {
  const files = unzipSync(epub);
  const opf = strFromU8(files[Object.keys(files).find((f) => f.endsWith('.opf')) ?? ''] ?? new Uint8Array());
  // The nav document is the manifest item with the `nav` property (EPUB 3.3 §5.4.1).
  const href = /<item\b[^>]*\bproperties="[^"]*\bnav\b[^"]*"[^>]*>/.exec(opf)?.[0].match(/\bhref="([^"]+)"/)?.[1];
  const name = Object.keys(files).find((f) => href !== undefined && f.endsWith(href));
  if (!name) throw new Error('The EPUB has no nav document');
  const toc = findToc(parseHtml(strFromU8(files[name] as Uint8Array)));
  const ol = toc ? childElements(toc, 'ol')[0] : undefined;
  if (!ol) throw new Error('The nav document has no toc nav with a list');
  return listEntries(ol);
}

interface PdfJsOutlineItem {
  title: string;
  items: PdfJsOutlineItem[];
}

/** The outline (bookmarks) of a PDF, as nested entries; `[]` when it has none. */
export async function pdfOutline(pdf: Uint8Array): Promise<NavEntry[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js detaches the buffer it is given: it gets a copy.
  const doc = await pdfjs.getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const outline = ((await doc.getOutline()) ?? []) as PdfJsOutlineItem[];
    const entries = (items: readonly PdfJsOutlineItem[]): NavEntry[] => items.map((i) => ({ text: i.title.replace(/\s+/g, ' ').trim(), children: entries(i.items ?? []) }));
    return entries(outline);
  } finally {
    await doc.destroy();
  }
}

/** The names a right entry for `d` may carry, as keys: `label title`, the title alone (a PDF bookmark), or the label alone when untitled. */
function acceptedKeys(d: Division): string[] {
  const names = [d.label && d.title ? `${d.label} ${d.title}` : undefined, d.title ?? d.label, ...(d.also ?? [])];
  return names.filter((n): n is string => n !== undefined).map(navKey);
}

const shown = (d: Division) => [d.label, d.title].filter(Boolean).join(' ');

/**
 * Where `actual` differs from `expected`, entry by entry in order, nested lists included; `[]` when they agree.
 * With `tolerateFaults`, a division's known faults are let pass (an entry under another name, a missing entry, its
 * divisions not listed), so that what is right today stays pinned while the faults are pinned by a failing test.
 */
export function navDifferences(actual: readonly NavEntry[], expected: readonly Division[], tolerateFaults = false, where = ''): string[] {
  const out: string[] = [];
  let i = 0;
  for (const d of expected) {
    const entry = actual[i];
    const matches = entry !== undefined && acceptedKeys(d).includes(navKey(entry.text));
    if (!matches && tolerateFaults && d.faults?.missing) continue;
    if (!entry) {
      out.push(`${where}missing: "${shown(d)}"`);
      continue;
    }
    i += 1;
    if (!matches && !(tolerateFaults && d.faults?.title)) out.push(`${where}entry ${i}: "${entry.text}", expected "${shown(d)}"`);
    if (tolerateFaults && d.faults?.within) continue;
    out.push(...navDifferences(entry.children, d.within ?? [], tolerateFaults, `${where}"${entry.text}" > `));
  }
  for (const extra of actual.slice(i)) out.push(`${where}extra entry: "${extra.text}"`);
  return out;
}

/** The known faults of `divisions` and of the divisions under them, each as `name: reason`. */
export function knownFaults(divisions: readonly Division[]): string[] {
  return divisions.flatMap((d) => [
    ...Object.values(d.faults ?? {}).map((reason) => `${shown(d)}: ${reason}`),
    ...knownFaults(d.within ?? []),
  ]);
}
