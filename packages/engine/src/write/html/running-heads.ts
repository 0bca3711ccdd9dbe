/**
 * What the running heads of a book say on verso and recto pages, from the layout (`runningHeads`,
 * `runningHeadVerso`, `runningHeadRecto`), for the print HTML and the DOCX writer.
 */
import type { Layout } from '../../layout/layout.ts';
import type { BookMeta } from '../../model/book-document.ts';
import { runningHeadText } from '../layout-text.ts';

/**
 * Texts of the running heads: a plain string (as typed; letter case is the writer's business), `''` for no
 * head, or undefined for the current chapter's title (which the writer fills in per page).
 */
export interface RunningHeads {
  verso: string | undefined;
  recto: string | undefined;
}

/**
 * The running heads of `meta` under `layout`: none when `runningHeads` is off; one-sided layouts show the
 * verso content on every page (`layout.ts`, `runningHeadVerso`).
 */
export function runningHeads(meta: BookMeta, layout: Layout): RunningHeads {
  if (!layout.runningHeads) return { verso: '', recto: '' };
  const verso = runningHeadText(layout.runningHeadVerso, meta);
  const recto = layout.mirrorMargins ? runningHeadText(layout.runningHeadRecto, meta) : verso;
  return { verso, recto };
}
