/**
 * Header and footer references in every section of a DOCX after the first that has them.
 *
 * OOXML lets a section without a header or footer reference inherit the previous section's (ECMA-376 Part 1
 * §17.10.5), and the writer defines the furniture once. LibreOffice sets the page after an odd-page section's first
 * page with the first-page header when the section inherits its furniture; when the section names the parts itself
 * (the same parts: a relationship id is the document's, not the section's), LibreOffice 25.2 gives that page its
 * running head and folio. Word reads both the same way.
 */

/** A header or footer reference element: `<w:headerReference w:type="even" r:id="rId7"/>`. */
const REFERENCE = /<w:(header|footer)Reference w:type="(default|first|even)" r:id="[^"]+"\/>/g;

/** Every section's properties: `<w:sectPr>` ... `</w:sectPr>` (the library writes no attributes on it). */
const SECTION = /<w:sectPr>(.*?)<\/w:sectPr>/gs;

/**
 * `documentXml` (word/document.xml) with each section after the first that names header or footer parts naming
 * them all: a reference it lacks (by kind and type) is copied from the nearest section before it that has one, in
 * the schema's place (EG_HdrFtrReferences, first in CT_SectPr §17.6.17: headers, then footers). Sections before the
 * first with references (the title page) keep none. Throws nothing; a document without references comes back as it is.
 */
export function withSectionReferences(documentXml: string): string {
  const current = new Map<string, string>();
  return documentXml.replace(SECTION, (whole, inner: string) => {
    const own = new Map<string, string>();
    for (const m of inner.matchAll(REFERENCE)) own.set(`${m[1]}:${m[2]}`, m[0]);
    if (current.size === 0 && own.size === 0) return whole;
    for (const [key, element] of own) current.set(key, element);
    const rest = inner.replace(REFERENCE, '');
    const kinds = ['header', 'footer'].flatMap((kind) => ['default', 'first', 'even'].map((type) => current.get(`${kind}:${type}`) ?? ''));
    return `<w:sectPr>${kinds.join('')}${rest}</w:sectPr>`;
  });
}
