/**
 * Pass `pageMarkers`: page numbers of the printed edition that transcribers leave inside the text.
 * - `[Pg 23]`, `[Pg xii]`, `[Page 23]`, `[p. 23]` (Project Gutenberg texts made from HTML editions,
 *   where the page anchors become bracketed markers)
 * - [ ] `{23}` braces are left alone: pg131 The Pilgrim's Progress uses `{1}` as section numbers (`{1} When
 *   at the first I took my pen in hand`), which are content, and once cleanup has unwrapped a paragraph a
 *   section number can no longer be told from a page marker (removing them would not be idempotent).
 * A line left empty by the removal is removed. Count: markers removed.
 */
import type { CleanPass, PassContext } from '../pass.ts';

const BRACKET_MARKER = / ?\[(?:Pg|Page|p)\.? ?(?:\d{1,4}|[ivxlcdm]{1,8})\] ?/gi;

function replaceMarker(match: string, offset: number, line: string): string {
  // Keep one space between the words around the marker, none at a line's edge.
  if (offset === 0 || offset + match.length === line.length) return '';
  return match.startsWith(' ') || match.endsWith(' ') ? ' ' : '';
}

/** A marker without the spaces around it: a text with none keeps every line (one search instead of one a line). */
const ANY_MARKER = /\[(?:Pg|Page|p)\.? ?(?:\d{1,4}|[ivxlcdm]{1,8})\]/i;

function stripPageMarkers(text: string, ctx: PassContext): string {
  if (!ANY_MARKER.test(text)) return text;
  let removed = 0;
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    let next = line;
    if (next.includes('[')) {
      next = next.replace(BRACKET_MARKER, (m: string, offset: number, s: string) => {
        removed++;
        return replaceMarker(m, offset, s);
      });
    }
    if (next !== line && next.trim() === '') continue;
    out.push(next);
  }
  if (removed === 0) return text;
  ctx.count(removed);
  return out.join('\n');
}

export const stripPageMarkersPass: CleanPass = {
  id: 'pageMarkers',
  label: 'Page-number markers of the printed edition removed ([Pg 23])',
  run: stripPageMarkers,
};
