/**
 * A style-guide template of the workspace spec (section 3, "Style-guide template": id, name, styleGuide,
 * category, optional university, isBuiltIn, requirements), with the layout that does what it requires.
 */
import type { FolioPosition, Layout } from '../layout.ts';

/**
 * What a style guide requires, in the spec's shape (section 3, "Requirements"). Margins in inches; font
 * size in points; `font.lineHeight` and `spacing.line` as multiples (2 = double spacing); `spacing.paragraph`
 * in points between paragraphs. `font.family` is the face the guide names (e.g. Times New Roman); the layout
 * sets it in a shipped stand-in (`fonts.ts`).
 */
export interface StyleGuideRequirements {
  margins: { top: number; bottom: number; left: number; right: number };
  font: { family: string; size: number; lineHeight: number };
  spacing: { paragraph: number; line: number };
  /** Section headings: how they look, and whether they are numbered. */
  headers: { style: string; numbering: boolean };
  /** Citation style, in-text form and the name of the list of sources (`none` for books). */
  citations: { style: string; inText: string; bibliography: string };
  /** Where page numbers sit and how they read. */
  pageNumbers: { position: FolioPosition; format: 'arabic' | 'roman-then-arabic' | 'surname-arabic' };
  titlePage: boolean;
  tableOfContents: boolean;
  abstract: boolean;
  acknowledgments: boolean;
  appendices: boolean;
}

export interface StyleGuideTemplate {
  id: string;
  name: string;
  /** The guide's short name: APA, MLA, Chicago, Harvard, KDP. */
  styleGuide: string;
  category: 'academic' | 'publishing';
  university?: string;
  isBuiltIn: true;
  requirements: StyleGuideRequirements;
  layout: Layout;
}
