/**
 * Pass `sceneBreaks`: a line of spaced asterisks (`* * *`, Gutenberg's `*       *       *       *`)
 * marks a break between scenes (Chicago Manual of Style 1.56, "space breaks"); it becomes the Markdown
 * thematic break `* * *`, on its own with blank lines around it. A run of such lines with only blank lines
 * between them (Alice's three staggered rows of stars, pg11) is one break. Count: breaks rewritten or merged.
 */
import { SCENE_BREAK } from '../../structure/markdown-syntax.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const ASTERISM = /^\s*(?:\*\s*){3,}$|^\s*⁂\s*$/;

/**
 * Whether some line of the text is an asterism: only the lines holding a `*` or a `⁂` can be (a book has few), so
 * they are found from those characters.
 */
function hasAsterism(text: string): boolean {
  for (const mark of ['*', '⁂']) {
    for (let at = text.indexOf(mark); at >= 0; ) {
      const start = text.lastIndexOf('\n', at) + 1;
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      if (ASTERISM.test(text.slice(start, end))) return true;
      at = text.indexOf(mark, end);
    }
  }
  return false;
}

function markSceneBreaks(text: string, ctx: PassContext): string {
  // With no asterism every line is kept as it is.
  if (!hasAsterism(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let changed = 0;
  let needBlank = false;
  for (const line of lines) {
    if (!ASTERISM.test(line)) {
      // Keep a blank line after a break so it never glues to the next paragraph.
      if (needBlank && line !== '') {
        out.push('');
        changed++;
      }
      needBlank = false;
      out.push(line);
      continue;
    }
    // A second or third row of stars after a break (blank lines between) belongs to the same break.
    let last = out.length - 1;
    while (last >= 0 && out[last] === '') last--;
    if (last >= 0 && out[last] === SCENE_BREAK) {
      out.length = last + 1;
      changed++;
      needBlank = true;
      continue;
    }
    if (line !== SCENE_BREAK) changed++;
    if (out.length > 0 && out[out.length - 1] !== '') {
      out.push('');
      if (line === SCENE_BREAK) changed++;
    }
    out.push(SCENE_BREAK);
    needBlank = true;
  }
  if (changed > 0) ctx.count(changed);
  return out.join('\n');
}

export const markSceneBreaksPass: CleanPass = {
  id: 'sceneBreaks',
  label: 'Scene breaks marked',
  run: markSceneBreaks,
};
