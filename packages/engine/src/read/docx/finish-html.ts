/**
 * mammoth's HTML (parsed) -> the HTML the shared converter (`../html/convert.ts`) reads, for what
 * `preprocess.ts` prepared:
 * - equation markers -> pandoc's math spans, `<span class="math inline">\(TeX\)</span>` and
 *   `<span class="math display">\[TeX\]</span>` (with `id="eq:..."` when an equation caption names it). An
 *   equation whose TeX temml cannot read stays as its plain text, reported (`math-unconverted`);
 * - a caption paragraph (`p.quire-caption-<kind>`) next to its table -> the table's `<caption>` (and the table's
 *   `id`); next to a picture -> `<figure id><img><figcaption>` (the paragraph itself is then gone, so the caption
 *   is printed once); next to a display equation -> the equation's id. A paragraph "Figure 3: ..." in the body
 *   style right after a picture counts as its caption too (label dropped);
 * - a link to a caption's bookmark (a REF field) -> `<a href="#fig:Ref123" data-crossref="fig:Ref123">` with the
 *   field's displayed text ("Figure 3"); the converter keeps that text, or makes it a cross-reference.
 */
import { temml } from '../../lazy-package.ts';
import { attr, textContent, type XmlElement, type XmlNode } from '../xml.ts';
import { CAPTION_MARKER, MATH_MARKER, type DocxPrep } from './preprocess.ts';

/** What the finishing did, for the report and the tests. */
export interface FinishStats {
  inlineMath: number;
  displayMath: number;
  mathFailed: number;
  tableCaptions: number;
  figureCaptions: number;
  equationIds: number;
  crossRefs: number;
}

const el = (name: string, attrs: Record<string, string> = {}, children: XmlNode[] = []): XmlElement => ({ type: 'element', name, attrs, children });
const elems = (e: XmlElement): XmlElement[] => e.children.filter((c): c is XmlElement => c.type === 'element');
/** True when the node has text other than spaces and caption markers. */
const hasText = (n: XmlNode): boolean => /[^\s\u00ad\u200b-\u200d\ufeff]/.test(textContent(n).replace(CAPTION_MARKER, ''));

/** A caption printed by hand ("Figure 3: ", "Fig. 2.1. ", "Table 4 – "): the label Quire prints itself. */
const LABEL = /^\s*(?:figure|fig\.?|table|tab\.?|obr[áa]zek|obr\.|tabulka|abbildung|abb\.|tabelle|graf|diagram|chart)\s*(?:[0-9]+|[IVXLC]+\b)(?:[.\-–][0-9]+)*\s*[:.\-–—]?\s*/i;

/** A body-style paragraph that is a caption: the label, a number and a separator ("Figure 3: "), not "Figure 3 shows". */
const HAND_LABEL = /^\s*(?:figure|fig\.?|table|tab\.?|obr[áa]zek|obr\.|tabulka|abbildung|abb\.|tabelle|graf|diagram|chart)\s*(?:[0-9]+|[IVXLC]+\b)(?:[.\-–][0-9]+)*\s*[:.\-–—]\s/i;

/** Rewrites the tree in place; see the module comment. */
export function finishHtml(root: XmlElement, prep: DocxPrep): FinishStats {
  const stats: FinishStats = { inlineMath: 0, displayMath: 0, mathFailed: 0, tableCaptions: 0, figureCaptions: 0, equationIds: 0, crossRefs: 0 };
  const valid = new Map<number, boolean>();
  const replaceMarkers = (e: XmlElement): void => {
    const out: XmlNode[] = [];
    for (const c of e.children) {
      if (c.type === 'element') {
        replaceMarkers(c);
        out.push(c);
        continue;
      }
      if (!c.value.includes('\uE000')) {
        out.push(c);
        continue;
      }
      let last = 0;
      for (const m of c.value.matchAll(MATH_MARKER)) {
        if (m.index! > last) out.push({ type: 'text', value: c.value.slice(last, m.index) });
        last = m.index! + m[0].length;
        const n = Number(m[1]);
        const item = prep.math[n];
        if (!item) continue;
        let ok = valid.get(n);
        if (ok === undefined) valid.set(n, (ok = texReads(item.tex, item.display)));
        if (!ok) {
          stats.mathFailed++;
          if (item.text) {
            prep.diagnostics.add('math-unconverted', `An equation could not be converted and is kept as plain text: "${item.text.slice(0, 60)}".`, item.where);
            out.push({ type: 'text', value: item.text });
          }
          continue;
        }
        if (item.display) stats.displayMath++;
        else stats.inlineMath++;
        const delimited = item.display ? `\\[${item.tex}\\]` : `\\(${item.tex}\\)`;
        out.push(el('span', { class: item.display ? 'math display' : 'math inline' }, [{ type: 'text', value: delimited }]));
      }
      if (last < c.value.length) out.push({ type: 'text', value: c.value.slice(last) });
    }
    e.children = out;
  };
  replaceMarkers(root);
  equationTables(root, prep, stats);
  captions(root, prep, stats);
  crossRefs(root, prep, stats);
  mergeCrossRefs(root);
  stripCaptionMarkers(root);
  return stats;
}

