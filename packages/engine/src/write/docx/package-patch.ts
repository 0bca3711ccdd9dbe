/**
 * Post-processing of the parts the docx library compiled, for what its options cannot express, and their ZIP:
 * - `<w:mirrorMargins/>` in `word/settings.xml` (docx 9 has no option), in CT_Settings schema order;
 * - the layout's fonts embedded (`embed-fonts.ts`; the library's own embedding draws random keys), the monospace
 *   family only when the document sets code in it, each with its
 *   font-table entry, and a metric-compatible alternative (`w:altName`), so Word on a system without Tinos
 *   substitutes Times New Roman;
 * - header and footer references named in every section after the title page (`section-references.ts`);
 * - fixed creation/modification times in `docProps/core.xml` and on every zip entry, and stable numbering of the
 *   ids the library draws at random (hyperlink relationships) or from a process-wide counter (bookmarks), so the
 *   same book gives the same bytes (the engine does not read the clock; STYLE.md rule 4).
 */
import type { Layout } from '../../layout/layout.ts';
import { layoutTextFamilies } from '../html/font-faces.ts';
import { embeddedFaces, fontTableRels, withFontEntries, withOdttfContentType } from './embed-fonts.ts';
import { withSectionReferences } from './section-references.ts';
import { STYLE } from './styles.ts';
import { zipArchive, type ArchiveEntry } from '../zip-archive.ts';

/** Time written into the package: 2000-01-01T00:00:00Z. */
export const DOCX_FIXED_TIME = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

/**
 * Elements of CT_Settings (ECMA-376 Part 1 §17.15.1.78) that come after `w:mirrorMargins` in the schema's sequence,
 * in order. `w:mirrorMargins` goes before the first of these found in the part.
 */
const AFTER_MIRROR_MARGINS = [
  'alignBordersAndEdges', 'bordersDoNotSurroundHeader', 'bordersDoNotSurroundFooter', 'gutterAtTop',
  'hideSpellingErrors', 'hideGrammaticalErrors', 'activeWritingStyle', 'proofState', 'formsDesign',
  'attachedTemplate', 'linkStyles', 'stylePaneFormatFilter', 'stylePaneSortMethod', 'documentType', 'mailMerge',
  'revisionView', 'trackRevisions', 'doNotTrackMoves', 'doNotTrackFormatting', 'documentProtection',
  'autoFormatOverride', 'styleLockTheme', 'styleLockQFSet', 'defaultTabStop', 'autoHyphenation',
  'consecutiveHyphenLimit', 'hyphenationZone', 'doNotHyphenateCaps', 'showEnvelope', 'summaryLength',
  'clickAndTypeStyle', 'defaultTableStyle', 'evenAndOddHeaders', 'bookFoldRevPrinting', 'bookFoldPrinting',
  'bookFoldPrintingSheets', 'drawingGridHorizontalSpacing', 'drawingGridVerticalSpacing',
  'displayHorizontalDrawingGridEvery', 'displayVerticalDrawingGridEvery', 'doNotUseMarginsForDrawingGridOrigin',
  'drawingGridHorizontalOrigin', 'drawingGridVerticalOrigin', 'doNotShadeFormData', 'noPunctuationKerning',
  'characterSpacingControl', 'printTwoOnOne', 'strictFirstAndLastChars', 'noLineBreaksAfter', 'noLineBreaksBefore',
  'savePreviewPicture', 'doNotValidateAgainstSchema', 'saveInvalidXml', 'ignoreMixedContent',
  'alwaysShowPlaceholderText', 'doNotDemarcateInvalidXml', 'saveXmlDataOnly', 'useXSLTWhenSaving',
  'saveThroughXslt', 'showXMLTags', 'alwaysMergeEmptyNamespace', 'updateFields', 'hdrShapeDefaults', 'footnotePr',
  'endnotePr', 'compat', 'docVars', 'rsids', 'mathPr', 'attachedSchema', 'themeFontLang', 'clrSchemeMapping',
  'doNotIncludeSubdocsInStats', 'doNotAutoCompressPictures', 'forceUpgrade', 'captions', 'readModeInkLockDown',
  'smartTagType', 'schemaLibrary', 'shapeDefaults', 'doNotEmbedSmartTags', 'decimalSymbol', 'listSeparator',
];

/** Elements of CT_Settings after `w:embedTrueTypeFonts` that may come before `w:mirrorMargins`. */
const AFTER_EMBED_FONTS = ['embedSystemFonts', 'saveSubsetFonts', 'saveFormsData', 'mirrorMargins', ...AFTER_MIRROR_MARGINS];

