/**
 * A play's lists before its first act, beside its list of persons (which `clean/passes/mark-verse.ts` finds under its
 * heading): the list of scenes under a heading such as `THE SCENES OF THE PLAY` (Earnest), `SCENES`, `THE SCENE`,
 * one line an act and where it is set (`ACT I. Algernon Moncrieff’s Flat in Half-Moon Street, W.`), and the time and
 * place of the whole play (`TIME: The Present.`, `PLACE: London.`); and the details of a performance above its
 * cast (`LONDON: ST. JAMES’S THEATRE` / `Lessee and Manager: Mr. George Alexander` / `February 14th, 1895`).
 * Printed plays set them as they set the persons, one entry to a line, centred; cleanup writes each as the same
 * `::: persona` container (one paragraph an entry; pass `verse`), so every writer sets them as the lists they are.
 */
import { ACT_TITLE } from './detect-pieces.ts';

/**
 * The heading of a play's list of scenes (an ATX heading line, attributes allowed): `THE SCENES OF THE PLAY`,
 * `Scenes`, `THE SCENE`, `Scene of the Action`. Not a scene heading with its own title (`## SCENE` inside an act is
 * followed by prose, which {@link sceneListEntry} does not take).
 */
export const SCENES_HEADING = /^#+\s+(?:the\s+)?scenes?(?:\s+(?:of|in)\s+the\s+(?:play|drama|comedy|tragedy|action))?\.?(?:\s*\{[^{}]*\})?\s*$/iu;

/** The time or place of the whole play: `TIME: The Present.`, `PLACE: London.`, `Scene: Verona.`. */
const TIME_OR_PLACE = /^(?:time|place|period|scene|the\s+scene)\s*[:.—–-]\s*\S/iu;

/** An entry is one short line: longer text is the description of a scene, prose. */
const MAX_ENTRY_CHARS = 120;

/**
 * The entry a block of a scene list is, or undefined when it is none.
 * @param lines the block's lines as the source sets them (one line expected).
 * @returns the entry, trimmed and with the source's runs of spaces made one (`ACT I.  Algernon` -> `ACT I. Algernon`).
 */
export function sceneListEntry(lines: readonly string[]): string | undefined {
  if (lines.length !== 1) return undefined;
  const line = lines[0]!.trim().replace(/\s+/g, ' ');
  if (line.length === 0 || line.length > MAX_ENTRY_CHARS || line.startsWith(':::')) return undefined;
  // An act and its setting (`ACT I. Algernon ...`), not an act's heading alone (`ACT I.`: that opens the act).
  if (ACT_TITLE.test(line) && /^\S+\s+[IVXLC\d]+\.?\s+\S|^\S+\s+\S+\s*[.:—–-]\s*\S/iu.test(line)) return line;
  return TIME_OR_PLACE.test(line) ? line : undefined;
}

/** A performance's detail is one short line (`Lessee and Manager: Mr. George Alexander`, `February 14th, 1895`). */
const MAX_DETAIL_CHARS = 80;

/**
 * The entry a block is in the section of a performance's cast (a section that holds the cast, after the play's
 * list of persons), or undefined when it is none: a block of one short line (longer text is a note, prose).
 * @param lines the block's lines as the source sets them.
 * @returns the line, trimmed and with the source's runs of spaces made one.
 */
export function performanceDetail(lines: readonly string[]): string | undefined {
  if (lines.length !== 1) return undefined;
  const line = lines[0]!.trim().replace(/\s+/g, ' ');
  return line.length === 0 || line.length > MAX_DETAIL_CHARS || line.startsWith(':::') ? undefined : line;
}
