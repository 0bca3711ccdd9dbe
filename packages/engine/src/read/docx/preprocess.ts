/**
 * Rewrites a Word part (`word/document.xml`, `footnotes.xml`, `endnotes.xml`) before mammoth reads it, so that
 * mammoth's HTML carries what mammoth alone would lose:
 * - equations (`m:oMathPara`, `m:oMath`, ECMA-376 Part 1 §22.1): converted to TeX ({@link ommlToTex}) and
 *   replaced by a marker run (`U+E000 n U+E001`, private-use characters no document holds); a display equation
 *   (each `m:oMath` of an `m:oMathPara`, as pandoc reads it) gets a paragraph of its own;
 * - captions (a Caption-style paragraph, any localised name): the label and the SEQ number dropped ("Figure 3: "
 *   -> "", Quire numbers captions itself), the kind (table, figure, equation) from the SEQ identifier, the id from
 *   the caption's `_Ref` bookmark, and a style mammoth maps to `p.quire-caption-<kind>`;
 * - REF fields whose bookmark is such a caption: turned into a hyperlink to that bookmark (`captions.ts` makes it
 *   a cross-reference), the displayed text ("Figure 3") kept;
 * - the source's own contents lists (TOC-styled paragraphs, the content of TOC fields, the "Contents" line
 *   before them): dropped, as Quire builds its own;
 * - text boxes (`w:txbxContent`, in DrawingML and VML alike, once for both branches of `mc:AlternateContent`):
 *   their paragraphs moved after the paragraph that anchors them;
 * - paragraphs with a direct `w:outlineLvl` 0-8: headings of that level;
 * - charts, SmartArt and embedded objects: reported (mammoth leaves them out).
 */
import type { Diagnostics } from '../../model/diagnostics.ts';
import type { XmlElement, XmlNode } from '../xml.ts';
import { fieldType, mapFields, type FieldMap, type WordField } from './fields.ts';
import { ommlToTex } from './omml.ts';
import { SYNTHETIC, type CaptionKind, type StyleSheet } from './styles.ts';

/** One equation met: its TeX and plain text, and whether it is display math. */
export interface MathItem {
  display: boolean;
  tex: string;
  text: string;
  /** OMML elements the converter did not know (their content was kept). */
  unknown: string[];
  where?: string;
}

/** A caption found: its kind and the id its figure, table or equation takes (`fig:Ref123`). */
export interface CaptionInfo {
  kind: CaptionKind;
  id?: string;
}

/** What the preprocessing of all parts gathered (shared across parts so marker numbers stay unique). */
export class DocxPrep {
  readonly math: MathItem[] = [];
  /** Caption bookmark name (`_Ref123`) -> the id of what it captions (`fig:Ref123`). */
  readonly bookmarkIds = new Map<string, string>();
  /** The captions met, by marker number ({@link captionMarker}). */
  readonly captionList: CaptionInfo[] = [];
  contentsDropped = 0;
  textBoxes = 0;
  captions = 0;
  crossRefs = 0;

  constructor(
    readonly sheet: StyleSheet,
    readonly diagnostics: Diagnostics,
  ) {}
}

/** The marker text standing for equation `n` until mammoth's HTML is read back. */
export const mathMarker = (n: number): string => `\uE000${n}\uE001`;
/**
 * The marker put at the start of caption `n`'s paragraph: mammoth drops the bookmark of a paragraph left
 * without text (an equation's "(1)"), so the caption's id travels as text.
 */
export const captionMarker = (n: number): string => `\uE002${n}\uE003`;
/** Finds caption markers in text. */
export const CAPTION_MARKER = /\uE002(\d+)\uE003/g;
/** Finds markers in text. */
export const MATH_MARKER = /\uE000(\d+)\uE001/g;

const CONTENTS_LINE = /^\s*(?:table of contents|contents|list of (?:figures|tables|illustrations|abbreviations)|obsah|seznam (?:obrázků|tabulek|příloh)|inhalt|inhaltsverzeichnis|abbildungsverzeichnis|tabellenverzeichnis|table des matières|sommaire)\s*$/i;
const TABLE_SEQ = /^(?:table|tabulka|tabelle|tableau|tabla|tabela|tabel|taulukko|tab)/i;
const EQUATION_SEQ = /^(?:equation|eq|rovnice|gleichung|formel|[ée]quation|ecuaci[óo]n|equa[çc][ãa]o|r[óo]wnanie)/i;

