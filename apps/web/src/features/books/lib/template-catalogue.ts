/**
 * What the Template Formatting sub-tab shows about a template or style guide (workspace spec section 2,
 * "Format tab, three sub-tabs"): the font actually used, the key requirements, and the search filter.
 */
import type { FormattingSettings, StyleGuideTemplate, TemplateListItem } from '@quire/contracts';

/** Inches as the UI writes them: `1 in`, `0.875 in`. */
function inches(n: number): string {
  return `${Number(n.toFixed(3))} in`;
}

/** Margins `top/bottom/left/right` in inches: `1 in all sides` when equal, else each side named. */
export function marginsLabel(m: { top: number; bottom: number; left: number; right: number }): string {
  if (m.top === m.bottom && m.top === m.left && m.top === m.right) return `${inches(m.top)} all sides`;
  return `${inches(m.top)} top, ${inches(m.bottom)} bottom, ${inches(m.left)} left, ${inches(m.right)} right`;
}

const POSITION_LABEL: Readonly<Record<string, string>> = {
  'top-center': 'top centre',
  'bottom-center': 'bottom centre',
  'bottom-right': 'bottom right',
  'top-right': 'top right',
  'bottom-outside': 'bottom outside',
  'top-outside': 'top outside',
  none: 'none',
};

/** One labelled line of a card, e.g. `{ label: 'Margins', value: '1 in all sides' }`. */
export interface RequirementLine {
  label: string;
  value: string;
}

/** The key requirements of a style guide: margins, font and size, spacing, page numbers. */
export function styleGuideLines(guide: StyleGuideTemplate): RequirementLine[] {
  const r = guide.requirements;
  return [
    { label: 'Margins', value: marginsLabel(r.margins) },
    // The server names the font actually used (the engine's font registry), e.g. Times New Roman set in Tinos.
    { label: 'Font', value: `${guide.fontLabel}, ${r.font.size}\u00a0pt` },
    { label: 'Spacing', value: r.spacing.line >= 2 ? 'Double-spaced' : `Line height ${r.spacing.line}` },
    { label: 'Page numbers', value: POSITION_LABEL[r.pageNumbers.position] ?? r.pageNumbers.position },
  ];
}

/** The flags a style guide requires (`Title page`, `Abstract`, ...), in the spec's order. */
export function styleGuideFlags(guide: StyleGuideTemplate): string[] {
  const r = guide.requirements;
  const flags: [boolean, string][] = [
    [r.titlePage, 'Title page'],
    [r.abstract, 'Abstract'],
    [r.tableOfContents, 'Table of contents'],
    [r.appendices, 'Appendices'],
  ];
  return flags.filter(([on]) => on).map(([, label]) => label);
}

const PAGE_SIZE_LABEL: Readonly<Record<FormattingSettings['pageSize'], string>> = {
  letter: 'US Letter',
  a4: 'A4',
  kindle: 'Kindle',
  custom: 'Custom trim',
};

/** The key settings of a formatting template: page, margins, font and size, spacing, page numbers. */
export function templateLines(template: Pick<TemplateListItem, 'settings' | 'fontLabel'>): RequirementLine[] {
  const s = template.settings;
  const page = s.pageSize === 'custom' && s.trimSize ? `${s.trimSize.replace('x', ' x ')} in` : PAGE_SIZE_LABEL[s.pageSize];
  return [
    { label: 'Page', value: page },
    { label: 'Margins', value: marginsLabel({ top: s.marginTop, bottom: s.marginBottom, left: s.marginLeft, right: s.marginRight }) },
    { label: 'Font', value: `${template.fontLabel}, ${s.fontSize}\u00a0pt` },
    { label: 'Spacing', value: `Line height ${s.lineHeight}` },
    {
      label: 'Page numbers',
      value: s.includePageNumbers ? (POSITION_LABEL[s.pageNumberPosition] ?? s.pageNumberPosition) : 'none',
    },
  ];
}

/** Whether `query` (trimmed, case-insensitive) occurs in any of `fields`; a blank query matches everything. */
function matches(query: string, fields: readonly (string | undefined)[]): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return fields.some((f) => f !== undefined && f.toLocaleLowerCase().includes(q));
}

/** Formatting templates whose name or description contains `query` (case-insensitive). */
export function filterTemplates<T extends Pick<TemplateListItem, 'name' | 'description'>>(items: readonly T[], query: string): T[] {
  return items.filter((t) => matches(query, [t.name, t.description]));
}

/** Style guides whose name, style guide or university contains `query` (case-insensitive); they have no description. */
export function filterStyleGuides<T extends Pick<StyleGuideTemplate, 'name' | 'styleGuide' | 'university'>>(items: readonly T[], query: string): T[] {
  return items.filter((g) => matches(query, [g.name, g.styleGuide, g.university]));
}
