/**
 * Uploaded style guides (workspace spec section 5): the text of a guide (`readWordDocText` for legacy .doc;
 * the PDF and DOCX readers for the others), the requirements it states (`extractStyleGuideRequirements`) and
 * the layout that follows them (`styleGuideLayout`).
 */
export { extractStyleGuideRequirements, type ExtractedStyleGuide, type StyleGuideFindings, type StyleGuideBase } from './extract.ts';
export { styleGuideLayout, shippedFamilyFor } from './to-layout.ts';
export { readWordDocText } from './word-doc.ts';
