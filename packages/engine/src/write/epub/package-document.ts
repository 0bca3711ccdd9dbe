/**
 * The EPUB package document (OPF): metadata, manifest and spine (EPUB 3.3 §5).
 */
import type { BookAssetMediaType, BookMeta, EditorRole } from '../../model/book-document.ts';
import { escapeXml } from '../html/escape.ts';

/** One publication resource listed in the manifest (EPUB 3.3 §5.6.1). */
export interface ManifestItem {
  /** XML id, unique in the package. */
  id: string;
  /** Path relative to the package document. */
  href: string;
  /** Content documents, the style sheet, and images (EPUB 3.3 §3.2 core media types: PNG, JPEG, GIF, WebP). */
  mediaType: 'application/xhtml+xml' | 'text/css' | BookAssetMediaType;
  /** Manifest `properties`, e.g. `nav` (EPUB 3.3 §D.3.2 manifest properties). */
  properties?: string;
  /** Listed in the spine (content documents in reading order). */
  inSpine: boolean;
}

/** Values already decided by the writer (identifier, language, title, time). */
export interface PackageFacts {
  identifier: string;
  title: string;
  language: string;
  /** `dcterms:modified` value. */
  modified: Date;
  /** The publication shows images (figures or a cover): access mode `visual`, feature `alternativeText`. */
  hasImages: boolean;
  /** Some content document holds MathML: accessibility feature `MathML` (schema.org `accessibilityFeature`). */
  hasMath?: boolean;
}

/**
 * Accessibility metadata (EPUB Accessibility 1.1 §2, schema.org accessibility properties; `schema:` is a
 * reserved prefix of EPUB 3, so it is not declared): how the content can be perceived, what helps, that
 * nothing is hazardous, and a summary in words.
 * - `accessMode`: `textual`, plus `visual` when there are images;
 * - `accessModeSufficient`: `textual` (images carry alternative text or captions);
 * - `accessibilityFeature`: `structuralNavigation` (headings), `tableOfContents` (the nav document),
 *   `readingOrder` (spine = logical order), plus `alternativeText` with images;
 * - `accessibilityHazard`: `none` (no flashing, motion or sound).
 */
export function accessibilityMetadata(hasImages: boolean, hasMath = false): string[] {
  const modes = hasImages ? ['textual', 'visual'] : ['textual'];
  const features = [
    'structuralNavigation',
    'tableOfContents',
    'readingOrder',
    ...(hasImages ? ['alternativeText'] : []),
    ...(hasMath ? ['MathML'] : []),
  ];
  const summary =
    'This publication has a navigable table of contents, chapters marked up as headings in reading order, and ' +
    'footnotes linked both ways' + (hasImages ? '; its images have text alternatives or captions' : '') +
    (hasMath ? '; its equations are MathML with their TeX source as alternative text' : '') +
    '. Text can be resized and reflowed; there are no known hazards.';
  return [
    ...modes.map((m) => `<meta property="schema:accessMode">${m}</meta>`),
    '<meta property="schema:accessModeSufficient">textual</meta>',
    ...features.map((f) => `<meta property="schema:accessibilityFeature">${f}</meta>`),
    '<meta property="schema:accessibilityHazard">none</meta>',
    `<meta property="schema:accessibilitySummary">${summary}</meta>`,
  ];
}

/**
 * `CCYY-MM-DDThh:mm:ssZ`, the only form EPUB 3.3 §5.5.6 allows for `dcterms:modified` (UTC, no fraction).
 */
export function modifiedValue(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** MARC relator codes of the editor's roles (Library of Congress, id.loc.gov/vocabulary/relators). */
const EDITOR_RELATOR: Readonly<Record<EditorRole, string>> = { editor: 'edt', annotator: 'ann', compiler: 'com' };

/**
 * MARC relators of the other credits, by their words: illustrator (`ill`), writer of preface (`wpr`), of an
 * introduction (`win`), author of a foreword or other introductory matter (`aui`); else contributor (`ctb`).
 */
const OTHER_RELATORS: ReadonlyArray<[RegExp, string]> = [
  [/illustrat|drawings|pictures|frontispiece|portrait/i, 'ill'],
  [/preface/i, 'wpr'],
  [/introduction/i, 'win'],
  [/foreword/i, 'aui'],
];

/**
 * The contributors as `[id, name, MARC relator]`: the translator (`trl`), the editor (`edt` / `ann` / `com`), the
 * other credits (`Illustrations by Hugh Thomson` -> `ill`).
 */
function contributors(meta: BookMeta): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  const translator = meta.translator?.trim();
  if (translator) out.push(['translator', translator, 'trl']);
  const editor = meta.editor?.trim();
  if (editor) out.push(['editor', editor, EDITOR_RELATOR[meta.editorRole ?? 'editor']]);
  (meta.credits ?? []).forEach((credit, i) => {
    const m = /^(.*?)\bby\s+(.+)$/i.exec(credit.trim());
    if (!m) return;
    const role = OTHER_RELATORS.find(([re]) => re.test(m[1]!))?.[1] ?? 'ctb';
    out.push([`contributor-${i + 1}`, m[2]!.trim(), role]);
  });
  return out;
}

