/**
 * The content inventory of `npm run eval` (issue 31, "Nothing a document holds is lost"): for each thesis, paper
 * and manuscript of `../shared/corpus/academic`, its tables, display and inline equations, figures with their
 * pictures, captions, footnotes and code blocks, counted in Quire's document and in the EPUB and Word files it
 * writes (APA 7 layout), with what the reader and writers reported; totals at the end. A count an output loses is
 * a missed target. The PDF's inventory is checked by `test/proof/content-inventory.test.ts` (it typesets).
 */
import { Diagnostics, getLayout, writeDocx, writeEpub } from '@quire/engine';
import {
  ACADEMIC_INPUTS,
  docxCounts,
  documentCounts,
  epubText,
  htmlCounts,
  readAcademicInput,
  type ContentCounts,
} from '../../packages/engine/test/helpers/content-inventory.ts';

const KINDS: readonly (keyof ContentCounts)[] = ['tables', 'displayMath', 'inlineMath', 'images', 'captions', 'footnotes', 'codeBlocks'];
const HEAD = ['tables', 'display', 'inline', 'pictures', 'captions', 'notes', 'code'];

/** Prints the inventory of every academic input; returns the missed targets (a count an output did not keep). */
export async function contentPart(corpus: string): Promise<string[]> {
  const failures: string[] = [];
  const layout = getLayout('apa-7');
  const total = Object.fromEntries(KINDS.map((k) => [k, 0])) as unknown as ContentCounts;
  let notesTotal = 0;
  console.log(`\nContent inventory (academic corpus, APA 7): model / EPUB / Word\n${'input'.padEnd(44)} ${HEAD.map((h) => h.padStart(14)).join('')}  reported`);
  for (const input of ACADEMIC_INPUTS) {
    const read = await readAcademicInput(corpus, input);
    const counts = documentCounts(read.doc);
    const notes = new Diagnostics();
    notes.addAll(read.diagnostics);
    const epubNotes = new Diagnostics();
    const epub = htmlCounts(epubText(await writeEpub(read.doc, layout, { modified: new Date(0), diagnostics: epubNotes })));
    const docx = docxCounts(await writeDocx(read.doc, layout, { diagnostics: notes }));
    const unconverted = epubNotes.toArray().filter((d) => d.code === 'math-unconverted').reduce((n, d) => n + (d.count ?? 1), 0);
    notes.addAll(epubNotes.toArray());
    const cells = KINDS.map((k) => {
      const inEpub = epub[k];
      const inDocx = k === 'codeBlocks' || k === 'footnotes' ? '-' : String(docx[k]);
      return `${counts[k]}/${inEpub}/${inDocx}`.padStart(14);
    });
    const mathModel = counts.displayMath + counts.inlineMath;
    if (epub.tables !== counts.tables) failures.push(`${input.id}: EPUB has ${epub.tables} of ${counts.tables} tables`);
    if (epub.images !== counts.images) failures.push(`${input.id}: EPUB has ${epub.images} of ${counts.images} pictures`);
    if (epub.codeBlocks !== counts.codeBlocks) failures.push(`${input.id}: EPUB has ${epub.codeBlocks} of ${counts.codeBlocks} code blocks`);
    if (epub.displayMath + epub.inlineMath + unconverted !== mathModel) failures.push(`${input.id}: EPUB has ${epub.displayMath + epub.inlineMath} of ${mathModel} equations`);
    if (docx.tables !== counts.tables) failures.push(`${input.id}: Word file has ${docx.tables} of ${counts.tables} tables`);
    if (docx.images !== counts.images) failures.push(`${input.id}: Word file has ${docx.images} of ${counts.images} pictures`);
    for (const k of KINDS) total[k] += counts[k];
    const list = notes.toArray();
    notesTotal += list.length;
    console.log(`${input.id.padEnd(44)} ${cells.join('')}  ${list.length}`);
  }
  console.log(`${'total (model)'.padEnd(44)} ${KINDS.map((k) => String(total[k]).padStart(14)).join('')}  ${notesTotal}`);
  return failures;
}
