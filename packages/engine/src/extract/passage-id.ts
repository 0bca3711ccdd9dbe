/**
 * Passage ids: `s<N>` names the N-th section whole (1-based), `s<N>:<a>-<b>` its top-level blocks a to b-1
 * (0-based, `a < b`, within the section). Any range of a section's blocks is a valid id, not only the windows
 * the index scored, so an id stays meaningful for the same text whatever the window sizes.
 */
import type { Segmentation } from './passages.ts';

/** A run of blocks of one section: `section` 0-based into `Segmentation.sections`, blocks `from` to `to - 1`. */
export interface PassageRange {
  section: number;
  from: number;
  to: number;
}

/** True when two runs of blocks of the same section share a block (`to` exclusive). */
export function rangesOverlap(a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  return a.from < b.to && b.from < a.to;
}

const ID = /^s([1-9][0-9]{0,5})(?::(0|[1-9][0-9]{0,6})-([1-9][0-9]{0,6}))?$/;

/**
 * The blocks an id names in this text, widened to the whole section when `widen`; undefined when the id is
 * malformed, names no section, or a range outside its section.
 */
export function resolvePassageId(seg: Segmentation, id: string, widen = false): PassageRange | undefined {
  const m = ID.exec(id);
  if (!m) return undefined;
  const section = Number(m[1]) - 1;
  const s = seg.sections[section];
  if (!s) return undefined;
  const n = s.blockWords.length;
  if (widen || m[2] === undefined) return { section, from: 0, to: n };
  const from = Number(m[2]);
  const to = Number(m[3]);
  if (from >= to || to > n) return undefined;
  return { section, from, to };
}
