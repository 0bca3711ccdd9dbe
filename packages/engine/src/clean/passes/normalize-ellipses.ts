/**
 * Pass `ellipses`: three full stops, typed close (`...`) or spaced (`. . .`), become the ellipsis
 * character … (U+2026; Standard Ebooks `typography.py`; Chicago 13.50 sets the points as one unit that
 * never breaks across lines). Runs of four or more stops (dot leaders of a contents list, `....`) are
 * left alone, as they are not an ellipsis. Count: ellipses written.
 */
import type { CleanPass, PassContext } from '../pass.ts';

const CLOSE = /(?<![.…])\.{3}(?![.…])/g;
const SPACED = /(?<![.…] ?)\. \. \.(?! ?[.…])/g;

function normalizeEllipses(text: string, ctx: PassContext): string {
  if (!text.includes('...') && !text.includes('. . .')) return text;
  let changed = 0;
  // Each pattern needs its dots in a row: a text without them is not searched (a regex that opens with a
  // look-behind is tried at every position).
  let out = text;
  if (out.includes('...')) {
    out = out.replace(CLOSE, () => {
      changed++;
      return '…';
    });
  }
  if (out.includes('. . .')) {
    out = out.replace(SPACED, () => {
      changed++;
      return '…';
    });
  }
  if (changed === 0) return text;
  ctx.count(changed);
  return out;
}

export const normalizeEllipsesPass: CleanPass = {
  id: 'ellipses',
  label: 'Three dots turned into an ellipsis',
  run: normalizeEllipses,
};
