/**
 * What a Word document's paragraph styles mean, read from `word/styles.xml` (ECMA-376 Part 1 §17.7): which are
 * headings (by outline level, directly or through `w:basedOn`, whatever the style is called: Czech "Nadpis 1",
 * German "Überschrift 1", a custom "heading10", a renamed "Heading 11"), which are captions, which are the
 * source's own table of contents, which are code; and the mammoth style map that says so.
 */
import { childElements, findAll, parseXml, type XmlElement } from '../xml.ts';

/** One paragraph style of `styles.xml`. */
export interface WordStyle {
  id: string;
  name: string;
  basedOn?: string;
  /** `w:pPr/w:outlineLvl` as written: 0-8 a heading level (0 = level 1), 9 body text. */
  outlineLvl?: number;
}

/** What a caption numbers (Word's SEQ identifiers "Table", "Figure", "Equation" and their translations). */
export type CaptionKind = 'tbl' | 'fig' | 'eq';

/** The meaning of the document's paragraph styles, by style id. */
export interface StyleSheet {
  styles: Map<string, WordStyle>;
  /** Heading level (1-9) of a style id, through `w:basedOn`; absent for body text. */
  headingLevel(id: string): number | undefined;
  isCaption(id: string): boolean;
  /** The kind a caption style's name implies ("Table Caption" -> tbl), when it says. */
  captionKind(id: string): CaptionKind | undefined;
  /** A table-of-contents style (TOC 1, Obsah 1, Verzeichnis 1, table of figures, TOC Heading). */
  isContents(id: string): boolean;
  isCode(id: string): boolean;
}

/** Caption style names in the languages Word is localised to (the built-in style id is `Caption`). */
const CAPTION_NAME = /^(?:caption|titulek|beschriftung|l[ée]gende|legenda|didascalia|bijschrift|leyenda|podpis|bildtext|kuvateksti|billedtekst|bildetekst|felirat|подпись|.*\bcaption)$/i;
const CONTENTS_NAME = /^(?:toc \d|toc\d|obsah ?\d|verzeichnis ?\d|inhaltsverzeichnis ?\d|tdm ?\d|sommario ?\d|table of figures|toc heading|abbildungsverzeichnis|seznam obr[áa]zk[ůu])$/i;
const CODE_NAME = /^(?:html preformatted|formátovaný v html|html vorformatiert|code|source code|code block|sourcecode|macro text|quelltext)$/i;

/** Reads `styles.xml` (an empty sheet when absent or unreadable). */
export function readStyles(xml: string | undefined): StyleSheet {
  const styles = new Map<string, WordStyle>();
  if (xml) {
    for (const el of findAll(parseXml(xml), 'style')) {
      if ((el.attrs['w:type'] ?? 'paragraph') !== 'paragraph') continue;
      const id = el.attrs['w:styleId'];
      if (!id) continue;
      const v = (n: string): string | undefined => first(el, n)?.attrs['w:val'];
      const pPr = first(el, 'pPr');
      const lvl = pPr ? first(pPr, 'outlineLvl')?.attrs['w:val'] : undefined;
      const style: WordStyle = { id, name: v('name') ?? id };
      const basedOn = v('basedOn');
      if (basedOn) style.basedOn = basedOn;
      if (lvl !== undefined && /^\d$/.test(lvl)) style.outlineLvl = Number(lvl);
      styles.set(id, style);
    }
  }
  /** Walks a style and its `w:basedOn` ancestors (at most 20: Word's chains are short, a loop is an error). */
  const chain = (id: string): WordStyle[] => {
    const out: WordStyle[] = [];
    for (let s = styles.get(id); s && out.length < 20 && !out.includes(s); s = s.basedOn ? styles.get(s.basedOn) : undefined) out.push(s);
    return out;
  };
  const memo = new Map<string, number | undefined>();
  return {
    styles,
    headingLevel(id) {
      if (memo.has(id)) return memo.get(id);
      const withLevel = chain(id).find((s) => s.outlineLvl !== undefined);
      const lvl = withLevel && withLevel.outlineLvl! <= 8 ? withLevel.outlineLvl! + 1 : undefined;
      // A contents style is never a heading, whatever it inherits (Word's "TOC Heading" is based on Heading 1).
      const level = lvl !== undefined && !this.isContents(id) ? lvl : undefined;
      memo.set(id, level);
      return level;
    },
    isCaption(id) {
      return chain(id).some((s) => s.id === 'Caption' || CAPTION_NAME.test(s.name));
    },
    captionKind(id) {
      const s = styles.get(id);
      if (!s) return undefined;
      if (/table|tabul|tabel/i.test(s.name)) return 'tbl';
      if (/image|figure|picture|bild|obr[áa]z/i.test(s.name)) return 'fig';
      return undefined;
    },
    isContents(id) {
      return /^(?:TOC\d|TOCHeading)$/i.test(id) || chain(id).some((s) => CONTENTS_NAME.test(s.name));
    },
    isCode(id) {
      return chain(id).some((s) => CODE_NAME.test(s.name));
    },
  };
}

function first(el: XmlElement, local: string): XmlElement | undefined {
  return childElements(el, local.toLowerCase())[0] ?? childElements(el).find((c) => c.name === `w:${local}`);
}

/** Synthetic style ids the preprocessor gives paragraphs (a direct `w:outlineLvl`, a caption of a known kind). */
export const SYNTHETIC = {
  heading: (level: number): string => `QuireOutline${level}`,
  caption: (kind: CaptionKind): string => `QuireCaption-${kind}`,
} as const;

/** The class mammoth gives a caption paragraph of a kind (read back by `captions.ts`). */
export const CAPTION_CLASS = (kind: CaptionKind | 'any'): string => `quire-caption-${kind}`;

/**
 * The mammoth style map (mammoth's own syntax, matched on style ids: `p.Nadpis1 => h1:fresh`) for the
 * document's headings by outline level, its caption styles and its code styles. HTML has six heading levels:
 * Word's levels 7-9 become h6.
 */
export function styleMapFor(sheet: StyleSheet): string[] {
  const out: string[] = [];
  for (let level = 1; level <= 9; level++) out.push(`p.${SYNTHETIC.heading(level)} => h${Math.min(6, level)}:fresh`);
  for (const kind of ['tbl', 'fig', 'eq'] as const) out.push(`p.${SYNTHETIC.caption(kind)} => p.${CAPTION_CLASS(kind)}:fresh`);
  for (const s of sheet.styles.values()) {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(s.id)) continue;
    const level = sheet.headingLevel(s.id);
    if (level !== undefined && s.id !== 'Title' && s.id !== 'Subtitle') out.push(`p.${s.id} => h${Math.min(6, level)}:fresh`);
    else if (sheet.isCaption(s.id)) out.push(`p.${s.id} => p.${CAPTION_CLASS('any')}:fresh`);
    else if (sheet.isCode(s.id)) out.push(`p.${s.id} => pre:separator('\\n')`);
  }
  return out;
}