const el = (name: string, attrs: Record<string, string> = {}, children: XmlNode[] = []): XmlElement => ({ type: 'element', name, attrs, children });
const elems = (e: XmlElement): XmlElement[] => e.children.filter((c): c is XmlElement => c.type === 'element');
const textRun = (text: string): XmlElement => el('w:r', {}, [el('w:t', { 'xml:space': 'preserve' }, [{ type: 'text', value: text }])]);

/** Concatenated `w:t` text below an element (no instruction text, no deleted text). */
function wText(e: XmlElement): string {
  let s = '';
  for (const c of e.children) {
    if (c.type !== 'element') continue;
    if (c.name === 'w:t') s += c.children.map((t) => (t.type === 'text' ? t.value : '')).join('');
    else if (c.name === 'w:tab') s += '\t';
    else if (c.name !== 'w:instrText' && c.name !== 'w:delText' && c.name !== 'w:del' && c.name !== 'w:txbxContent') s += wText(c);
  }
  return s;
}

function pStyle(p: XmlElement): string | undefined {
  const pPr = elems(p).find((c) => c.name === 'w:pPr');
  return pPr ? elems(pPr).find((c) => c.name === 'w:pStyle')?.attrs['w:val'] : undefined;
}

function setPStyle(p: XmlElement, id: string): void {
  let pPr = elems(p).find((c) => c.name === 'w:pPr');
  if (!pPr) {
    pPr = el('w:pPr');
    p.children.unshift(pPr);
  }
  const existing = elems(pPr).find((c) => c.name === 'w:pStyle');
  if (existing) existing.attrs = { 'w:val': id };
  else pPr.children.unshift(el('w:pStyle', { 'w:val': id }));
}

/** Every run (`w:r`) and simple field below `e`, in document order (text boxes excluded). */
function runsOf(e: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of elems(e)) {
    if (c.name === 'w:r') out.push(c);
    else if (c.name === 'w:fldSimple') {
      out.push(c);
      runsOf(c, out);
    } else if (c.name !== 'w:txbxContent' && !c.name.startsWith('m:')) runsOf(c, out);
  }
  return out;
}

/** Removes elements of `drop` anywhere below `e`. */
function removeAll(e: XmlElement, drop: Set<XmlElement>): void {
  e.children = e.children.filter((c) => c.type !== 'element' || !drop.has(c));
  for (const c of elems(e)) removeAll(c, drop);
}

/** Rewrites one part's tree in place (see the module comment). */
export function preprocessPart(root: XmlElement, prep: DocxPrep): void {
  const fields = mapFields(root);
  collectCaptions(root, fields, prep);
  const body = findBodyLike(root);
  new PartRewriter(prep, fields).blocks(body);
}

/** `w:body` of a document, or the root of a notes part (whose `w:footnote` elements hold blocks). */
function findBodyLike(root: XmlElement): XmlElement {
  const doc = elems(root)[0];
  if (!doc) return root;
  const body = elems(doc).find((c) => c.name === 'w:body');
  return body ?? doc;
}

/** The kind and id of every caption paragraph, so REF fields anywhere can point at them. */
function collectCaptions(root: XmlElement, fields: FieldMap, prep: DocxPrep): void {
  const walk = (e: XmlElement): void => {
    for (const c of elems(e)) {
      if (c.name === 'w:p') {
        const style = pStyle(c);
        if (style && prep.sheet.isCaption(style)) {
          const info = captionInfo(c, style, fields, prep);
          for (const name of bookmarks(c)) if (info.id) prep.bookmarkIds.set(name, info.id);
          captionOf.set(c, info);
        }
      }
      walk(c);
    }
  };
  walk(root);
}

/** Caption paragraph -> what it captions (filled by {@link collectCaptions}, read by the rewriter). */
const captionOf = new WeakMap<XmlElement, CaptionInfo>();

/** Bookmark names in a paragraph that can be a REF field's target (not Word's own `_Toc`, `_GoBack`). */
function bookmarks(p: XmlElement): string[] {
  const out: string[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of elems(e)) {
      if (c.name === 'w:bookmarkStart') {
        const n = c.attrs['w:name'] ?? '';
        if (n && !/^_(?:Toc|GoBack|Hlk)/i.test(n)) out.push(n);
      } else walk(c);
    }
  };
  walk(p);
  return out;
}

