/**
 * The few Markdown shapes that cleanup writes and must recognise again when it runs on its own output
 * (cleanup is idempotent): ATX headings, the `::: verse` container, the `* * *` scene break.
 * The convention itself is described in `../model/README.md` ("Markdown convention").
 */

/** An ATX heading line (`# Title`, `## Section`), CommonMark 4.2. */
export const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** The opening fence of a verse container (markdown-it-container with the name `verse`). */
export const VERSE_OPEN = /^ {0,3}:::\s*verse\s*$/;
/** The closing fence of a container. */
export const CONTAINER_CLOSE = /^ {0,3}:::\s*$/;
/** The scene-break line cleanup writes (a CommonMark thematic break). */
export const SCENE_BREAK = '* * *';

/** True for an ATX heading line. */
export function isHeadingLine(line: string): boolean {
  return HEADING_LINE.test(line);
}

/** True for the `* * *` scene-break line (any thematic break made of asterisks). */
export function isSceneBreakLine(line: string): boolean {
  return /^ {0,3}\*(?:[ \t]*\*){2,}[ \t]*$/.test(line);
}
