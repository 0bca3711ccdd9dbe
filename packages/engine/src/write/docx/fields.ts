/**
 * Word fields and bookmarks of captions and cross-references (ECMA-376 Part 1 §17.16): a caption's number as a
 * `SEQ` field, so that Word's own list of figures and list of tables (a TOC `\c` field) finds it and renumbers it,
 * and a reference as a `REF` field to the bookmark around the caption's label, so that Word updates the reference
 * when the numbers change. Each field is written complex (`w:fldChar` begin / `w:instrText` / separate / result /
 * end, §17.16.18) with the number Quire computed (`write/numbering.ts`) as its result, which an application that
 * does not update fields prints (LibreOffice computes SEQ and REF itself, to the same numbers).
 */
import { Bookmark, ImportedXmlComponent, TextRun, type IRunOptions, type ParagraphChild } from 'docx';
import { docxText } from './state.ts';

/** One `w:r` holding a field character or an instruction (a component of no style of its own). */
function fieldRun(child: ImportedXmlComponent): ParagraphChild {
  const run = new ImportedXmlComponent('w:r');
  run.push(child);
  return run as unknown as ParagraphChild;
}

function fieldChar(type: 'begin' | 'separate' | 'end'): ParagraphChild {
  return fieldRun(new ImportedXmlComponent('w:fldChar', { 'w:fldCharType': type }));
}

/**
 * A complex field: `instruction` (`SEQ Table \* ARABIC`, `REF ref-tbl-x \h`) with `result` as its cached result,
 * in runs formatted as `format` says (bold for an APA table number).
 */
export function complexField(instruction: string, result: string, format: Omit<IRunOptions, 'text' | 'children'> = {}): ParagraphChild[] {
  const instr = new ImportedXmlComponent('w:instrText', { 'xml:space': 'preserve' });
  instr.push(` ${docxText(instruction)} `);
  return [fieldChar('begin'), fieldRun(instr), fieldChar('separate'), new TextRun({ ...format, text: docxText(result) }), fieldChar('end')];
}

/** What a caption label counts, as Word's caption labels name it (`SEQ Figure`, `SEQ Table`). */
export type CaptionKind = 'Figure' | 'Table';

/**
 * A caption's label: `Table ` and the number as a `SEQ Table \* ARABIC` field, inside a bookmark named `anchor`
 * (the target of REF fields and internal links: Word's own "Insert Cross-reference > Only label and number"
 * bookmarks the same span). A number by chapter (`2.4`) writes the chapter part as text before a SEQ field that
 * restarts at each Heading 1 (`\s 1`).
 */
export function captionLabel(kind: CaptionKind, number: string, anchor: string, format: Omit<IRunOptions, 'text' | 'children'> = {}): ParagraphChild {
  const dot = number.lastIndexOf('.');
  const children: ParagraphChild[] = [new TextRun({ ...format, text: `${kind} ${dot >= 0 ? number.slice(0, dot + 1) : ''}` })];
  const own = number.slice(dot + 1);
  children.push(...complexField(dot >= 0 ? `SEQ ${kind} \\* ARABIC \\s 1` : `SEQ ${kind} \\* ARABIC`, own, format));
  return new Bookmark({ id: anchor, children });
}

/** A REF field to the bookmark `anchor` that links to it (`\h`), with `text` as its result. */
export function refField(anchor: string, text: string): ParagraphChild[] {
  return complexField(`REF ${anchor} \\h`, text);
}
