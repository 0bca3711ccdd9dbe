/**
 * Pass `italicPunctuation`: a lone punctuation mark wrapped in underscores (`[Languidly_._]`), which
 * Project Gutenberg transcribers used to record that the full stop after an italic word was itself
 * italic, becomes the bare mark. Markdown cannot read `_._` inside a word as emphasis, so it would be
 * printed literally; and an italic full stop looks the same as a roman one (Chicago 6.3 sets
 * punctuation in the style of the surrounding text anyway). Count: marks unwrapped.
 */
import type { CleanPass, PassContext } from '../pass.ts';

// After a letter or closing bracket, and not before a letter: `_A_,_B_` (two italic words) is left alone.
const ITALIC_MARK = /(?<=[\p{L}\])])_([.,;:!?])_(?!\p{L})/gu;

function unmarkItalicPunctuation(text: string, ctx: PassContext): string {
  if (!text.includes('_')) return text;
  let changed = 0;
  const out = text.replace(ITALIC_MARK, (_match, mark: string) => {
    changed++;
    return mark;
  });
  if (changed === 0) return text;
  ctx.count(changed);
  return out;
}

export const unmarkItalicPunctuationPass: CleanPass = {
  id: 'italicPunctuation',
  label: 'Italic marks around a lone punctuation mark removed',
  run: unmarkItalicPunctuation,
};
