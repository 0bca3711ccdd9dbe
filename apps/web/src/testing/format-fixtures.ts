/**
 * Answers of the formatting API for component tests, in the contracts' shapes: a cleaned book, the built-in
 * templates and style guides (the values the engine's layouts give), and the preview endpoint's answer.
 */
import type { Book, FormattingSettings, Preview, PreviewBody, PreviewPage, StyleGuideTemplate, TemplateListItem } from '@quire/contracts';

export const cleanedBook: Book = {
  id: 'b1',
  title: 'Pride and Prejudice',
  author: 'Jane Austen',
  sourceUrl: null,
  sourceType: 'upload',
  originalText: 'Chapter 1\n\nIt is a truth universally acknowledged.',
  cleanedText: '# Chapter 1\n\nIt is a truth universally acknowledged.',
  formattedText: null,
  cleanReport: null,
  metadata: { categories: [], keywords: [], language: 'en' },
  genre: 'literature',
  layoutId: null,
  status: 'imported',
  wordCount: 8,
  isFreeTrial: false,
  wasTruncated: false,
  originalWordCount: null,
  createdAt: '2025-03-05T00:00:00Z',
};

export const novelSettings: FormattingSettings = {
  fontSize: 11,
  lineHeight: 1.3,
  fontFamily: 'serif',
  marginTop: 0.75,
  marginBottom: 0.875,
  marginLeft: 0.875,
  marginRight: 0.625,
  pageSize: 'custom',
  trimSize: '5.5x8.5',
  chapterBreakType: 'page-break',
  chapterTitleFormat: 'centered',
  chapterNumberStyle: 'roman',
  paragraphIndent: 0.25,
  paragraphSpacing: 0,
  dropCapital: true,
  justifyText: true,
  quoteIndent: 0.375,
  dialogueFormat: 'standard',
  emphasisStyle: 'italic',
  includeHeaders: true,
  includeFooters: false,
  includePageNumbers: true,
  pageNumberPosition: 'top-outside',
};

/** APA 7's layout as settings (US Letter, one-sided, double-spaced, 1 in margins, page number top right). */
export const apaSettings: FormattingSettings = {
  ...novelSettings,
  fontSize: 12,
  lineHeight: 2,
  marginTop: 1,
  marginBottom: 1,
  marginLeft: 1,
  marginRight: 1,
  pageSize: 'letter',
  trimSize: undefined,
  chapterNumberStyle: 'none',
  dropCapital: false,
  paragraphIndent: 0.5,
  includeHeaders: false,
  pageNumberPosition: 'top-right',
};
delete apaSettings.trimSize;

export const builtInTemplates: TemplateListItem[] = [
  { id: 'classic-literature', name: 'Classic Literature', description: 'For the classics', genre: 'literature', settings: novelSettings, isBuiltIn: true, fontLabel: 'Garamond (set in EB Garamond, a similar design)' },
  { id: 'modern-fiction', name: 'Modern Fiction', description: 'Clean and airy', genre: 'literature', settings: { ...novelSettings, fontSize: 12, trimSize: '5.25x8' }, isBuiltIn: true, fontLabel: 'Minion Pro (set in Crimson Pro, a similar design)' },
];

export const customTemplate: TemplateListItem = {
  id: '7d3f5a9e-1111-4c2b-9a0e-5d1c2b3a4f5e',
  name: 'My paperbacks',
  description: 'Based on Classic Literature',
  genre: 'literature',
  settings: { ...novelSettings, fontSize: 10 },
  isBuiltIn: false,
  fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
};

export const apaGuide: StyleGuideTemplate = {
  id: 'apa-7',
  name: 'APA 7th Edition',
  styleGuide: 'APA',
  category: 'academic',
  isBuiltIn: true,
  fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
  requirements: {
    margins: { top: 1, bottom: 1, left: 1, right: 1 },
    font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
    spacing: { paragraph: 0, line: 2 },
    headers: { style: 'bold', numbering: false },
    citations: { style: 'APA', inText: '(Author, Year)', bibliography: 'References' },
    pageNumbers: { position: 'top-right', format: 'arabic' },
    titlePage: true,
    tableOfContents: false,
    abstract: true,
    acknowledgments: false,
    appendices: true,
  },
};

/** A page of the preview: an SVG data URL, `recto` on odd pages and `verso` on even ones unless one-sided. */
export function previewPage(pageNumber: number, oneSided = false): PreviewPage {
  return {
    pageNumber,
    side: oneSided ? 'single' : pageNumber % 2 === 1 ? 'recto' : 'verso',
    widthPx: 528,
    heightPx: 816,
    imageDataUrl: `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${pageNumber}</text></svg>`)}`,
  };
}

/**
 * The preview endpoint's answer to `body`: 4 opening pages, or the asked range of a `totalPages`-page book; one-sided
 * for US Letter settings. `settings` defaults to the body's, else {@link novelSettings}.
 */
export function previewAnswer(body: PreviewBody, { totalPages = 90, settings }: { totalPages?: number; settings?: FormattingSettings } = {}): Preview {
  const used = body.settings ?? settings ?? novelSettings;
  const oneSided = used.pageSize === 'letter' || used.pageSize === 'a4';
  const from = body.scope === 'book' ? (body.fromPage ?? 1) : 1;
  const to = body.scope === 'book' ? Math.min(totalPages, body.toPage ?? from + 39) : 4;
  const pages: PreviewPage[] = [];
  for (let n = from; n <= to; n += 1) pages.push(previewPage(n, oneSided));
  return {
    layoutId: body.layoutId ?? 'kdp-6x9',
    scope: body.scope ?? 'opening',
    pages,
    totalPages: body.scope === 'book' ? totalPages : null,
    trimWidthIn: oneSided ? 8.5 : 5.5,
    trimHeightIn: oneSided ? 11 : 8.5,
    fontLabel: 'Garamond (set in EB Garamond, a similar design)',
    renderMs: 420,
    settings: used,
  };
}