/** True when temml reads the TeX (what every writer will convert it with). */
function texReads(tex: string, display: boolean): boolean {
  if (!tex.trim()) return false;
  try {
    temml().renderToString(tex, { displayMode: display, xml: true, throwOnError: true, trust: false });
    return true;
  } catch {
    return false;
  }
}

/** The caption kind of a `p.quire-caption-*`, or undefined. */
function captionClass(e: XmlElement): string | undefined {
  if (e.name !== 'p') return undefined;
  return /(?:^|\s)quire-caption-(tbl|fig|eq|any)(?:\s|$)/.exec(attr(e, 'class') ?? '')?.[1];
}

/** A paragraph holding pictures and nothing else with text. */
function isPictureParagraph(e: XmlElement | undefined): boolean {
  // mammoth writes a picture of a text box or frame as a bare `<img>` between paragraphs.
  if (e?.name === 'img') return attr(e, 'src') !== undefined && attr(e, 'src') !== '';
  return !!e && e.name === 'p' && !hasText(e) && findAllTag(e, 'img').some((i) => !!attr(i, 'src'));
}

/** A paragraph holding one display equation and nothing else. */
function displayMathOf(e: XmlElement | undefined): XmlElement | undefined {
  if (!e || e.name !== 'p') return undefined;
  const spans = findAllTag(e, 'span').filter((s) => attr(s, 'class') === 'math display');
  if (spans.length !== 1) return undefined;
  const rest = textContent(e).replace(textContent(spans[0]!), '');
  return /\S/.test(rest) ? undefined : spans[0];
}

function findAllTag(e: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elems(e)) {
    if (c.name === name) out.push(c);
    findAllTag(c, name, out);
  }
  return out;
}

/** The caption's id (from its bookmark anchors) and its content without them, edges trimmed. */
function captionContent(p: XmlElement, prep: DocxPrep, handLabel: boolean): { id?: string; children: XmlNode[] } {
  let id: string | undefined;
  const strip = (e: XmlElement): XmlNode[] =>
    e.children.flatMap((c): XmlNode[] => {
      if (c.type !== 'element') {
        if (!c.value.includes('\uE002')) return [c];
        const value = c.value.replace(CAPTION_MARKER, (_, n: string) => {
          id ??= prep.captionList[Number(n)]?.id;
          return '';
        });
        return value ? [{ type: 'text', value }] : [];
      }
      if (c.name === 'a' && attr(c, 'id') && !attr(c, 'href')) {
        id ??= prep.bookmarkIds.get(attr(c, 'id')!);
        return strip(c);
      }
      if (c.name === 'img') return [];
      return [{ ...c, children: strip(c) }];
    });
  const children = strip(p);
  // Line breaks between the number and the text ("Table 1<br><br>List of ...") go with the number.
  while (children.length > 0 && isBreak(children[0]!)) children.shift();
  while (children.length > 0 && isBreak(children[children.length - 1]!)) children.pop();
  if (handLabel) {
    const first = children.find((c) => c.type === 'text' && /\S/.test(c.value));
    if (first?.type === 'text') first.value = first.value.replace(LABEL, '');
  }
  return id ? { id, children } : { children };
}

const isBreak = (n: XmlNode): boolean => (n.type === 'element' ? n.name === 'br' : !/\S/.test(n.value));

