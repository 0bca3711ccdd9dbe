/**
 * The text of a legacy Word document (.doc, Word 97-2003: an OLE2 compound file), well enough to read a style
 * guide's requirements from it.
 *
 * Word 97 keeps the document's text in its `WordDocument` stream as pieces, each either 8-bit (Windows-1252,
 * "compressed") or UTF-16LE ([MS-DOC] 2.4.1, "Retrieving Text"). Instead of following the piece table this
 * scans the file for runs of either encoding that read as prose: runs of at least 16 Windows-1252 characters,
 * mostly letters and spaces, and runs of at least 8 UTF-16LE characters of Latin script. Paragraph marks (CR),
 * cell marks and field delimiters become line breaks; field instructions (`PAGE`, `TOC \o`) and the style and
 * font names kept in other streams come out as short lines of their own, which the requirement reader does not
 * take for sentences about the text.
 */
import { EngineError } from '../../errors.ts';

/** The OLE2 compound file signature ([MS-CFB] 2.2). */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Windows-1252's 0x80-0x9F (the rest of the range 0xA0-0xFF is Latin-1). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function cp1252Char(byte: number): string {
  return byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : String.fromCharCode(byte);
}

/** A byte that can be part of 8-bit prose: printable ASCII, tab, CR, typographic quotes and dashes, Latin-1. */
function isProseByte(b: number): boolean {
  return (b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0d || b === 0x0b || (b >= 0x91 && b <= 0x97) || b === 0x85 || (b >= 0xa0 && b <= 0xff);
}

/** A UTF-16 code unit that can be part of prose: printable ASCII, Latin-1 and Latin Extended-A, punctuation. */
function isProseUnit(u: number): boolean {
  return (u >= 0x20 && u <= 0x7e) || u === 0x09 || u === 0x0d || u === 0x0b || (u >= 0xa0 && u <= 0x17f) || (u >= 0x2010 && u <= 0x2026);
}

/** Whether a run reads as prose: enough letters, and at least one space (a word, not an identifier). */
function readsAsProse(run: string): boolean {
  const letters = (run.match(/\p{L}/gu) ?? []).length;
  return run.includes(' ') && letters >= run.length * 0.55;
}

/** Word's field begin, separator and end marks ([MS-DOC] 2.8.25): the instruction sits between the first two. */
const FIELD_BEGIN = 0x13;
const FIELD_SEPARATOR = 0x14;
const FIELD_END = 0x15;
/** Paragraph mark (CR), line break (VT) and cell mark (BEL): line breaks in the text. */
const BREAKS = new Set([0x0d, 0x0b, 0x07]);

/** Turns Word's control characters into line breaks and drops field instructions (`\x13 PAGE \x14`). */
function tidy(run: string): string {
  let out = '';
  let inInstruction = false;
  for (const ch of run) {
    const code = ch.charCodeAt(0);
    if (code === FIELD_BEGIN) inInstruction = true;
    else if (code === FIELD_SEPARATOR) inInstruction = false;
    else if (code === FIELD_END) {
      inInstruction = false;
      out += '\n';
    } else if (inInstruction) continue;
    else if (BREAKS.has(code)) out += '\n';
    else if (code >= 0x20 || code === 0x09) out += ch;
  }
  return out;
}

/**
 * The prose of a Word 97-2003 document, paragraphs on their own lines: the 8-bit runs, then the UTF-16 runs,
 * each in file order.
 * @throws EngineError `UNREADABLE_INPUT` when the bytes are not an OLE2 compound file or hold no prose.
 */
export function readWordDocText(bytes: Uint8Array): string {
  if (bytes.length < 512 || !OLE2_SIGNATURE.every((b, i) => bytes[i] === b)) {
    throw new EngineError('UNREADABLE_INPUT', 'This file is not a Word 97-2003 (.doc) document.');
  }
  const runs: string[] = [];
  // 8-bit runs.
  let start = -1;
  for (let i = 0; i <= bytes.length; i++) {
    const prose = i < bytes.length && isProseByte(bytes[i]!);
    if (prose && start < 0) start = i;
    if (!prose && start >= 0) {
      if (i - start >= 16) {
        let run = '';
        for (let j = start; j < i; j++) run += cp1252Char(bytes[j]!);
        if (readsAsProse(run)) runs.push(run);
      }
      start = -1;
    }
  }
  // UTF-16LE runs, at both alignments.
  for (const offset of [0, 1]) {
    let run = '';
    for (let i = offset; i + 1 < bytes.length; i += 2) {
      const unit = bytes[i]! | (bytes[i + 1]! << 8);
      if (isProseUnit(unit)) {
        run += String.fromCharCode(unit);
        continue;
      }
      if (run.length >= 8 && readsAsProse(run)) runs.push(run);
      run = '';
    }
    if (run.length >= 8 && readsAsProse(run)) runs.push(run);
  }
  const text = runs
    .map(tidy)
    .join('\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  if (text.length === 0) throw new EngineError('UNREADABLE_INPUT', 'No text could be read from this Word document.');
  return text;
}