function captionInfo(p: XmlElement, style: string, fields: FieldMap, prep: DocxPrep): CaptionInfo {
  const seq = seqField(p, fields);
  const seqName = seq ? (/^\s*SEQ\s+"?([^\s"\\]+)/i.exec(seq.instr)?.[1] ?? '') : '';
  const text = wText(p).trim();
  let kind: CaptionKind;
  if (seqName) kind = TABLE_SEQ.test(seqName) ? 'tbl' : EQUATION_SEQ.test(seqName) ? 'eq' : 'fig';
  else kind = prep.sheet.captionKind(style) ?? (TABLE_SEQ.test(text) ? 'tbl' : 'fig');
  const marks = bookmarks(p);
  const id = marks[0] ? `${kind}:${marks[0].replace(/^_+/, '').replace(/[^A-Za-z0-9_-]/g, '')}` : undefined;
  return id ? { kind, id } : { kind };
}

/** The paragraph's first SEQ field. */
function seqField(p: XmlElement, fields: FieldMap): WordField | undefined {
  for (const r of runsOf(p)) for (const f of fields.of.get(r) ?? []) if (fieldType(f) === 'SEQ') return f;
  return undefined;
}

class PartRewriter {
  /** The last heading's text: where a diagnostic happened. */
  private where: string | undefined;

  constructor(
    private readonly prep: DocxPrep,
    private readonly fields: FieldMap,
  ) {}

  /** Rewrites a container of block content (`w:body`, `w:tc`, `w:sdtContent`, a note, a text box). */
  blocks(container: XmlElement): void {
    const out: XmlNode[] = [];
    for (const c of container.children) {
      if (c.type !== 'element') {
        out.push(c);
        continue;
      }
      if (c.name === 'w:p') {
        out.push(...this.paragraph(c, out));
        continue;
      }
      if (c.name === 'w:tbl') {
        for (const tr of elems(c).filter((x) => x.name === 'w:tr')) for (const tc of elems(tr).filter((x) => x.name === 'w:tc')) this.blocks(tc);
      } else if (c.name === 'w:sdt') {
        const content = elems(c).find((x) => x.name === 'w:sdtContent');
        if (content) this.blocks(content);
      } else if (c.name === 'w:footnote' || c.name === 'w:endnote' || c.name === 'w:customXml') {
        this.blocks(c);
      }
      out.push(c);
    }
    container.children = out;
  }

  /** One paragraph -> the paragraphs (and text-box blocks) that stand for it; `before` is what precedes it. */
  private paragraph(p: XmlElement, before: XmlNode[]): XmlElement[] {
    const moved = this.textBoxes(p);
    const style = pStyle(p);
    const sheet = this.prep.sheet;
    this.report(p);
    if ((style && sheet.isContents(style)) || this.inContents(p)) {
      this.prep.contentsDropped++;
      // The "Contents" / "List of Figures" line the author put above the list goes with it.
      const prev = [...before].reverse().find((n): n is XmlElement => n.type === 'element');
      if (prev?.name === 'w:p' && CONTENTS_LINE.test(wText(prev))) {
        before.splice(before.lastIndexOf(prev), 1);
        this.prep.contentsDropped++;
      }
      return moved;
    }
    const level = style ? sheet.headingLevel(style) : undefined;
    const direct = directOutline(p);
    if (level === undefined && direct !== undefined && wText(p).trim().length > 0 && wText(p).length <= 200) setPStyle(p, SYNTHETIC.heading(direct));
    if (level !== undefined || direct !== undefined) this.where = wText(p).replace(/\s+/g, ' ').trim() || this.where;
    const caption = captionOf.get(p);
    if (caption && (wText(p).trim() || containsName(p, 'w:drawing') || containsName(p, 'w:pict'))) {
      this.caption(p);
      setPStyle(p, SYNTHETIC.caption(caption.kind));
      const at = p.children.findIndex((c) => c.type === 'element' && c.name === 'w:pPr') + 1;
      p.children.splice(at, 0, textRun(captionMarker(this.prep.captionList.length)));
      this.prep.captionList.push(caption);
      this.prep.captions++;
    }
    this.refs(p);
    return [...this.math(p), ...moved];
  }

