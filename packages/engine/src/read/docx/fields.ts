/**
 * Word fields (ECMA-376 Part 1 §17.16): complex fields (`w:fldChar` begin / `w:instrText` / separate / result /
 * end, which may span runs and paragraphs, and nest) and simple fields (`w:fldSimple w:instr`). One walk in
 * document order tells, for each run, the fields it belongs to; the instruction of a field is known only once
 * its separator or end is met, so decisions are taken after the walk.
 */
import type { XmlElement } from '../xml.ts';

/** One field: its instruction (`SEQ Figure \* ARABIC`, `REF _Ref123 \h`, `TOC \o "1-3"`). */
export interface WordField {
  instr: string;
  /** The `w:instrText` elements of a complex field, in order (rewritten to turn a REF into a hyperlink). */
  instrTexts: XmlElement[];
  /** The `w:fldSimple` element of a simple field. */
  simple?: XmlElement;
  /** True once the separator is met: runs after it are the field's displayed result. */
  inResult: boolean;
}

/** The fields of a document part, by run. */
export interface FieldMap {
  /** The fields (outermost first) a run (`w:r`) or simple-field element belongs to; absent when none. */
  of: Map<XmlElement, WordField[]>;
  /** Every field, in document order of its start. */
  all: WordField[];
}

/** The field's type: the instruction's first word, upper-cased (`SEQ`, `REF`, `TOC`, `PAGEREF`, `HYPERLINK`). */
export function fieldType(f: WordField): string {
  return /^\s*([A-Za-z]+)/.exec(f.instr)?.[1]?.toUpperCase() ?? '';
}

/** Walks `root` in document order and maps every run to the fields around it. */
export function mapFields(root: XmlElement): FieldMap {
  const of = new Map<XmlElement, WordField[]>();
  const all: WordField[] = [];
  const stack: WordField[] = [];
  const walk = (el: XmlElement, simple: WordField[]): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (c.name === 'w:fldSimple') {
        const f: WordField = { instr: c.attrs['w:instr'] ?? '', instrTexts: [], simple: c, inResult: true };
        all.push(f);
        const around = [...stack, ...simple, f];
        of.set(c, around);
        walk(c, [...simple, f]);
        continue;
      }
      if (c.name === 'w:r') {
        let ended = false;
        for (const k of c.children) {
          if (k.type !== 'element') continue;
          if (k.name === 'w:fldChar') {
            const type = k.attrs['w:fldCharType'];
            if (type === 'begin') {
              const f: WordField = { instr: '', instrTexts: [], inResult: false };
              all.push(f);
              stack.push(f);
            } else if (type === 'separate') {
              const top = stack[stack.length - 1];
              if (top) top.inResult = true;
            } else if (type === 'end') ended = true;
          } else if (k.name === 'w:instrText') {
            const top = stack[stack.length - 1];
            if (top) {
              top.instr += k.children.map((t) => (t.type === 'text' ? t.value : '')).join('');
              top.instrTexts.push(k);
            }
          }
        }
        if (stack.length > 0 || simple.length > 0) of.set(c, [...stack, ...simple]);
        if (ended) stack.pop();
        continue;
      }
      walk(c, simple);
    }
  };
  walk(root, []);
  return { of, all };
}