/**
 * Insert an empty element `<w:name/>` into a settings part before the first of `after` found (schema order), or
 * before `</w:settings>`; unchanged when already present.
 */
function insertSetting(xml: string, name: string, after: readonly string[]): string {
  if (new RegExp(`<w:${name}\\b`).test(xml)) return xml;
  let at = -1;
  for (const next of after) {
    const i = xml.search(new RegExp(`<w:${next}[\\s/>]`));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) at = xml.lastIndexOf('</w:settings>');
  return `${xml.slice(0, at)}<w:${name}/>${xml.slice(at)}`;
}

/**
 * Insert `<w:mirrorMargins/>` into a settings part, in schema order; unchanged when already present.
 * @param xml the text of `word/settings.xml`.
 */
export function insertMirrorMargins(xml: string): string {
  return insertSetting(xml, 'mirrorMargins', AFTER_MIRROR_MARGINS);
}

/** Insert `<w:embedTrueTypeFonts/>` (keep embedded fonts when Word saves: §17.15.1.41), in schema order. */
export function insertEmbedTrueTypeFonts(xml: string): string {
  return insertSetting(xml, 'embedTrueTypeFonts', AFTER_EMBED_FONTS);
}

/** Replace the creation and modification times in `docProps/core.xml` with `time`. */
export function fixCoreTimes(xml: string, time: Date): string {
  const iso = time.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return xml
    .replace(/(<dcterms:created\b[^>]*>)[^<]*(<\/dcterms:created>)/, `$1${iso}$2`)
    .replace(/(<dcterms:modified\b[^>]*>)[^<]*(<\/dcterms:modified>)/, `$1${iso}$2`);
}

/** Relationship ids the docx library draws at random for hyperlinks (`rId` + a nanoid; its other ids are `rIdN`). */
const RANDOM_REL_ID = /(?<=")rId(?=[\w-]*[A-Za-z_-])[\w-]{6,}(?=")/g;

/**
 * Rename random relationship ids to `rIdLink1`, `rIdLink2`, ... in order of appearance, in a part and its
 * relationships part together.
 */
export function stableRelationshipIds(xml: string, rels: string): { xml: string; rels: string } {
  const names = new Map<string, string>();
  const rename = (id: string) => {
    let name = names.get(id);
    if (!name) {
      name = `rIdLink${names.size + 1}`;
      names.set(id, name);
    }
    return name;
  };
  const out = xml.replace(RANDOM_REL_ID, rename);
  // The library lists these relationships in no stable order: list them by their new number instead.
  const links: [number, string][] = [];
  const rest = rels.replace(RANDOM_REL_ID, rename).replace(/<Relationship\b[^>]*\bId="rIdLink(\d+)"[^>]*\/>/g, (el, n: string) => {
    links.push([Number(n), el]);
    return '';
  });
  links.sort((a, b) => a[0] - b[0]);
  return { xml: out, rels: rest.replace('</Relationships>', `${links.map((l) => l[1]).join('')}</Relationships>`) };
}

/**
 * Renumber `w:bookmarkStart`/`w:bookmarkEnd` ids from 1 in order of appearance (OOXML §17.13.6.2), and the
 * `_TocN` bookmark names the library draws from a process-wide counter (with the TOC's links to them) likewise.
 */
export function stableBookmarkIds(xml: string): string {
  const ids = new Map<string, number>();
  const tocNames = new Map<string, number>();
  const renamed = xml.replace(/\b_Toc(\d+)\b/g, (_m, n: string) => {
    let k = tocNames.get(n);
    if (k === undefined) {
      k = tocNames.size + 1;
      tocNames.set(n, k);
    }
    return `_Toc${k}`;
  });
  return renamed.replace(/(<w:bookmark(?:Start|End)\b[^>]*?w:id=")(\d+)(")/g, (_m, a: string, id: string, b: string) => {
    let n = ids.get(id);
    if (n === undefined) {
      n = ids.size + 1;
      ids.set(id, n);
    }
    return `${a}${n}${b}`;
  });
}

/**
 * Write the STYLEREF fields of a header or footer part (a chapter-title running head, `sections.ts`), which the
 * library writes as simple fields with a plain result, as complex fields (ECMA-376 Part 1 §17.16.18) whose every run
 * is in the `Running Head` character style: with `\* CHARFORMAT` Word formats the result it computes as the
 * instruction's first character, and applications that print the stored result (LibreOffice) print it in that
 * style too, so the head has the same letter case as the other running head.
 * @param xml the text of a `word/header*.xml` or `word/footer*.xml` part.
 */
