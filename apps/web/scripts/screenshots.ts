/**
 * Screenshots of every screen at phone and desktop widths, against a mocked API.
 * Usage: node --import tsx apps/web/scripts/screenshots.ts [outDir] [filter]
 * Starts the Vite dev server itself; needs /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Route } from 'playwright-core';
import { createServer } from 'vite';
import { PLAN_CATALOGUE } from '@quire/contracts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.resolve(process.argv[2] ?? '/tmp/quire-shots');
const filter = process.argv[3] ?? '';
mkdirSync(outDir, { recursive: true });

const user = {
  id: 'u1',
  email: 'eleanor.vance@example.com',
  firstName: 'Eleanor',
  lastName: 'Vance',
  profileImageUrl: null,
  createdAt: '2025-01-03T10:00:00.000Z',
};

const chapterText = `# Chapter I

It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.

However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered as the rightful property of some one or other of their daughters.

“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”

Mr. Bennet replied that he had not.

* * *

# Chapter II

Mr. Bennet was among the earliest of those who waited on Mr. Bingley. He had always intended to visit him, though to the last always assuring his wife that he should not go.
`;

const baseBook = {
  id: 'b1',
  title: 'Pride and Prejudice',
  author: 'Jane Austen',
  sourceUrl: 'https://www.gutenberg.org/cache/epub/1342/pg1342.txt' as string | null,
  sourceType: 'url',
  originalText:
    'The Project Gutenberg eBook of Pride and Prejudice\r\n\r\nThis ebook is for the use of anyone anywhere in the United States...\n\n' +
    chapterText.replace(/# /g, '').repeat(3),
  cleanedText: null as string | null,
  formattedText: null as string | null,
  cleanReport: null as unknown,
  metadata: { categories: [], keywords: [], language: 'en' } as Record<string, unknown>,
  genre: null as string | null,
  layoutId: null as string | null,
  status: 'imported',
  wordCount: 130_412,
  isFreeTrial: false,
  wasTruncated: false,
  originalWordCount: null as number | null,
  layoutReport: null as unknown,
  createdAt: '2025-03-05T14:12:00.000Z',
};

// The passes of packages/engine/src/clean/index.ts, in order, with plausible counts for a Gutenberg novel.
const report = {
  passes: [
    { id: 'whitespace', label: 'Lines with stray whitespace or control characters tidied', count: 42 },
    { id: 'boilerplate', label: 'Lines of Project Gutenberg boilerplate removed', count: 352 },
    { id: 'scanBoilerplate', label: 'Lines of Internet Archive, Google Books and Wikisource wrapper text removed', count: 0 },
    { id: 'pageMarkers', label: 'Page-number markers of the printed edition removed ([Pg 23])', count: 188 },
    { id: 'pageFurniture', label: 'Page numbers and running heads of the scanned pages removed', count: 0 },
    { id: 'ocrFixes', label: 'OCR misreadings fixed (ligatures, long s, words like “tbe”) where the book confirms them', count: 0 },
    { id: 'sceneBreaks', label: 'Scene breaks marked', count: 14 },
    { id: 'productionNotes', label: 'Lines of e-text credits and transcriber notes removed', count: 3 },
    { id: 'contents', label: 'Lines of the original contents list removed (Quire makes its own)', count: 61 },
    { id: 'figures', label: 'Illustration tags turned into figure captions', count: 160 },
    { id: 'titleLines', label: 'Title and author lines removed (they repeat the book details)', count: 2 },
    { id: 'headings', label: 'Chapter, part and section headings marked', count: 64 },
    { id: 'footnotes', label: 'Footnotes linked to their markers', count: 0 },
    { id: 'verse', label: 'Lines of verse kept line by line', count: 0 },
    { id: 'dehyphenated', label: 'Words broken at line ends joined', count: 921 },
    { id: 'splitWords', label: 'Words split by a stray space joined where the book confirms them', count: 0 },
    { id: 'unwrapped', label: 'Hard-wrapped paragraphs joined into one line', count: 10_433 },
    { id: 'quotesCurled', label: 'Straight quotes and apostrophes curled', count: 4410 },
    { id: 'dashes', label: 'Double hyphens turned into em dashes', count: 1_035 },
    { id: 'ellipses', label: 'Three dots turned into an ellipsis', count: 0 },
    { id: 'frenchSpaces', label: 'No-break spaces set before French punctuation (; : ! ? « »)', count: 0 },
    { id: 'escaped', label: 'Characters escaped so Markdown keeps them as text', count: 5 },
    { id: 'speeches', label: 'Speeches and stage directions of a play marked', count: 0 },
    { id: 'letterParts', label: 'Datelines, salutations and signatures of letters marked', count: 12 },
    { id: 'blankLines', label: 'Extra blank lines removed', count: 230 },
  ],
  chaptersFound: 61,
  partsFound: 3,
  wordCount: 121_533,
  // What the engine's summarizeStructure says of such a book, with one warning to show how warnings look.
  structure: {
    counts: { parts: 3, chapters: 61, poems: 0, pieces: 0, acts: 0, scenes: 0, speeches: 0, letters: 3, footnotes: 0 },
    front: [{ kind: 'preface', title: 'Preface' }],
    back: [{ kind: 'notes', title: 'Notes' }],
    words: 121_533,
    found: ['3 parts', '61 chapters', 'Preface', 'Notes', '3 letters'],
    warnings: [
      {
        code: 'long-division',
        message:
          'One chapter is more than 5 times as long as the book’s typical chapter of 1,824 words: “Chapter 43” (21,406 words). A heading inside may have been missed.',
      },
    ],
  },
};

/** The built-in style guides as GET /api/style-guides answers them (values of the engine's layouts). */
/** The server's font labels (engine `describeFont`) for the families of these mocks. */
const FONT_LABEL: Record<string, string> = {
  'Times New Roman': 'Times New Roman (set in Tinos, metric-compatible)',
  Garamond: 'Garamond (set in EB Garamond, a similar design)',
  'Minion Pro': 'Minion Pro (set in Crimson Pro, a similar design)',
};
const TEMPLATE_FONT: Record<string, string> = {
  'classic-literature': 'Garamond',
  'philosophy-essays': 'Garamond',
  'print-ready-kdp': 'Times New Roman',
};

