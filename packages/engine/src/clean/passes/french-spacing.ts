/**
 * Pass `frenchSpaces`: in a French book (`meta.language` `fr`, `fr-CA`, ...), the spaces that French
 * typography puts inside its punctuation must not break a line, or a `?` or a `»` ends up alone at the
 * start of a line. Following the Lexique des règles typographiques en usage à l'Imprimerie nationale
 * (and Unicode TR14's note on U+202F for French):
 * - before `;` `!` `?` and `»`, after `«`: a narrow no-break space (U+202F, "espace fine insécable");
 * - before `:`: a no-break space (U+00A0, "espace insécable"), as the Lexique asks a full space there.
 * An existing space (or no-break space of the other kind) is replaced; a missing one is added only
 * inside guillemets and before `;` `!` `?` that follow a letter (never inside `http://` or `10:30`).
 * Other languages are left alone. Count: spaces set.
 */
import type { CleanPass, PassContext } from '../pass.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

function frenchSpacing(text: string, ctx: PassContext): string {
  const lang = (ctx.meta.language ?? '').toLowerCase();
  if (lang !== 'fr' && !lang.startsWith('fr-')) return text;
  let changed = 0;
  const set = (want: string) => (m: string, space: string, mark: string) => {
    const replaced = mark === '«' ? `${mark}${want}` : `${want}${mark}`;
    if (space === want) return m;
    changed++;
    return replaced;
  };
  const out = text
    .split('\n')
    .map((line) => {
      if (/^ {0,3}(?::::|#)/.test(line) && !/^ {0,3}#+\s/.test(line)) return line;
      return line
        .replace(/(?<=\p{L}|[.)»”’…])([ \u00a0\u202f]?)([;!?])(?=\s|$|[»”’)])/gu, set(NNBSP))
        .replace(/(?<=\S)([ \u00a0\u202f])(:)(?=\s|$)/gu, set(NBSP))
        .replace(/(?<=\S)([ \u00a0\u202f]?)(»)/gu, set(NNBSP))
        .replace(/(«)([ \u00a0\u202f]?)(?=\S)/gu, (m: string, mark: string, space: string) => {
          if (space === NNBSP) return m;
          changed++;
          return `${mark}${NNBSP}`;
        });
    })
    .join('\n');
  if (changed === 0) return text;
  ctx.count(changed);
  return out;
}

export const frenchSpacingPass: CleanPass = {
  id: 'frenchSpaces',
  label: 'No-break spaces set before French punctuation (; : ! ? « »)',
  run: frenchSpacing,
};
