/**
 * The few Markdown shapes that cleanup writes and must recognise again when it runs on its own output
 * (cleanup is idempotent): ATX headings, the `::: verse` and other containers, the `* * *` scene break.
 * The convention itself is described in `../model/README.md` ("Markdown convention").
 */

/** An ATX heading line (`# Title`, `## Section`), CommonMark 4.2. */
export const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/**
 * The opening fence of a container cleanup writes (markdown-it-container): `::: verse`, `::: speech NAME`,
 * `::: stage`, `::: dateline`, `::: salutation`, `::: signature`, `::: persona`, `::: ending`. Text passes keep such a container as
 * one block and leave its lines as they are (verse keeps its line breaks; the others are written from
 * already unwrapped and escaped paragraphs).
 */
export const CONTAINER_OPEN = /^ {0,3}:::\s*(?:verse|speech\s+\S.*|stage|dateline|salutation|signature|persona|ending)\s*$/;
/** Same as {@link CONTAINER_OPEN} (the name text passes know it by): every cleanup container is kept like verse. */
export const VERSE_OPEN = CONTAINER_OPEN;
/** The opening fence of a speech container; group 1 is the speaker's name. */
export const SPEECH_OPEN = /^ {0,3}:::\s*speech\s+(\S.*?)\s*$/;
/** The closing fence of a container. */
export const CONTAINER_CLOSE = /^ {0,3}:::\s*$/;
/** The scene-break line cleanup writes (a CommonMark thematic break). */
export const SCENE_BREAK = '* * *';

/** JavaScript's line terminators: where `^` and `$` of a multiline regex match. */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * True when some line of `text` is an ATX heading line (what `/^ {0,3}#{1,6}(?:[ \t]|$)/m` finds), found from the
 * text's `#` characters: a multiline regex tries every line start of a book.
 */
export function hasHeadingLine(text: string): boolean {
  for (let hash = text.indexOf('#'); hash >= 0; hash = text.indexOf('#', hash + 1)) {
    // Up to three spaces between the line start and the first `#`.
    let start = hash;
    while (start > 0 && hash - start < 3 && text.charCodeAt(start - 1) === 32) start--;
    if (start > 0 && !isLineTerminator(text.charCodeAt(start - 1))) continue;
    let end = hash;
    while (text.charCodeAt(end) === 35) end++;
    if (end - hash > 6) {
      hash = end - 1;
      continue;
    }
    const after = text.charCodeAt(end);
    if (end === text.length || after === 32 || after === 9 || isLineTerminator(after)) return true;
    hash = end - 1;
  }
  return false;
}

/** True for an ATX heading line (one opens with a space or `#`: other lines are told by their first character). */
export function isHeadingLine(line: string): boolean {
  const first = line.charCodeAt(0);
  return (first === 35 || first === 32) && HEADING_LINE.test(line);
}

/** True for the `* * *` scene-break line (any thematic break made of asterisks; it opens with a space or `*`). */
export function isSceneBreakLine(line: string): boolean {
  const first = line.charCodeAt(0);
  return (first === 42 || first === 32) && /^ {0,3}\*(?:[ \t]*\*){2,}[ \t]*$/.test(line);
}