function styleGuide(
  id: string,
  name: string,
  styleGuide: string,
  category: 'academic' | 'publishing',
  margins: [number, number, number, number],
  font: [string, number, number],
  position: string,
  flags: { titlePage: boolean; abstract: boolean; tableOfContents: boolean; appendices: boolean },
  university?: string,
) {
  const [top, bottom, left, right] = margins;
  return {
    id,
    name,
    styleGuide,
    category,
    ...(university ? { university } : {}),
    isBuiltIn: true,
    fontLabel: FONT_LABEL[font[0]] ?? font[0],
    requirements: {
      margins: { top, bottom, left, right },
      font: { family: font[0], size: font[1], lineHeight: font[2] },
      spacing: { paragraph: 0, line: font[2] },
      headers: { style: 'bold', numbering: false },
      citations: { style: styleGuide, inText: '(Author, Year)', bibliography: 'References' },
      pageNumbers: { position, format: 'arabic' },
      acknowledgments: false,
      ...flags,
    },
  };
}
const noFlags = { titlePage: false, abstract: false, tableOfContents: false, appendices: false };
const styleGuides = [
  styleGuide('apa-7', 'APA 7th Edition', 'APA', 'academic', [1, 1, 1, 1], ['Times New Roman', 12, 2], 'top-right', { ...noFlags, titlePage: true, abstract: true, appendices: true }),
  styleGuide('mla-9', 'MLA 9th Edition', 'MLA', 'academic', [1, 1, 1, 1], ['Times New Roman', 12, 2], 'top-right', noFlags),
  styleGuide('chicago', 'Chicago Manual of Style', 'Chicago', 'academic', [1, 1, 1.5, 1], ['Times New Roman', 12, 2], 'bottom-center', { ...noFlags, titlePage: true, appendices: true }),
  styleGuide('harvard', 'Harvard University', 'Harvard', 'academic', [1.5, 1, 1.5, 1], ['Times New Roman', 12, 2], 'top-right', { titlePage: true, abstract: true, tableOfContents: true, appendices: true }, 'Harvard University'),
  styleGuide('kdp-6x9', 'Amazon KDP 6x9', 'KDP', 'publishing', [0.76, 0.76, 0.9, 0.6], ['Times New Roman', 11, 1.15], 'bottom-center', { ...noFlags, titlePage: true, tableOfContents: true }),
  styleGuide('kdp-fiction', 'Amazon KDP Fiction', 'KDP', 'publishing', [0.75, 0.75, 0.75, 0.75], ['Garamond', 11, 1.15], 'bottom-center', { ...noFlags, titlePage: true, tableOfContents: true }),
  styleGuide('kdp-nonfiction', 'Amazon KDP Non-Fiction', 'KDP', 'publishing', [1, 1, 1, 1], ['Minion Pro', 11, 1.2], 'bottom-outside', { ...noFlags, titlePage: true, tableOfContents: true }),
];

