/** The seven built-in style-guide templates of the workspace spec (section 3): academic, then publishing. */
import { apa7 } from './apa-7.ts';
import { chicago } from './chicago.ts';
import { harvard } from './harvard.ts';
import { kdp6x9 } from './kdp-6x9.ts';
import { kdpFiction } from './kdp-fiction.ts';
import { kdpNonfiction } from './kdp-nonfiction.ts';
import { mla9 } from './mla-9.ts';
import type { StyleGuideTemplate } from './types.ts';

export const builtInStyleGuides: readonly StyleGuideTemplate[] = [apa7, mla9, chicago, harvard, kdp6x9, kdpFiction, kdpNonfiction];
