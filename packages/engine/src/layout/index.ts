import { EngineError } from '../errors.ts';
import { kdp6x9Layout } from './kdp-6x9.ts';
import type { Layout } from './layout.ts';

/** Registry of layouts by id (plain data). Later issues add templates and style guides here. */
export const layouts: Readonly<Record<string, Layout>> = {
  [kdp6x9Layout.id]: kdp6x9Layout,
};

/**
 * The layout with this id.
 * @throws EngineError `UNKNOWN_FORMAT` when no layout has that id.
 */
export function getLayout(id: string): Layout {
  const layout = layouts[id];
  if (!layout) throw new EngineError('UNKNOWN_FORMAT', `Unknown layout "${id}"`);
  return layout;
}