  /** True when every text run of the paragraph lies in a TOC field's result (or it has none and touches one). */
  private inContents(p: XmlElement): boolean {
    const runs = runsOf(p);
    let touches = false;
    let outside = false;
    for (const r of runs) {
      const inToc = (this.fields.of.get(r) ?? []).some((f) => fieldType(f) === 'TOC');
      touches ||= inToc;
      if (!inToc && wText(r).trim()) outside = true;
    }
    if (touches && outside) {
      // Text after the field's end in the same paragraph stays; the list's runs go.
      const drop = new Set(runs.filter((r) => (this.fields.of.get(r) ?? []).some((f) => fieldType(f) === 'TOC')));
      removeAll(p, drop);
      return false;
    }
    return touches;
  }

  /** Drops a caption's label and number ("Table 3: ", "Obrázek 2.1 – "), kept by Quire's own numbering. */
  private caption(p: XmlElement): void {
    const runs = runsOf(p);
    const seqIndex = runs.findIndex((r) => (this.fields.of.get(r) ?? []).some((f) => fieldType(f) === 'SEQ'));
    if (seqIndex < 0) return;
    const drop = new Set<XmlElement>();
    let last = seqIndex;
    for (let i = 0; i < runs.length; i++) {
      const fs = this.fields.of.get(runs[i]!) ?? [];
      const inNumber = fs.some((f) => fieldType(f) === 'SEQ' || fieldType(f) === 'STYLEREF');
      if (i > seqIndex && !inNumber) break;
      // A picture in the caption's paragraph stays (its figure is the caption's).
      if (!containsName(runs[i]!, 'w:drawing') && !containsName(runs[i]!, 'w:pict') && !containsName(runs[i]!, 'w:object')) drop.add(runs[i]!);
      last = i;
    }
    removeAll(p, drop);
    // The separator after the number (": ", ". ", " – ", ")") goes too.
    for (const r of runs.slice(last + 1)) {
      if (drop.has(r)) continue;
      const ts = elems(r).filter((c) => c.name === 'w:t');
      let done = false;
      for (const t of ts) {
        const text = t.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
        const rest = text.replace(/^[\s:.\-–—)\]|,;]+/, '');
        t.children = rest ? [{ type: 'text', value: rest }] : [];
        if (rest) {
          done = true;
          break;
        }
      }
      if (done || (ts.length === 0 && r.name === 'w:r' && elems(r).some((c) => c.name === 'w:drawing' || c.name === 'w:pict'))) break;
    }
  }

  /** REF fields to a caption's bookmark become hyperlinks to it (mammoth writes `<a href="#_Ref123">`). */
  private refs(p: XmlElement): void {
    const seen = new Set<WordField>();
    for (const r of runsOf(p)) {
      for (const f of this.fields.of.get(r) ?? []) {
        if (seen.has(f) || fieldType(f) !== 'REF') continue;
        seen.add(f);
        const target = /^\s*REF\s+(\S+)/i.exec(f.instr)?.[1];
        if (!target || !this.prep.bookmarkIds.has(target)) continue;
        this.prep.crossRefs++;
        if (f.simple) {
          f.simple.name = 'w:hyperlink';
          f.simple.attrs = { 'w:anchor': target };
        } else {
          f.instrTexts.forEach((t, i) => (t.children = i === 0 ? [{ type: 'text', value: ` HYPERLINK \\l "${target}" ` }] : []));
        }
      }
    }
  }

  /** Replaces each equation by its marker; each display equation becomes a paragraph of its own. */
  private math(p: XmlElement): XmlElement[] {
    if (!hasMath(p)) return [p];
    const out: XmlElement[] = [];
    const pPr = elems(p).find((c) => c.name === 'w:pPr');
    let current: XmlNode[] = [];
    const flush = (): void => {
      if (current.some((c) => c.type === 'element' && !/^w:(?:pPr|bookmarkStart|bookmarkEnd|proofErr)$/.test(c.name))) out.push(el('w:p', p.attrs, current));
      current = pPr ? [pPr] : [];
    };
    current = [];
    for (const c of p.children) {
      if (c.type === 'element' && c.name === 'm:oMathPara') {
        flush();
        for (const m of elems(c).filter((x) => x.name === 'm:oMath')) {
          out.push(el('w:p', p.attrs, [...(pPr ? [pPr] : []), this.equation(m, true)]));
        }
        continue;
      }
      if (c.type === 'element' && c.name === 'm:oMath') {
        current.push(this.equation(c, false));
        continue;
      }
      if (c.type === 'element') this.inlineMath(c);
      current.push(c);
    }
    flush();
    return out.length > 0 ? out : [p];
  }

  private inlineMath(e: XmlElement): void {
    e.children = e.children.map((c) => {
      if (c.type !== 'element') return c;
      if (c.name === 'm:oMathPara') return el('w:r', {}, elems(c).filter((x) => x.name === 'm:oMath').map((m) => elems(this.equation(m, true))[0]!));
      if (c.name === 'm:oMath') return this.equation(c, false);
      this.inlineMath(c);
      return c;
    });
  }

  private equation(m: XmlElement, display: boolean): XmlElement {
    const r = ommlToTex(m);
    const n = this.prep.math.length;
    this.prep.math.push({ display, tex: r.tex, text: r.text, unknown: r.unknown, ...(this.where ? { where: this.where } : {}) });
    return textRun(mathMarker(n));
  }

  /** Moves the blocks of the paragraph's text boxes out, to follow it; returns them, already rewritten. */
  private textBoxes(p: XmlElement): XmlElement[] {
    const boxes: XmlElement[] = [];
    const drop = new Set<XmlElement>();
    const walk = (e: XmlElement): void => {
      for (const c of elems(e)) {
        if (c.name === 'mc:AlternateContent' && containsName(c, 'w:txbxContent')) {
          // Both branches hold the same text box: take the first (DrawingML's), empty every copy.
          const all = findAllNamed(c, 'w:txbxContent');
          boxes.push(all[0]!);
          for (const t of all) drop.add(t);
          continue;
        }
        if (c.name === 'w:txbxContent') {
          boxes.push(c);
          drop.add(c);
          continue;
        }
        walk(c);
      }
    };
    walk(p);
    if (boxes.length === 0) return [];
    removeAll(p, drop);
    const out: XmlElement[] = [];
    for (const box of boxes) {
      this.prep.textBoxes++;
      const holder = el('w:body', {}, box.children);
      this.blocks(holder);
      out.push(...elems(holder).filter((c) => c.name === 'w:p' || c.name === 'w:tbl'));
    }
    return out;
  }

  /** Charts, SmartArt and embedded objects, which mammoth leaves out: reported by name. */
  private report(p: XmlElement): void {
    const where = this.where;
    const walk = (e: XmlElement): void => {
      for (const c of elems(e)) {
        if (c.name === 'c:chart') this.prep.diagnostics.add('unsupported-element', 'A chart was left out: Quire cannot read Word charts. Paste the chart as a picture (PNG) to keep it.', where);
        else if (c.name === 'dgm:relIds') this.prep.diagnostics.add('unsupported-element', 'A SmartArt diagram was left out: Quire cannot read SmartArt. Paste it as a picture (PNG) to keep it.', where);
        else if (c.name === 'o:OLEObject') {
          const prog = c.attrs.ProgID ?? '';
          if (/^Equation|MathType|DSMT/i.test(prog)) this.prep.diagnostics.add('math-unconverted', 'An equation made with the old Equation Editor or MathType (an embedded object) was left out: convert it to a Word equation (Insert > Equation) to keep it.', where);
          else this.prep.diagnostics.add('unsupported-element', `An embedded object${prog ? ` (${prog.replace(/\..*$/, '')})` : ''} was left out: only its picture, if Word saved one, is kept.`, where);
        } else walk(c);
      }
    };
    walk(p);
  }
}

function directOutline(p: XmlElement): number | undefined {
  const pPr = elems(p).find((c) => c.name === 'w:pPr');
  const v = pPr ? elems(pPr).find((c) => c.name === 'w:outlineLvl')?.attrs['w:val'] : undefined;
  return v !== undefined && /^[0-8]$/.test(v) ? Number(v) + 1 : undefined;
}

function hasMath(e: XmlElement): boolean {
  return elems(e).some((c) => c.name === 'm:oMath' || c.name === 'm:oMathPara' || (c.name !== 'w:txbxContent' && hasMath(c)));
}

function containsName(e: XmlElement, name: string): boolean {
  return elems(e).some((c) => c.name === name || containsName(c, name));
}

function findAllNamed(e: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elems(e)) {
    if (c.name === name) out.push(c);
    else findAllNamed(c, name, out);
  }
  return out;
}