/** The six built-in formatting templates as GET /api/templates answers them (values of the engine's layouts). */
function template(id: string, name: string, description: string, genre: string, settings: Record<string, unknown>) {
  return {
    id,
    name,
    description,
    genre,
    isBuiltIn: true,
    fontLabel: FONT_LABEL[TEMPLATE_FONT[id] ?? 'Minion Pro'],
    settings: {
      fontSize: 12, lineHeight: 1.4, fontFamily: 'serif', marginTop: 0.75, marginBottom: 0.75, marginLeft: 0.875, marginRight: 0.625,
      pageSize: 'custom', trimSize: '6x9', chapterBreakType: 'page-break', chapterTitleFormat: 'centered', chapterNumberStyle: 'arabic',
      paragraphIndent: 0.25, paragraphSpacing: 0, dropCapital: false, justifyText: true, quoteIndent: 0.375, dialogueFormat: 'standard',
      emphasisStyle: 'italic', includeHeaders: true, includeFooters: false, includePageNumbers: true, pageNumberPosition: 'bottom-outside',
      ...settings,
    },
  };
}
const formattingTemplates = [
  template('classic-literature', 'Classic Literature', 'Timeless elegance for classic novels and literary works: EB Garamond, drop capitals, fleurons and small-caps running heads.', 'literature', { lineHeight: 1.3, marginBottom: 0.875, trimSize: '5.5x8.5', pageNumberPosition: 'top-outside', dropCapital: true }),
  template('modern-fiction', 'Modern Fiction', 'Clean, contemporary design for novels: Crimson Pro with Inter chapter openings, flush-left titles and open leading.', 'literature', { marginTop: 0.625, marginLeft: 0.75, marginRight: 0.5, trimSize: '5.25x8' }),
  template('devotional', 'Devotional & Religious', 'Reverent and readable for devotionals and religious texts: wide leading, hedera ornaments and indented scripture.', 'devotional', { lineHeight: 1.5, marginTop: 0.875, marginBottom: 0.875, marginLeft: 1, marginRight: 0.75, pageNumberPosition: 'bottom-center' }),
  template('philosophy-essays', 'Philosophy & Essays', 'Scholarly presentation for philosophical works and essays: EB Garamond, wide margins for notes, roman-numbered essays.', 'philosophy', { fontSize: 11, marginTop: 0.875, marginBottom: 1, marginRight: 0.875, pageNumberPosition: 'top-outside' }),
  template('kindle-optimized', 'Kindle Optimized', 'Reflowable layout for Kindle and other e-readers: no page furniture, clean chapter breaks, device-friendly typography.', 'general', { marginTop: 0.25, marginBottom: 0.25, marginLeft: 0.25, marginRight: 0.25, pageSize: 'kindle', trimSize: undefined, includeHeaders: false, includePageNumbers: false, pageNumberPosition: 'bottom-center' }),
  template('print-ready-kdp', 'Print Ready KDP', "Meets Amazon KDP's paperback margin rules at any page count: 6 x 9 in, 0.875 in gutter, Times New Roman metrics.", 'general', { fontSize: 11, lineHeight: 1.3, dropCapital: true }),
];

const books: Record<string, typeof baseBook> = {
  b1: { ...baseBook },
  b2: {
    ...baseBook,
    id: 'b2',
    title: 'The Meditations of Marcus Aurelius',
    author: 'Marcus Aurelius',
    cleanedText: chapterText.repeat(4),
    cleanReport: report,
    createdAt: '2025-03-02T09:00:00.000Z',
  },
  c1: {
    ...baseBook,
    id: 'c1',
    title: 'Tales of the Sea: A Collection',
    author: 'Various',
    sourceUrl: null,
    sourceType: 'collection',
    createdAt: '2025-03-06T09:00:00.000Z',
  },
  b3: {
    ...baseBook,
    id: 'b3',
    title: 'The Varieties of Religious Experience: A Study in Human Nature',
    author: 'William James',
    cleanedText: chapterText,
    formattedText: chapterText,
    cleanReport: report,
    genre: 'philosophy',
    metadata: {
      description: 'Lectures on the psychology of religion, given at Edinburgh in 1901–1902.',
      keywords: ['psychology', 'religion', 'mysticism'],
      categories: ['Philosophy / Religious'],
      language: 'en',
      publicationYear: 1902,
    },
    layoutId: 'kdp-6x9',
    status: 'ready',
    createdAt: '2025-02-21T09:00:00.000Z',
    layoutReport: {
      layoutId: 'kdp-6x9',
      trimSizeId: '6x9',
      pageCount: 412,
      pageLimit: 828,
      adjustments: [
        {
          field: 'marginInsideIn',
          label: 'Inside (gutter) margin',
          fromIn: 0.5,
          toIn: 0.625,
          reason: 'KDP asks for at least 0.625 in for 301-500 pages.',
        },
      ],
      warnings: [],
      fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
      measuredAt: '2025-02-21T09:05:00.000Z',
    } as unknown,
  },
};

