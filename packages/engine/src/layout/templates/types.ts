/**
 * A formatting template of the workspace spec (section 3, "Formatting template": id, name, description,
 * genre, settings), with the full layout its settings are a view of.
 */
import type { Layout } from '../layout.ts';
import { layoutToSettings, type FormattingSettings } from '../settings.ts';

/** The spec's genre values (section 3). */
export type TemplateGenre = 'literature' | 'philosophy' | 'devotional' | 'history' | 'biography' | 'general';

export interface FormattingTemplate {
  id: string;
  name: string;
  description: string;
  genre: TemplateGenre;
  layout: Layout;
  /** The spec's settings view of `layout` (`layoutToSettings`). */
  settings: FormattingSettings;
}

/** A template from its layout: id and name are the layout's, settings its settings view. */
export function defineTemplate(layout: Layout, description: string, genre: TemplateGenre): FormattingTemplate {
  return { id: layout.id, name: layout.name, description, genre, layout, settings: layoutToSettings(layout) };
}
