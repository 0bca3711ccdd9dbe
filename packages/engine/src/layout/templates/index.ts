/** The six formatting templates of the workspace spec (section 3), in the spec's order. */
import { classicLiterature } from './classic-literature.ts';
import { devotional } from './devotional.ts';
import { kindleOptimized } from './kindle-optimized.ts';
import { modernFiction } from './modern-fiction.ts';
import { philosophyEssays } from './philosophy-essays.ts';
import { printReadyKdp } from './print-ready-kdp.ts';
import type { FormattingTemplate } from './types.ts';

export const builtInTemplates: readonly FormattingTemplate[] = [
  classicLiterature,
  modernFiction,
  devotional,
  philosophyEssays,
  kindleOptimized,
  printReadyKdp,
];
