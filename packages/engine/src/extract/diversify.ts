/**
 * Choosing the passages to return among those above the threshold: never two that overlap, and not all from
 * one section when others treat the topic.
 *
 * 1. Per section, the section or its windows, never both. The whole section when it passes and is short enough
 *    to read as one passage ({@link WHOLE_SECTION_WORDS}), or when the topic runs through it: two thirds of its
 *    windows pass (a section that treats the topic in some places only is better shown by those places). Else its windows, best first, each
 *    kept only if it overlaps none kept before.
 * 2. Across sections, maximal marginal relevance (Carbonell and Goldstein 1998) with redundancy measured by
 *    source: each passage already taken from a section multiplies the others' value by {@link SAME_SECTION_DECAY},
 *    so a second window of a chapter comes after the best passages of other chapters unless it is much better.
 */
import { rangesOverlap } from './passage-id.ts';
import type { Segmentation } from './passages.ts';
import type { ScoredPassage } from './relevance.ts';

/** A section of at most this many words is returned whole rather than as windows (about five printed pages). */
export const WHOLE_SECTION_WORDS = 1500;

/** How much each passage already taken from the same section lowers a passage's value in the ordering. */
export const SAME_SECTION_DECAY = 0.8;

/** Picks at most `max` passages from `candidates` (all above the threshold), in the order to show them. */
export function diversify(candidates: readonly ScoredPassage[], seg: Segmentation, max: number): ScoredPassage[] {
  const bySection = new Map<number, ScoredPassage[]>();
  for (const c of candidates) {
    const s = seg.passages[c.passage]!.section;
    const list = bySection.get(s);
    if (list) list.push(c);
    else bySection.set(s, [c]);
  }

  const pool: ScoredPassage[] = [];
  for (const [s, list] of bySection) {
    const whole = list.find((c) => c.passage === s);
    const windows = list.filter((c) => c.passage !== s).sort((a, b) => b.relevance - a.relevance || a.passage - b.passage);
    const bestWindow = windows[0]?.relevance ?? 0;
    const allWindows = seg.sectionPassages[s]!.length - 1;
    // The topic runs through the section when two thirds of its windows pass, or when no window passes alone.
    const runsThrough = 3 * windows.length >= 2 * allWindows || bestWindow === 0;
    if (whole && (seg.sections[s]!.wordCount <= WHOLE_SECTION_WORDS || runsThrough)) {
      pool.push(whole);
      continue;
    }
    const kept: ScoredPassage[] = [];
    for (const w of windows) {
      const p = seg.passages[w.passage]!;
      if (!kept.some((k) => rangesOverlap(seg.passages[k.passage]!, p))) kept.push(w);
    }
    pool.push(...kept);
  }

  const taken = new Map<number, number>();
  const out: ScoredPassage[] = [];
  const left = new Set(pool);
  while (out.length < max && left.size > 0) {
    let best: ScoredPassage | undefined;
    let bestValue = -1;
    for (const c of left) {
      const value = c.relevance * SAME_SECTION_DECAY ** (taken.get(seg.passages[c.passage]!.section) ?? 0);
      if (value > bestValue || (value === bestValue && best !== undefined && c.passage < best.passage)) {
        best = c;
        bestValue = value;
      }
    }
    if (!best) break;
    left.delete(best);
    out.push(best);
    const s = seg.passages[best.passage]!.section;
    taken.set(s, (taken.get(s) ?? 0) + 1);
  }
  return out;
}