/** Caption markers left where no caption was made (a caption paragraph away from what it captions). */
function stripCaptionMarkers(e: XmlElement): void {
  for (const c of e.children) {
    if (c.type === 'element') stripCaptionMarkers(c);
    else if (c.value.includes('\uE002')) c.value = c.value.replace(CAPTION_MARKER, '');
  }
}

function captions(root: XmlElement, prep: DocxPrep, stats: FinishStats): void {
  const visit = (parent: XmlElement): void => {
    for (const c of elems(parent)) visit(c);
    const kids = parent.children;
    // Neighbours, past blank text and empty paragraphs (Word authors leave blank lines around pictures).
    const blank = (n: XmlNode): boolean => (n.type === 'text' ? !/\S/.test(n.value) : n.name === 'p' && !hasText(n) && findAllTag(n, 'img').length === 0 && findAllTag(n, 'span').length === 0);
    const prevEl = (i: number): number => {
      for (let k = i - 1; k >= 0; k--) if (!blank(kids[k]!)) return kids[k]!.type === 'element' ? k : -1;
      return -1;
    };
    const nextEl = (i: number): number => {
      for (let k = i + 1; k < kids.length; k++) if (!blank(kids[k]!)) return kids[k]!.type === 'element' ? k : -1;
      return -1;
    };
    const at = (k: number): XmlElement | undefined => (k >= 0 ? (kids[k] as XmlElement) : undefined);
    for (let i = 0; i < kids.length; i++) {
      const p = kids[i]!;
      if (p.type !== 'element') continue;
      let kind = captionClass(p);
      const prev = at(prevEl(i));
      const next = at(nextEl(i));
      const handWritten = kind === undefined && p.name === 'p' && HAND_LABEL.test(textContent(p)) && textContent(p).length < 400;
      if (kind === undefined && !handWritten) continue;
      if (handWritten) {
        const t = textContent(p).trimStart();
        if (/^(?:fig|obr|abb|graf|diagram|chart)/i.test(t) && isPictureParagraph(prev)) kind = 'fig';
        else if (/^(?:tab)/i.test(t) && (next?.name === 'table' || prev?.name === 'table')) kind = 'tbl';
        else continue;
      }
      if (kind === 'any') kind = next?.name === 'table' || prev?.name === 'table' ? 'tbl' : 'fig';
      const content = captionContent(p, prep, true);
      // Removes the caption paragraph (by reference: a figure may have been inserted before it).
      const done = (): void => {
        const at = kids.indexOf(p);
        kids.splice(at, 1);
        i = Math.min(i, at) - 1;
      };
      if (kind === 'tbl') {
        const table = next?.name === 'table' && !findAllTag(next, 'caption').length ? next : prev?.name === 'table' && !findAllTag(prev, 'caption').length ? prev : undefined;
        if (table) {
          table.children.unshift(el('caption', {}, content.children));
          if (content.id) table.attrs.id = content.id;
          stats.tableCaptions++;
          done();
          continue;
        }
      } else if (kind === 'fig') {
        const own = findAllTag(p, 'img');
        const holder = own.length > 0 ? p : isPictureParagraph(prev) ? prev : isPictureParagraph(next) ? next : undefined;
        if (holder) {
          // The picture alone in the numbered caption paragraph, the words in the next caption paragraph.
          if (holder === p && !content.children.some(hasText) && next && captionClass(next)) {
            content.children = captionContent(next, prep, true).children;
            kids.splice(kids.indexOf(next), 1);
          }
          const imgs = holder.name === 'img' ? [holder] : findAllTag(holder, 'img');
          const img = imgs[imgs.length - 1]!;
          const figure = el('figure', content.id ? { id: content.id } : {}, [img, el('figcaption', {}, content.children)]);
          if (holder !== img) removeNode(holder, img);
          const k = kids.indexOf(holder);
          // Other pictures of the same paragraph stay before the figure, as their own figures.
          if (imgs.length > 1 && holder === p) kids.splice(k, 1, el('p', {}, imgs.slice(0, -1)), figure);
          else if (imgs.length > 1) kids.splice(k + 1, 0, figure);
          else kids.splice(k, 1, figure);
          if (holder !== p) done();
          stats.figureCaptions++;
          continue;
        }
      } else if (kind === 'eq') {
        const span = displayMathOf(prev) ?? displayMathOf(next);
        if (span && content.id) {
          span.attrs.id = content.id;
          stats.equationIds++;
        }
        if (span) {
          const rest = content.children.map(textContent).join('').replace(/[\s()[\]:.,;–—-]+/g, '');
          if (!rest) {
            done();
            continue;
          }
        }
      }
      // Not next to what it captions: an ordinary paragraph.
      kids[i] = el('p', {}, content.children);
    }
  };
  visit(root);
}

