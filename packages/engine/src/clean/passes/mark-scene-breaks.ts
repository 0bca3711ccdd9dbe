/**
 * Pass `sceneBreaks`: a line of spaced asterisks (`* * *`, Gutenberg's `*       *       *       *`)
 * marks a break between scenes (Chicago Manual of Style 1.56, "space breaks"); it becomes the Markdown
 * thematic break `* * *`, on its own with blank lines around it. Count: breaks rewritten.
 */
import { SCENE_BREAK } from '../../structure/markdown-syntax.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const ASTERISM = /^\s*(?:\*\s*){3,}$|^\s*⁂\s*$/;

function markSceneBreaks(text: string, ctx: PassContext): string {
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
