/**
 * Pass `dashes`: the typewriter's dashes become the em dash (Chicago Manual of Style 6.85: set closed,
 * without spaces; Standard Ebooks `typography.py`). Plain-text e-texts type `--` (Project Gutenberg's
 * convention) or `---` for the em dash, and `----` or more for the 2-em dash of an omitted word or name
 * (`Mr. ----`, Chicago 6.95), which becomes `——`. Single spaces around a `--` between words are dropped
 * (`peace -- and` -> `peace—and`). Lines made only of hyphens (a Markdown thematic break) are left alone.
 * Count: dashes replaced.
 */
import { DELIMITER_ROW } from '../../structure/detect-tables.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const DASH_RUN = /( ?)(-{2,})( ?)/g;

function normalizeDashes(text: string, ctx: PassContext): string {
  if (!text.includes('--')) return text;
  let changed = 0;
  const out = text
    .split('\n')
    .map((line) => {
      // A rule of hyphens, or a pipe table's delimiter row (`| --- | ---: |`, `passes/mark-tables.ts`), is no dash.
      if (!line.includes('--') || /^\s*-+\s*$/.test(line) || DELIMITER_ROW.test(line)) return line;
      return line.replace(DASH_RUN, (m: string, before: string, run: string, after: string, offset: number, s: string) => {
        changed++;
        const dash = run.length >= 4 ? '——' : '—';
        // Keep a space at a line's edge side only when the other side has no word (`said --` at the end).
        const atStart = offset === 0;
        const atEnd = offset + m.length === s.length;
        if (atStart || atEnd) return `${atStart ? '' : before}${dash}${atEnd ? '' : after}`;
        // `Mr. ---- said`: a 2-em dash standing for a name keeps its spaces.
        return run.length >= 4 ? `${before}${dash}${after}` : dash;
      });
    })
    .join('\n');
  if (changed === 0) return text;
  ctx.count(changed);
  return out;
}

export const normalizeDashesPass: CleanPass = {
  id: 'dashes',
  label: 'Double hyphens turned into em dashes',
  run: normalizeDashes,
};