/**
 * The package document as UTF-8 XML text.
 * Metadata: `dc:identifier` (the `unique-identifier`), `dc:title` (with the subtitle and the edition as further
 * titles refined by `title-type`), `dc:creator` (role `aut`, MARC relators) when the author is known, a
 * `dc:contributor` for the translator (`trl`) and the editor (`edt`, `ann`, `com`), `dc:language`,
 * `dcterms:modified`, `dc:rights` for a public-domain text, and when given `dc:publisher`, `dc:date` (the year,
 * W3CDTF `YYYY`), `dc:description`, and one `dc:subject` per subject and keyword.
 * @param items manifest entries in reading order; those with `inSpine` form the spine.
 */
export function packageDocument(meta: BookMeta, facts: PackageFacts, items: readonly ManifestItem[]): string {
  const md: string[] = [];
  md.push(`<dc:identifier id="pub-id">${escapeXml(facts.identifier)}</dc:identifier>`);
  const subtitle = meta.subtitle?.trim();
  const edition = meta.edition?.trim();
  if (subtitle || edition) {
    // Several titles: each says what it is (EPUB 3.3 §D.3.1.6 `title-type`), the main title first.
    md.push(`<dc:title id="title">${escapeXml(facts.title)}</dc:title>`, '<meta refines="#title" property="title-type">main</meta>');
    if (subtitle) md.push(`<dc:title id="subtitle">${escapeXml(subtitle)}</dc:title>`, '<meta refines="#subtitle" property="title-type">subtitle</meta>');
    if (edition) md.push(`<dc:title id="edition">${escapeXml(edition)}</dc:title>`, '<meta refines="#edition" property="title-type">edition</meta>');
  } else {
    md.push(`<dc:title>${escapeXml(facts.title)}</dc:title>`);
  }
  const author = meta.author.trim();
  if (author) {
    md.push(`<dc:creator id="creator">${escapeXml(author)}</dc:creator>`);
    md.push('<meta refines="#creator" property="role" scheme="marc:relators">aut</meta>');
  }
  for (const [id, name, role] of contributors(meta)) {
    md.push(`<dc:contributor id="${id}">${escapeXml(name)}</dc:contributor>`);
    md.push(`<meta refines="#${id}" property="role" scheme="marc:relators">${role}</meta>`);
  }
  md.push(`<dc:language>${escapeXml(facts.language)}</dc:language>`);
  const publisher = meta.publisher?.trim();
  if (publisher) md.push(`<dc:publisher>${escapeXml(publisher)}</dc:publisher>`);
  const year = meta.publicationYear;
  if (year !== undefined && Number.isInteger(year) && year >= 0 && year <= 9999) {
    md.push(`<dc:date>${String(year).padStart(4, '0')}</dc:date>`);
  }
  if (meta.publicDomain) md.push('<dc:rights>The text of this book is in the public domain in the United States.</dc:rights>');
  const description = meta.description?.trim();
  if (description) md.push(`<dc:description>${escapeXml(description)}</dc:description>`);
  const subjects = [...(meta.subjects ?? []), ...(meta.keywords ?? [])].map((s) => s.trim()).filter(Boolean);
  for (const subject of new Set(subjects)) md.push(`<dc:subject>${escapeXml(subject)}</dc:subject>`);
  md.push(`<meta property="dcterms:modified">${modifiedValue(facts.modified)}</meta>`);
  md.push(...accessibilityMetadata(facts.hasImages, facts.hasMath));
  // EPUB 2 reading systems (older Kindles) find the cover by this meta (OPF 2.0.1 §2.4.1 practice).
  if (items.some((i) => i.properties === 'cover-image')) md.push('<meta name="cover" content="cover-image"/>');

  const manifest = items.map(
    (i) =>
      `<item id="${i.id}" href="${escapeXml(i.href)}" media-type="${i.mediaType}"${i.properties ? ` properties="${i.properties}"` : ''}/>`,
  );
  const spine = items.filter((i) => i.inSpine).map((i) => `<itemref idref="${i.id}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id" xml:lang="${escapeXml(facts.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${md.join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`;
}

/** `META-INF/container.xml` pointing at the package document (EPUB 3.3 §4.2.6.3.1). */
export function containerXml(packagePath: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="${escapeXml(packagePath)}" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;
}