/** Settings of a style guide's layout, as the server's preview answers them (engine `layoutToSettings`). */
function guideSettings(id: string): Record<string, unknown> {
  const guide = styleGuides.find((g) => g.id === id);
  const r = guide?.requirements;
  const academic = guide?.category === 'academic';
  return {
    ...formattingTemplates[5]!.settings,
    fontSize: r?.font.size ?? 11,
    lineHeight: r?.font.lineHeight ?? 1.15,
    marginTop: r?.margins.top ?? 0.76,
    marginBottom: r?.margins.bottom ?? 0.76,
    marginLeft: r?.margins.left ?? 0.9,
    marginRight: r?.margins.right ?? 0.6,
    ...(academic
      ? { pageSize: 'letter', trimSize: undefined, chapterNumberStyle: 'none', dropCapital: false, paragraphIndent: 0.5, pageNumberPosition: 'top-right', includeHeaders: false }
      : { pageSize: 'custom', trimSize: '6x9' }),
  };
}

const TRIM_INCHES: Record<string, [number, number]> = { letter: [8.5, 11], a4: [8.27, 11.69], kindle: [4.5, 6.8] };

/** A rendered page as the server's preview sends it: an SVG data URL drawn from the settings (text lines, folio). */
function pageImage(n: number, settings: Record<string, unknown>, [w, h]: [number, number], twoSided: boolean): string {
  const px = 96;
  const W = Math.round(w * px);
  const H = Math.round(h * px);
  const inside = Number(settings.marginLeft) * px;
  const outside = Number(settings.marginRight) * px;
  const left = !twoSided || n % 2 === 1 ? inside : outside;
  const right = !twoSided || n % 2 === 1 ? outside : inside;
  const top = Number(settings.marginTop) * px;
  const fontPx = (Number(settings.fontSize) * px) / 72;
  const lead = fontPx * Number(settings.lineHeight) * 1.2;
  const family = settings.fontFamily === 'sans-serif' ? 'Inter, sans-serif' : settings.fontFamily === 'monospace' ? 'monospace' : 'Georgia, serif';
  const words = chapterText.replace(/[#*]/g, '').split(/\s+/).filter(Boolean);
  const perLine = Math.max(4, Math.floor((W - left - right) / (fontPx * 5.2)));
  const opening = n === 3 || n === 9;
  let y = top + (opening ? H * 0.28 : fontPx);
  const parts: string[] = [];
  if (opening) {
    parts.push(`<text x="${W / 2}" y="${top + H * 0.14}" font-size="${fontPx * 1.9}" text-anchor="middle" font-family="${family}">Chapter ${n === 3 ? 'I' : 'II'}</text>`);
  } else if (n > 2 && settings.includeHeaders) {
    parts.push(`<text x="${W / 2}" y="${top * 0.55}" font-size="${fontPx * 0.8}" text-anchor="middle" letter-spacing="1.5" font-family="${family}">${n % 2 ? 'PRIDE AND PREJUDICE' : 'JANE AUSTEN'}</text>`);
  }
  if (n === 1) {
    parts.push(`<text x="${W / 2}" y="${H * 0.32}" font-size="${fontPx * 2.2}" text-anchor="middle" font-family="${family}">Pride and Prejudice</text>`);
  } else if (n !== 2) {
    for (let i = 0; y < H - Number(settings.marginBottom) * px - lead; i += 1) {
      const line = words.slice((i * perLine + n * 37) % (words.length - perLine), ((i * perLine + n * 37) % (words.length - perLine)) + perLine).join(' ');
      const indent = i % 7 === 0 ? Number(settings.paragraphIndent) * px : 0;
      parts.push(`<text x="${left + indent}" y="${y}" font-size="${fontPx}" font-family="${family}" textLength="${W - left - right - indent}" lengthAdjust="spacingAndGlyphs">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`);
      y += lead;
    }
  }
  if (settings.includePageNumbers && n > 2 && !opening) {
    const pos = String(settings.pageNumberPosition);
    const fy = pos.startsWith('top') ? top * 0.55 : H - Number(settings.marginBottom) * px * 0.5;
    const fx = pos.endsWith('right') || (pos.endsWith('outside') && n % 2 === 1) ? W - right : pos.endsWith('outside') ? left : W / 2;
    const anchor = fx === W / 2 ? 'middle' : fx === left ? 'start' : 'end';
    parts.push(`<text x="${fx}" y="${fy}" font-size="${fontPx * 0.85}" text-anchor="${anchor}" font-family="${family}">${n}</text>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="100%" height="100%" fill="#fff"/><g fill="#222">${parts.join('')}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The server's preview answer for a body (contracts `PreviewSchema`): the opening 6 pages, or 40 of a 212-page book. */
function previewAnswer(body: { layoutId?: string; settings?: Record<string, unknown>; scope?: string; fromPage?: number; toPage?: number }) {
  const template = formattingTemplates.find((t) => t.id === body.layoutId);
  const settings = body.settings ?? template?.settings ?? guideSettings(body.layoutId ?? 'kdp-6x9');
  const trimId = settings.pageSize === 'custom' ? String(settings.trimSize ?? '6x9') : String(settings.pageSize);
  const [w, h] = TRIM_INCHES[trimId] ?? (trimId.split('x').map(Number) as [number, number]);
  const twoSided = settings.pageSize === 'custom';
  const total = 212;
  const from = body.scope === 'book' ? (body.fromPage ?? 1) : 1;
  const to = body.scope === 'book' ? Math.min(total, body.toPage ?? from + 39) : 6;
  const pages = [];
  for (let n = from; n <= to; n += 1) {
    pages.push({ pageNumber: n, side: twoSided ? (n % 2 ? 'recto' : 'verso') : 'single', widthPx: Math.round(w * 96), heightPx: Math.round(h * 96), imageDataUrl: pageImage(n, settings, [w, h], twoSided) });
  }
  const font = template?.fontLabel ?? styleGuides.find((g) => g.id === body.layoutId)?.fontLabel ?? FONT_LABEL['Times New Roman']!;
  return {
    layoutId: body.layoutId ?? 'kdp-6x9',
    scope: body.scope ?? 'opening',
    pages,
    totalPages: body.scope === 'book' ? total : null,
    trimWidthIn: w,
    trimHeightIn: h,
    fontLabel: settings.fontFamily === 'sans-serif' ? 'Inter' : settings.fontFamily === 'monospace' ? 'JetBrains Mono' : font,
    renderMs: 640,
    settings,
  };
}

const savedTemplates: Record<string, unknown>[] = [];

type Scenario = {
  name: string;
  path: string;
  signedIn?: boolean;
  bookList?: 'full' | 'empty' | 'loading';
  bookDelay?: boolean;
  act?: (page: Page) => Promise<void>;
  fullPage?: boolean;
};

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

async function mockApi(page: Page, scenario: Scenario) {
  await page.route((url) => url.pathname.startsWith('/api/'), async (route) => {
    const url = new URL(route.request().url());
    const method = route.request().method();
    const p = url.pathname;
    const authed = Boolean(route.request().headers()['authorization']);
    if (p === '/api/auth/user') return authed ? json(route, 200, user) : json(route, 401, { message: 'Not signed in' });
    if (p === '/api/auth/login') return json(route, 401, { message: 'Invalid email or password' });
    if (p === '/api/auth/logout') return json(route, 200, { message: 'Signed out' });
    if (p === '/api/books' && method === 'GET') {
      if (scenario.bookList === 'loading') return; // never answers
      if (scenario.bookList === 'empty') return json(route, 200, []);
      return json(
        route,
        200,
        Object.values(books).map(({ id, title, author, status, wordCount, createdAt }) => ({ id, title, author, status, wordCount, createdAt })),
      );
    }
    if (p === '/api/books/import-multiple') {
      return json(route, 201, {
        book: { id: 'c1', title: 'Tales of the Sea: A Collection' },
        successfulImports: 2,
        failedImports: [
          { url: 'https://www.gutenberg.org/ebooks/999999', message: 'The address answered 404 Not Found.' },
        ],
      });
    }
    // Billing (the home screen's side panel and plans): a server that takes payments, a user on the free trial.
    if (p === '/api/billing/config') return json(route, 200, { enabled: true, publishableKey: 'pk_test_screenshots' });
    if (p === '/api/plans') return json(route, 200, PLAN_CATALOGUE);
    if (p === '/api/user/subscription') {
      return json(route, 200, { plan: null, status: null, booksUsed: 0, booksLimit: null, currentPeriodEnd: null, active: false, billingEnabled: true });
    }
    if (p === '/api/user/free-trial') return json(route, 200, { hasFreeTrial: false, exportsUsed: 0, exportsLimit: 1, wordLimit: 12_500, billingEnabled: true });
    if (p === '/api/user/preferences') {
      if (method === 'POST') return json(route, 200, JSON.parse(route.request().postData() ?? '{}'));
      return json(route, 200, { defaultGenre: 'literature', preferredCoverStyle: 'minimalist', defaultExportFormat: 'both', autoCleanImports: true });
    }
    const undo = /^\/api\/books\/([^/]+)\/undo-clean$/.exec(p);
    if (undo && method === 'POST') {
      const book = books[undo[1]!];
      return book ? json(route, 200, { ...book, cleanedText: null, cleanReport: null, formattedText: null, status: 'imported' }) : json(route, 404, { message: 'Book not found' });
    }
    if (p === '/api/import') return json(route, 502, { message: 'Could not fetch the URL: the host answered 404' });
    if (p === '/api/style-guides' && method === 'POST') {
      await new Promise((r) => setTimeout(r, 400));
      if (scenario.name.includes('upload-error')) return json(route, 422, { message: 'No text could be read from the document: it seems to be a scanned image.' });
      return json(route, 201, {
        ...styleGuide('upload-1', 'Graduate Thesis Guidelines', 'Thesis', 'academic', [1, 1, 1.5, 1], ['Times New Roman', 12, 2], 'top-right', { titlePage: true, abstract: true, tableOfContents: true, appendices: false }, 'University of Leeds'),
        isBuiltIn: false,
        originalFileName: 'thesis-guidelines-2025.pdf',
        findings: {
          found: [
            'Margins: 1.5 in on the binding edge, 1 in elsewhere ("a left margin of 1.5 inches", page 4)',
            'Font: Times New Roman, 12 pt ("12-point Times New Roman", page 4)',
            'Line spacing: double ("double-spaced throughout", page 5)',
            'Page numbers: top right ("in the upper right corner", page 6)',
            'Title page, abstract and table of contents required (pages 2-3)',
          ],
          defaulted: ['Paragraph indent: 0.5 in (default)', 'Citations: author-date (default)'],
        },
      });
    }
    if (p === '/api/style-guides') return json(route, 200, styleGuides);
    if (p === '/api/templates' && method === 'GET') return json(route, 200, [...formattingTemplates, ...savedTemplates]);
    if (p === '/api/fonts' && method === 'GET') {
      return json(route, 200, [
        { generic: 'serif', family: 'Tinos', label: 'Times New Roman (set in Tinos, metric-compatible)' },
        { generic: 'sans-serif', family: 'Inter', label: 'Inter' },
        { generic: 'monospace', family: 'JetBrains Mono', label: 'JetBrains Mono' },
      ]);
    }
    if (p === '/api/templates' && method === 'POST') {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      const saved = { id: `c0ffee00-0000-4000-8000-00000000000${savedTemplates.length}`, description: '', ...body, isBuiltIn: false, fontLabel: FONT_LABEL['Times New Roman'] };
      savedTemplates.push(saved);
      return json(route, 201, saved);
    }
    const preview = /^\/api\/books\/([^/]+)\/preview$/.exec(p);
    if (preview && method === 'POST') {
      await new Promise((r) => setTimeout(r, 250));
      return json(route, 200, previewAnswer(JSON.parse(route.request().postData() ?? '{}')));
    }
    const advanced = /^\/api\/books\/([^/]+)\/format-advanced$/.exec(p);
    if (advanced && method === 'POST') {
      const book = books[advanced[1]!];
      const { template } = JSON.parse(route.request().postData() ?? '{}') as { template: { id: string; settings: Record<string, unknown> } };
      if (Number(template.settings.fontSize) > 20) return json(route, 400, { message: 'Font size must be between 8 and 20 pt' });
      return book ? json(route, 200, { ...book, status: 'ready', formattedText: book.cleanedText, layoutId: template.id || 'kdp-6x9', layoutSettings: template.settings }) : json(route, 404, { message: 'Book not found' });
    }
    const applied = /^\/api\/books\/([^/]+)\/format-template$/.exec(p);
    if (applied && method === 'POST') {
      const book = books[applied[1]!];
      const { templateId } = JSON.parse(route.request().postData() ?? '{}') as { templateId?: string };
      return book ? json(route, 200, { ...book, status: 'ready', formattedText: book.cleanedText, layoutId: templateId ?? null }) : json(route, 404, { message: 'Book not found' });
    }
    const m = /^\/api\/books\/([^/]+)$/.exec(p);
    if (m && method === 'GET') {
      if (scenario.bookDelay) return;
      const book = books[m[1]!];
      return book ? json(route, 200, book) : json(route, 404, { message: 'Book not found' });
    }
    return json(route, 404, { message: 'Not found' });
  });
}

const scenarios: Scenario[] = [
  { name: 'landing', path: '/', fullPage: true },
  { name: 'login', path: '/login' },
  {
    name: 'login-errors',
    path: '/login',
    act: async (page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForTimeout(150);
    },
  },
  {
    name: 'login-failed-toast',
    path: '/login',
    act: async (page) => {
      await page.getByLabel('Email').fill('eleanor@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrongpass');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForTimeout(400);
    },
  },
  { name: 'register', path: '/register' },
  { name: 'home', path: '/', signedIn: true, fullPage: true },
  { name: 'home-empty', path: '/', signedIn: true, bookList: 'empty' },
  { name: 'home-loading', path: '/', signedIn: true, bookList: 'loading' },
  {
    name: 'home-import-single',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.waitForTimeout(600);
    },
  },
  {
    name: 'home-import-single-error',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.getByLabel('Book URL').fill('https://www.gutenberg.org/nope.txt');
      await page.getByRole('button', { name: 'Import Book' }).click();
      await page.waitForTimeout(600);
    },
  },
  {
    name: 'home-import-collection',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.getByRole('tab', { name: 'Collection' }).click();
      await page.getByRole('button', { name: 'Add URL' }).click();
      await page.getByRole('button', { name: 'Create Collection' }).click();
      await page.waitForTimeout(300);
      await page.getByRole('heading', { name: 'Import Books' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'home-preferences',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: /^Preferences/ }).click();
      await page.getByLabel('Default genre').waitFor();
      await page.getByRole('switch', { name: 'Clean imports automatically' }).click();
      await page.getByText('Preferences saved', { exact: true }).waitFor();
      await page.getByRole('switch', { name: 'Clean imports automatically' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'home-import-upload-refused',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.locator('input[type=file]').setInputFiles({ name: 'thesis-final.doc', mimeType: 'application/msword', buffer: Buffer.from('doc') });
      await page.waitForTimeout(900); // the panel's smooth scroll
      await page.getByRole('button', { name: 'Import File' }).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    },
  },
  {
    name: 'home-import-upload-ready',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.locator('input[type=file]').setInputFiles({ name: 'moby-dick.epub', mimeType: 'application/epub+zip', buffer: Buffer.alloc(734_003) });
      await page.waitForTimeout(900); // the panel's smooth scroll
      await page.getByRole('button', { name: 'Import File' }).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    },
  },
  {
    name: 'collection-partial-success',
    path: '/',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Start Publishing' }).click();
      await page.getByRole('tab', { name: 'Collection' }).click();
      await page.getByRole('button', { name: 'Add URL' }).click();
      await page.getByLabel('Book URL 1').fill('https://www.gutenberg.org/ebooks/2701');
      await page.getByLabel('Book URL 2').fill('https://www.gutenberg.org/ebooks/8867');
      await page.getByLabel('Book URL 3').fill('https://www.gutenberg.org/ebooks/999999');
      await page.getByLabel('Collection title').fill('Tales of the Sea: A Collection');
      await page.getByRole('button', { name: 'Create Collection' }).click();
      await page.getByRole('heading', { name: /could not be imported/ }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'book-imported', path: '/book/b1', signedIn: true, fullPage: true },
  {
    name: 'book-cleaned-report',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Clean' }).click();
    },
  },
  {
    name: 'book-cleaned-undo-dialog',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Clean' }).click();
      await page.getByRole('button', { name: 'Undo cleanup' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'book-cleaned-undone',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Clean' }).click();
      await page.getByRole('button', { name: 'Undo cleanup' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Undo cleanup' }).click();
      await page.getByText('Cleanup undone', { exact: true }).waitFor();
      await page.waitForTimeout(250);
    },
  },
  { name: 'book-cleaned', path: '/book/b2', signedIn: true, fullPage: true },
  {
    name: 'book-cleaned-metadata',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Basic Metadata' }).click();
      await page.getByRole('textbox', { name: 'Keywords' }).fill('regency');
      await page.getByRole('textbox', { name: 'Keywords' }).press('Enter');
      await page.getByRole('textbox', { name: 'Keywords' }).fill('marriage plot');
      await page.getByRole('textbox', { name: 'Keywords' }).press('Enter');
      await page.getByRole('button', { name: 'Format Book' }).click();
      await page.waitForTimeout(200);
    },
  },
  {
    name: 'book-cleaned-edit',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Clean' }).click();
      await page.getByRole('button', { name: 'Edit text' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'book-ready-export', path: '/book/b3', signedIn: true, fullPage: true },
  {
    name: 'book-ready-covers',
    path: '/book/b3',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Covers' }).click();
    },
  },
  {
    name: 'book-ready-format',
    path: '/book/b3',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Format' }).click();
      await page.getByRole('tab', { name: 'Basic Metadata' }).click();
    },
  },
  {
    name: 'book-cleaned-templates',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('button', { name: /APA 7th Edition/ }).click();
    },
  },
  {
    name: 'book-ready-templates-publishing',
    path: '/book/b3',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Format' }).click();
      await page.getByRole('tab', { name: 'Publishing' }).click();
      await page.getByRole('searchbox', { name: 'Search templates' }).fill('kdp');
    },
  },
  {
    name: 'book-cleaned-template-applied',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Publishing' }).click();
      await page.getByRole('button', { name: /Classic Literature/ }).click();
      await page.getByRole('button', { name: 'Apply Template' }).click();
      await page.getByText('Document formatted successfully', { exact: true }).waitFor();
    },
  },
  {
    name: 'book-cleaned-templates-preview',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: /APA 7th Edition/ }).click();
      await page.getByRole('list', { name: 'Rendered pages' }).waitFor();
      await page.waitForTimeout(400);
      await page.getByRole('heading', { name: /^Preview/ }).evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    },
  },
  {
    name: 'book-cleaned-upload-dialog',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Upload Style Guide' }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByLabel('Style guide document').setInputFiles({ name: 'thesis-guidelines-2025.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(412_000) });
      await page.getByLabel(/University/).fill('University of Leeds');
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'book-cleaned-upload-findings',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Upload Style Guide' }).click();
      await page.getByLabel('Style guide document').setInputFiles({ name: 'thesis-guidelines-2025.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(412_000) });
      await page.getByRole('dialog').getByRole('button', { name: 'Upload Style Guide' }).click();
      await page.getByText('Style guide added').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'book-cleaned-upload-error',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Upload Style Guide' }).click();
      await page.getByLabel('Style guide document').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(90_000) });
      await page.getByRole('dialog').getByRole('button', { name: 'Upload Style Guide' }).click();
      await page.getByText('Upload failed.').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'book-cleaned-advanced-templates',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Classic Literature/ }).click();
    },
  },
  {
    name: 'book-cleaned-advanced-typography',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Modern Fiction/ }).click();
      await page.getByRole('tab', { name: 'Typography' }).click();
      await page.getByRole('slider', { name: 'Font size' }).focus();
      await page.keyboard.press('ArrowRight');
    },
  },
  {
    name: 'book-cleaned-advanced-layout',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Print Ready KDP/ }).click();
      await page.getByRole('tab', { name: 'Layout' }).click();
    },
  },
  {
    name: 'book-cleaned-advanced-preview',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Classic Literature/ }).click();
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.getByRole('list', { name: 'Rendered pages' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'book-cleaned-advanced-updating',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Classic Literature/ }).click();
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.getByRole('list', { name: 'Rendered pages' }).waitFor();
      await page.getByRole('tab', { name: 'Typography' }).click();
      await page.getByRole('slider', { name: 'Font size' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.getByRole('heading', { name: /^Preview/ }).evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    },
  },
  {
    name: 'book-cleaned-advanced-whole-book',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Modern Fiction/ }).click();
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.getByRole('button', { name: 'Show the whole book' }).click();
      await page.getByText(/Showing pages 1–40 of 212/).waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'book-cleaned-advanced-no-template',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: 'Apply Custom Formatting' }).click();
      await page.getByText('No template selected', { exact: true }).waitFor();
    },
  },
  {
    name: 'book-cleaned-advanced-name-required',
    path: '/book/b2',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Devotional/ }).click();
      await page.getByRole('button', { name: 'Save Template' }).click();
      await page.getByText('Template name required', { exact: true }).waitFor();
    },
  },
  {
    name: 'book-cleaned-advanced-saved',
    path: '/book/b2',
    signedIn: true,
    fullPage: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Advanced Custom' }).click();
      await page.getByRole('button', { name: /Devotional/ }).click();
      await page.getByLabel('Custom template name').fill('My devotional paperbacks');
      await page.getByRole('button', { name: 'Save Template' }).click();
      await page.getByText('Template saved', { exact: true }).waitFor();
    },
  },
  {
    name: 'book-ready-format-report',
    path: '/book/b3',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Format' }).click();
    },
  },
  {
    name: 'landing-menu',
    path: '/',
    act: async (page) => {
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
    },
  },
  { name: 'book-loading', path: '/book/b1', signedIn: true, bookDelay: true },
  { name: 'book-not-found', path: '/book/zzz', signedIn: true },
  { name: 'not-found', path: '/nowhere' },
];

const server = await createServer({ root: webRoot, server: { port: 5181, strictPort: false }, logLevel: 'error' });
await server.listen();
const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5181';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  // Warm-up: the first load lets Vite pre-bundle dependencies (which reloads the page once).
  {
    const page = await browser.newPage();
    await page.goto(base + '/login');
    await page.waitForTimeout(4000);
    await page.close();
  }
  for (const scenario of scenarios.filter((s) => s.name.includes(filter))) {
    console.log('scenario', scenario.name);
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 860 : 780 }, deviceScaleFactor: 1 });
      if (scenario.signedIn) {
        await context.addInitScript(() => {
          localStorage.setItem('auth_token', 'test-token');
        });
      }
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`[${scenario.name}] page error:`, err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().includes('Failed to load resource')) console.error(`[${scenario.name}] console:`, msg.text());
      });
      await mockApi(page, scenario);
      await page.goto(base + scenario.path);
      await page.waitForSelector('#root > *');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(250);
      if (scenario.act) {
        await scenario.act(page);
        await page.waitForTimeout(300);
      }
      const file = path.join(outDir, `${scenario.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: scenario.fullPage ?? false });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
