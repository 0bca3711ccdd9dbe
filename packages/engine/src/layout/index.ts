/**
 * Layout registry: the six formatting templates and the seven style guides of the workspace spec
 * (section 3), by id, as plain data.
 */
import { EngineError } from '../errors.ts';
import type { Layout } from './layout.ts';
import { builtInStyleGuides } from './style-guides/index.ts';
import type { StyleGuideTemplate } from './style-guides/types.ts';
import { builtInTemplates } from './templates/index.ts';
import type { FormattingTemplate } from './templates/types.ts';

/**
 * Every built-in layout by id: `classic-literature`, `modern-fiction`, `devotional`, `philosophy-essays`,
 * `kindle-optimized`, `print-ready-kdp` (templates); `apa-7`, `mla-9`, `chicago`, `harvard`, `kdp-6x9`,
 * `kdp-fiction`, `kdp-nonfiction` (style guides).
 */
export const layouts: Readonly<Record<string, Layout>> = Object.freeze(
  Object.fromEntries([...builtInTemplates, ...builtInStyleGuides].map((entry) => [entry.id, entry.layout])),
);

/**
 * The layout with this id.
 * @throws EngineError `UNKNOWN_FORMAT` when no layout has that id.
 */
export function getLayout(id: string): Layout {
  const layout = Object.hasOwn(layouts, id) ? layouts[id] : undefined;
  if (!layout) throw new EngineError('UNKNOWN_FORMAT', `Unknown layout "${id}"`);
  return layout;
}

/** The six formatting templates (id, name, description, genre, settings, layout), in the spec's order. */
export function listTemplates(): readonly FormattingTemplate[] {
  return builtInTemplates;
}

/** The seven style-guide templates (id, name, styleGuide, category, requirements, layout): academic first. */
export function listStyleGuides(): readonly StyleGuideTemplate[] {
  return builtInStyleGuides;
}
