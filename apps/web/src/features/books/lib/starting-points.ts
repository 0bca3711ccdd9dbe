/**
 * The starting points of Advanced Custom → Templates (workspace spec section 2): the built-in formatting templates,
 * the style guides (built in and uploaded) and the user's custom templates, as one list the form loads settings from.
 */
import { GENRES, type FormattingSettings, type Genre, type StyleGuideTemplate, type TemplateListItem } from '@quire/contracts';

/** One layout the form can start from. `settings` is absent for style guides: the server gives them (preview). */
export type StartingPoint = {
  id: string;
  name: string;
  kind: 'template' | 'guide' | 'custom';
  /** Genre sent with format-advanced and saved with a custom template; style guides have none. */
  genre?: Genre;
  /** The font the layout is actually set in. */
  fontLabel: string;
  settings?: FormattingSettings;
};

/** Built-in templates, then style guides, then the user's custom templates. */
export function toStartingPoints(templates: readonly TemplateListItem[], guides: readonly StyleGuideTemplate[]): StartingPoint[] {
  const fromTemplate = (t: TemplateListItem): StartingPoint => ({
    id: t.id,
    name: t.name,
    kind: t.isBuiltIn ? 'template' : 'custom',
    genre: t.genre,
    fontLabel: t.fontLabel,
    settings: t.settings,
  });
  return [
    ...templates.filter((t) => t.isBuiltIn).map(fromTemplate),
    ...guides.map((g): StartingPoint => ({ id: g.id, name: g.name, kind: 'guide', fontLabel: g.fontLabel })),
    ...templates.filter((t) => !t.isBuiltIn).map(fromTemplate),
  ];
}

/** A book's genre when it is one of the spec's genre values (section 3), else null. */
export function genreOf(value: string | null | undefined): Genre | null {
  return (GENRES as readonly string[]).includes(value ?? '') ? (value as Genre) : null;
}
