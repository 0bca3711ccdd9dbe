/**
 * Post-processing of the package the docx library wrote, for what its options cannot express:
 * - `<w:mirrorMargins/>` in `word/settings.xml` (docx 9 has no option), in CT_Settings schema order;
 * - a font-table entry giving the layout font a metric-compatible alternative (`w:altName`), so Word on a system
 *   without Tinos substitutes Times New Roman;
 * - fixed creation/modification times in `docProps/core.xml` and on every zip entry, and stable numbering of the
 *   ids the library draws at random (hyperlink relationships) or from a process-wide counter (bookmarks), so the
 *   same book gives the same bytes (the engine does not read the clock; STYLE.md rule 4).
 */
import JSZip from 'jszip';
import type { Layout } from '../../layout/layout.ts';
import { escapeXml } from '../html/escape.ts';

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

/**
 * Insert `<w:mirrorMargins/>` into a settings part, in schema order; unchanged when already present.
 * @param xml the text of `word/settings.xml`.
 */
export function insertMirrorMargins(xml: string): string {
  if (/<w:mirrorMargins\b/.test(xml)) return xml;
  let at = -1;
  for (const name of AFTER_MIRROR_MARGINS) {
    const i = xml.search(new RegExp(`<w:${name}[\\s/>]`));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) at = xml.lastIndexOf('</w:settings>');
  return `${xml.slice(0, at)}<w:mirrorMargins/>${xml.slice(at)}`;
}

/** Metric-compatible alternatives for the layout fonts Quire ships (same advance widths). */
const ALT_NAMES: Readonly<Record<string, { alt: string; family: 'roman' | 'swiss' | 'modern' }>> = {
  Tinos: { alt: 'Times New Roman', family: 'roman' },
  Arimo: { alt: 'Arial', family: 'swiss' },
  Cousine: { alt: 'Courier New', family: 'modern' },
};

/** Add a `w:font` entry for `font` (with `w:altName` when known) to a font table part. */
export function addFontEntry(xml: string, font: string): string {
  const known = ALT_NAMES[font];
  const entry =
    `<w:font w:name="${escapeXml(font)}">` +
    (known ? `<w:altName w:val="${escapeXml(known.alt)}"/><w:family w:val="${known.family}"/>` : '') +
    '<w:pitch w:val="variable"/></w:font>';
  if (/<w:fonts\b[^>]*\/>/.test(xml)) return xml.replace(/<w:fonts\b([^>]*)\/>/, `<w:fonts$1>${entry}</w:fonts>`);
  return xml.replace('</w:fonts>', `${entry}</w:fonts>`);
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

/** Renumber `w:bookmarkStart`/`w:bookmarkEnd` ids from 1 in order of appearance (OOXML §17.13.6.2). */
export function stableBookmarkIds(xml: string): string {
  const ids = new Map<string, number>();
  return xml.replace(/(<w:bookmark(?:Start|End)\b[^>]*?w:id=")(\d+)(")/g, (_m, a: string, id: string, b: string) => {
    let n = ids.get(id);
    if (n === undefined) {
      n = ids.size + 1;
      ids.set(id, n);
    }
    return `${a}${n}${b}`;
  });
}

/**
 * Apply the patches above to a DOCX package.
 * @param docx bytes written by `Packer`.
 * @returns the patched package, deflated.
 */
export async function patchPackage(docx: Uint8Array, layout: Layout): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  const edit = async (path: string, change: (xml: string) => string) => {
    const file = zip.file(path);
    if (file) zip.file(path, change(await file.async('string')));
  };
  if (layout.mirrorMargins) await edit('word/settings.xml', insertMirrorMargins);
  await edit('word/fontTable.xml', (xml) => addFontEntry(xml, layout.fontFamily));
  await edit('docProps/core.xml', (xml) => fixCoreTimes(xml, DOCX_FIXED_TIME));
  await edit('word/document.xml', stableBookmarkIds);
  for (const name of ['document', 'footnotes']) {
    const main = zip.file(`word/${name}.xml`);
    const rels = zip.file(`word/_rels/${name}.xml.rels`);
    if (!main || !rels) continue;
    const fixed = stableRelationshipIds(await main.async('string'), await rels.async('string'));
    zip.file(`word/${name}.xml`, fixed.xml);
    zip.file(`word/_rels/${name}.xml.rels`, fixed.rels);
  }
  zip.forEach((_path, entry) => {
    entry.date = DOCX_FIXED_TIME;
  });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