/**
 * Word's way of numbering a display equation: a one-row layout table, the equation in one cell and its number
 * (a SEQ caption, or "(3)" typed) in another. The table goes; the equation stays, with the caption's id.
 */
function equationTables(root: XmlElement, prep: DocxPrep, stats: FinishStats): void {
  const visit = (parent: XmlElement): void => {
    parent.children = parent.children.map((c) => {
      if (c.type !== 'element') return c;
      if (c.name !== 'table') {
        visit(c);
        return c;
      }
      const rows = findAllTag(c, 'tr');
      if (rows.length !== 1) {
        visit(c);
        return c;
      }
      const cells = elems(rows[0]!).filter((x) => x.name === 'td' || x.name === 'th');
      if (cells.length > 3 || findAllTag(c, 'table').length > 0) return c;
      let math: XmlElement | undefined;
      let id: string | undefined;
      for (const cell of cells) {
        for (const b of elems(cell)) if (captionClass(b) === 'eq') id ??= captionContent(b, prep, false).id;
        const blocks = elems(cell).filter((b) => hasText(b) && captionClass(b) !== 'eq');
        const one = blocks.length === 1 ? displayMathOf(blocks[0]) : undefined;
        if (one && !math) {
          math = blocks[0];
          continue;
        }
        // Anything but an equation number ("(3)", "3.1") in the other cells: a real table.
        if (blocks.some((b) => !/^\(?\s*(?:[0-9]+|[IVXLC]+)(?:[.\-–][0-9]+)*\s*\)?$/.test(textContent(b).trim()))) return c;
      }
      if (!math) return c;
      const span = displayMathOf(math)!;
      if (id) {
        span.attrs.id = id;
        stats.equationIds++;
      }
      return math;
    });
  };
  visit(root);
}

/** `<a>Equation </a><em><a>2</a></em>` (mammoth splits a link at each change of formatting): one link. */
function mergeCrossRefs(root: XmlElement): void {
  const target = (n: XmlNode | undefined): string | undefined => {
    if (!n || n.type !== 'element') return undefined;
    if (n.name === 'a') return attr(n, 'data-crossref');
    const inner = elems(n);
    if (['em', 'strong', 'i', 'b', 'span', 'sup', 'sub'].includes(n.name) && inner.length === 1 && n.children.length === 1 && inner[0]!.name === 'a') return attr(inner[0]!, 'data-crossref');
    return undefined;
  };
  const visit = (e: XmlElement): void => {
    for (const c of elems(e)) visit(c);
    for (let i = 0; i < e.children.length - 1; i++) {
      const a = e.children[i]!;
      if (a.type !== 'element' || a.name !== 'a') continue;
      const t = attr(a, 'data-crossref');
      if (!t) continue;
      while (i + 1 < e.children.length && target(e.children[i + 1]) === t) {
        const next = e.children[i + 1] as XmlElement;
        a.children.push(...(next.name === 'a' ? next.children : [{ ...next, children: (elems(next)[0] as XmlElement).children }]));
        e.children.splice(i + 1, 1);
      }
    }
  };
  visit(root);
}

function removeNode(parent: XmlElement, node: XmlElement): boolean {
  const i = parent.children.indexOf(node);
  if (i >= 0) {
    parent.children.splice(i, 1);
    return true;
  }
  return elems(parent).some((c) => removeNode(c, node));
}

function crossRefs(root: XmlElement, prep: DocxPrep, stats: FinishStats): void {
  for (const a of findAllTag(root, 'a')) {
    const href = attr(a, 'href');
    if (!href?.startsWith('#')) continue;
    const id = prep.bookmarkIds.get(href.slice(1));
    if (!id) continue;
    a.attrs = { href: `#${id}`, 'data-crossref': id };
    stats.crossRefs++;
  }
}
