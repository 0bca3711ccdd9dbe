/**
 * What the style-guide upload accepts before any byte is sent: the contract's `STYLE_GUIDE_UPLOAD_EXTENSIONS`
 * (.pdf, .doc, .docx; workspace spec section 5, "Style-guide upload accepts .pdf, .doc, .docx") and
 * `STYLE_GUIDE_MAX_BYTES` (10 MB). The server answers 415 and 413 for the same cases.
 */
import { STYLE_GUIDE_MAX_BYTES, STYLE_GUIDE_UPLOAD_EXTENSIONS } from '@quire/contracts';

/** The `accept` attribute of the file input: `.pdf,.doc,.docx`. */
export const STYLE_GUIDE_ACCEPT = STYLE_GUIDE_UPLOAD_EXTENSIONS.join(',');

/** The extension of a file name, lower case with its dot (`.docx`), or '' when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Why a chosen file cannot be uploaded as a style guide, or null when it can. A dropped file skips the picker's
 * `accept` filter, so the type is checked here too.
 * @param file name and size in bytes.
 */
export function styleGuideFileProblem(file: { name: string; size: number }): string | null {
  if (!(STYLE_GUIDE_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return 'Please choose a PDF or Word document (.pdf, .doc or .docx).';
  }
  if (file.size > STYLE_GUIDE_MAX_BYTES) return 'The file is too large. Please use files smaller than 10MB.';
  return null;
}