export function styledHeadFields(xml: string): string {
  return xml.replace(/<w:fldSimple w:instr="(STYLEREF [^"]*)">(.*?)<\/w:fldSimple>/g, (_m, instr: string, result: string) => {
    const text = [...result.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('');
    const run = (inner: string) => `<w:r><w:rPr><w:rStyle w:val="${STYLE.runningHead}"/></w:rPr>${inner}</w:r>`;
    return (
      run('<w:fldChar w:fldCharType="begin"/>') +
      run(`<w:instrText xml:space="preserve"> ${instr} </w:instrText>`) +
      run('<w:fldChar w:fldCharType="separate"/>') +
      run(`<w:t xml:space="preserve">${text}</w:t>`) +
      run('<w:fldChar w:fldCharType="end"/>')
    );
  });
}

/** The parts of a package as the docx library compiles them: XML parts as text, binary parts as bytes, by path. */
export type PackageFiles = ReadonlyMap<string, string | Uint8Array>;

/**
 * Deflate level of the XML parts and the fonts. Measured on War and Peace (print-ready-kdp): level 3 deflates in
 * about half the CPU time of zlib's default 6 for a package 6 % larger (2.6 MB instead of 2.4 MB); levels below 3
 * are no faster on this text.
 */
const DEFLATE_LEVEL = 3;

/**
 * Apply the patches above to a DOCX package's parts and zip them, each part deflated once (`../zip-archive.ts`).
 * @param files the parts the docx library compiled (`Packer`'s compiler), in the order they are zipped.
 * @returns (a promise of) the package's bytes: the library's parts in their order, then the embedded fonts.
 */
export function patchPackage(files: PackageFiles, layout: Layout): Promise<Uint8Array> {
  const text = new Map<string, string>();
  for (const [path, data] of files) if (typeof data === 'string') text.set(path, data);
  const edit = (path: string, change: (xml: string) => string) => {
    const xml = text.get(path);
    if (xml !== undefined) text.set(path, change(xml));
  };
  if (layout.mirrorMargins) edit('word/settings.xml', insertMirrorMargins);
  // The monospace family too when code is set in it (Source Code, Verbatim Char: `styles.ts`), so that a listing
  // keeps its columns on a machine without JetBrains Mono.
  const usesMono = /w:val="(SourceCode|VerbatimChar)"/.test(text.get('word/document.xml') ?? '') || /w:val="(SourceCode|VerbatimChar)"/.test(text.get('word/footnotes.xml') ?? '');
  const families = usesMono ? [...new Set([...layoutTextFamilies(layout), layout.monoFontFamily])] : layoutTextFamilies(layout);
  const faces = embeddedFaces(families);
  edit('word/fontTable.xml', (xml) => withFontEntries(xml, families, faces));
  text.set('word/_rels/fontTable.xml.rels', fontTableRels(faces));
  edit('[Content_Types].xml', withOdttfContentType);
  edit('word/settings.xml', insertEmbedTrueTypeFonts);
  edit('docProps/core.xml', (xml) => fixCoreTimes(xml, DOCX_FIXED_TIME));
  edit('word/document.xml', stableBookmarkIds);
  edit('word/document.xml', withSectionReferences);
  for (const path of text.keys()) if (/^word\/(header|footer)\d+\.xml$/.test(path)) edit(path, styledHeadFields);
  for (const name of ['document', 'footnotes']) {
    const main = text.get(`word/${name}.xml`);
    const rels = text.get(`word/_rels/${name}.xml.rels`);
    if (main === undefined || rels === undefined) continue;
    const fixed = stableRelationshipIds(main, rels);
    text.set(`word/${name}.xml`, fixed.xml);
    text.set(`word/_rels/${name}.xml.rels`, fixed.rels);
  }
  const parts: ArchiveEntry[] = [];
  const seen = new Set<string>();
  for (const [path, data] of [...files, ...text]) {
    if (seen.has(path)) continue;
    seen.add(path);
    const patched = text.get(path);
    const bytes = patched !== undefined ? Buffer.from(patched, 'utf8') : (data as Uint8Array);
    // Pictures (PNG, JPEG, GIF, WebP) are compressed already: stored as they are.
    parts.push({ path, bytes, level: path.startsWith('word/media/') ? 0 : DEFLATE_LEVEL });
  }
  for (const face of faces) parts.push({ path: `word/${face.part}`, bytes: face.bytes, level: DEFLATE_LEVEL });
  return zipArchive(parts, DOCX_FIXED_TIME);
}
