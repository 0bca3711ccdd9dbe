/**
 * Reading a style guide's requirements from its text (workspace spec section 5, "Upload style guide": a
 * university's thesis guide or a publisher's manuscript guide as .pdf, .doc or .docx). Rules, in the words such
 * guides use:
 * - margins: `1-inch margins`, `margins of 1 inch on all sides`, `a left margin of 1.5 inches`, `margins: top
 *   2 in, others 1 in`, in inches, centimetres or millimetres;
 * - font: a named face (`Times New Roman`, `Arial`, `Garamond`...) and a size (`12-point`, `12 pt`), from
 *   sentences about the font, type or text;
 * - line spacing: `double-spaced`, `1.5 line spacing`, `single-spaced`, from sentences about the body text
 *   (block quotations, notes, references and captions are often spaced otherwise, and are not read);
 * - page numbers: `top right`, `upper right corner`, `bottom centre`..., roman numerals for the preliminary pages;
 * - parts required: title page, abstract, table of contents, acknowledgments, appendices (a negation such as
 *   `no title page` or `an abstract is not required` says the part is left out);
 * - the citation style named most (APA, MLA, Chicago/Turabian, Harvard), which picks the built-in layout the
 *   guide's layout starts from.
 * Everything not found keeps the value of that built-in guide, and is listed as defaulted.
 */
import type { FolioPosition } from '../layout.ts';
import type { StyleGuideRequirements } from '../style-guides/types.ts';
import { builtInStyleGuides } from '../style-guides/index.ts';
import { LENGTH, NUMBER, lengthInInches, parseNumber, tidyInches } from './measures.ts';

/** What was read from a guide, and what fell back to defaults, as sentences for the user. */
export interface StyleGuideFindings {
  found: string[];
  defaulted: string[];
}

/** The built-in layouts an uploaded guide can start from. */
export type StyleGuideBase = 'apa-7' | 'mla-9' | 'chicago' | 'harvard' | 'kdp-nonfiction';

/** What {@link extractStyleGuideRequirements} answers. */
export interface ExtractedStyleGuide {
  requirements: StyleGuideRequirements;
  findings: StyleGuideFindings;
  /** The built-in layout the guide's layout starts from. */
  baseLayoutId: StyleGuideBase;
  /** The citation family named (`APA`, `MLA`, `Chicago`, `Harvard`), or `Custom` when none is. */
  styleGuide: string;
  /** `publishing` when the text reads as a publisher's manuscript guide, else `academic`. */
  category: 'academic' | 'publishing';
}

/** Faces a guide may name, longest first so `Times New Roman` wins over `Times`. */
const FONT_NAMES = [
  'Times New Roman',
  'Courier New',
  'Book Antiqua',
  'Palatino Linotype',
  'Century Schoolbook',
  'Computer Modern',
  'Minion Pro',
  'Garamond',
  'Georgia',
  'Cambria',
  'Palatino',
  'Calibri',
  'Helvetica',
  'Arial',
  'Verdana',
  'Courier',
  'Minion',
  'Times',
];

const CITATION_STYLES: readonly { name: string; pattern: RegExp; base: StyleGuideBase }[] = [
  { name: 'APA', pattern: /\bAPA\b|American Psychological Association/g, base: 'apa-7' },
  { name: 'MLA', pattern: /\bMLA\b|Modern Language Association/g, base: 'mla-9' },
  { name: 'Chicago', pattern: /\bChicago\b|\bTurabian\b|\bCMOS\b/g, base: 'chicago' },
  { name: 'Harvard', pattern: /\bHarvard\b/g, base: 'harvard' },
];

/** Sentences (and list items, headings, table cells) of the text, whitespace collapsed. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?;:])\s+(?=[A-Z(•\-–])/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/** A short quotation of the sentence a requirement came from, for the findings. */
function quote(sentence: string): string {
  const s = sentence.length > 90 ? `${sentence.slice(0, 87).trimEnd()}...` : sentence;
  return `"${s}"`;
}

const fmtIn = (n: number) => `${Number(n.toFixed(3))} in`;

/** A negation before `term` in the sentence: `no title page`, `not required`, `do not include`, `omit`. */
function isNegated(sentence: string, term: RegExp): boolean {
  const m = term.exec(sentence);
  if (!m) return false;
  const before = sentence.slice(Math.max(0, m.index - 40), m.index).toLowerCase();
  const after = sentence.slice(m.index, m.index + m[0].length + 60).toLowerCase();
  return /\b(no|not|never|without|omit|omitted|exclude)\b|n't\b/.test(before) || /\b(is|are) not (required|needed|necessary|used|included)|\bnot (required|needed|necessary)\b|\bis optional\b|\bare optional\b|\bomit/.test(after);
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const ALL_SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];

/** The sides a phrase names: `left`, `binding`, `top and bottom`, `all sides` (empty: none named). */
function sidesIn(phrase: string): Side[] {
  const p = phrase.toLowerCase();
  if (/\b(all|every|each|four) (sides?|edges?|margins?)\b|\ball around\b|\ball margins\b|\bon all\b/.test(p)) return [...ALL_SIDES];
  const out: Side[] = [];
  if (/\b(top|upper|head)\b/.test(p)) out.push('top');
  if (/\b(bottom|lower|foot)\b/.test(p)) out.push('bottom');
  if (/\b(left|binding|inside|inner|gutter)\b/.test(p)) out.push('left');
  if (/\b(right|outside|outer)\b/.test(p)) out.push('right');
  if (/\b(other|remaining)\b/.test(p)) out.push(...ALL_SIDES.filter((s) => !out.includes(s)));
  return out;
}

/** Where one clause ends and the next begins inside a sentence (`, and the`, `; `, `(`). */
const CLAUSE_BREAK = /[;(]|,\s*(?:and\s+|but\s+|while\s+)?(?:the|a|an|with|to|which|leave|use|allow)\b|\s+and\s+(?:the|a|an)\b/i;

/**
 * Margins stated in the text. In a sentence about margins, each length applies to the sides named right after
 * it when a preposition or a side word follows (`1.5 inches on the left`, `1-inch left margin`), else to those
 * named in its own clause before it (`left margin of 1.5 inches`, `the top margin is 2.5 cm`); a length with no
 * side named applies to every side not set by a more specific statement.
 */
function readMargins(all: readonly string[]): { margins: Partial<Record<Side, number>>; source: string[] } {
  const margins: Partial<Record<Side, number>> = {};
  const general: number[] = [];
  const source: string[] = [];
  for (const sentence of all) {
    if (!/\bmargins?\b/i.test(sentence)) continue;
    let used = false;
    const matches = [...sentence.matchAll(LENGTH)];
    matches.forEach((m, i) => {
      const inches = tidyInches(lengthInInches(m[1]!, m[2]!));
      // The bounds of a margin setting (workspace spec section 5: 0.25-2 in); other lengths are not margins.
      if (!(inches >= 0.25 && inches <= 2)) return;
      const end = m.index + m[0].length;
      const next = matches[i + 1]?.index ?? sentence.length;
      const prevEnd = i > 0 ? matches[i - 1]!.index + matches[i - 1]![0].length : 0;
      const after = sentence.slice(end, next).split(CLAUSE_BREAK)[0] ?? '';
      const beforeClauses = sentence.slice(prevEnd, m.index).split(CLAUSE_BREAK);
      const before = beforeClauses[beforeClauses.length - 1] ?? '';
      const afterNames = /^\s*(?:margins?\s+)?(?:on|at|for|along|from)\b|^\s*(?:top|bottom|left|right|inside|outside|inner|outer|binding|gutter)\b/i.test(after);
      const sides = afterNames ? sidesIn(after) : sidesIn(before);
      if (sides.length === 0 || sides.length === 4) {
        general.push(inches);
        if (sides.length === 4) for (const s of ALL_SIDES) margins[s] ??= inches;
      } else {
        for (const s of sides) margins[s] = inches;
      }
      used = true;
    });
    if (used) source.push(sentence);
  }
  if (general.length > 0) for (const s of ALL_SIDES) margins[s] ??= general[0]!;
  return { margins, source };
}

/** The face and size in sentences about fonts/type: first named face, first `N-point` / `N pt` size in 8-16 pt. */
function readFont(all: readonly string[]): { family?: string; familySource?: string; size?: number; sizeSource?: string } {
  const out: { family?: string; familySource?: string; size?: number; sizeSource?: string } = {};
  const fontish = (s: string | undefined) => s !== undefined && /\b(fonts?|typefaces?|type ?face|type size|point|pt\b|text)/i.test(s);
  all.forEach((sentence, i) => {
    if (!out.family && (fontish(sentence) || fontish(all[i - 1]))) {
      const name = FONT_NAMES.find((n) => new RegExp(`\\b${n}\\b`, 'i').test(sentence));
      // A face named in a sentence of its own words (a style or font table lists bare names).
      if (name && sentence.replace(new RegExp(name, 'i'), '').trim().split(/\s+/).length >= 2) {
        out.family = name === 'Times' ? 'Times New Roman' : name;
        out.familySource = sentence;
      }
    }
    if (out.size === undefined && fontish(sentence)) {
      const m = new RegExp(String.raw`(${NUMBER})\s*-?\s*(?:points?|pt\.?)(?![a-z])`, 'i').exec(sentence) ?? /\bsize (?:of )?(\d{1,2})\b/i.exec(sentence);
      const size = m ? parseNumber(m[1]!) : NaN;
      if (size >= 8 && size <= 16 && !/\b(foot ?notes?|captions?|headings?|quotations?)\b/i.test(sentence.slice(0, m!.index))) {
        out.size = size;
        out.sizeSource = sentence;
      }
    }
  });
  return out;
}

/** Sentences about spacing that are not about the main text (quotations, notes, lists of references...). */
const NOT_BODY = /\b(block quot|long quot|quotations?|foot ?notes?|endnotes?|bibliograph|references? list|reference entries|works cited|captions?|tables?|figures?|headings?|titles?|abstract|appendi|table of contents|single entries|within (each|an?) entr)/i;

/** Line spacing of the body text (2 double, 1.5, 1 single) and the sentence it came from. */
function readLineSpacing(all: readonly string[]): { line?: number; source?: string } {
  const candidates: { line: number; sentence: string; body: boolean }[] = [];
  for (const sentence of all) {
    const s = sentence.toLowerCase();
    let line: number | undefined;
    if (/\bdouble[- ]?spac|\bspaced double\b|\bdouble line spacing\b|\bline spacing (?:of )?(?:2(?:\.0)?|double)\b/.test(s)) line = 2;
    else if (/\b(1\.5|one[- ]and[- ]a[- ]half)[- ]?(line )?spac|\bspace and a half\b|\bline spacing (?:of )?1\.5\b/.test(s)) line = 1.5;
    else if (/\bsingle[- ]?spac|\bline spacing (?:of )?(?:1(?:\.0)?|single)\b/.test(s)) line = 1;
    if (line === undefined) continue;
    candidates.push({ line, sentence, body: !NOT_BODY.test(sentence) || /\b(body|main text|throughout|entire|whole|text of the)\b/i.test(sentence) });
  }
  const pick = candidates.find((c) => c.body);
  return pick ? { line: pick.line, source: pick.sentence } : {};
}

/** Page-number position and format from sentences about page numbers. */
function readPageNumbers(all: readonly string[]): { position?: FolioPosition; romanFront: boolean; source?: string } {
  let position: FolioPosition | undefined;
  let source: string | undefined;
  let romanFront = false;
  for (const sentence of all) {
    const s = sentence.toLowerCase();
    if (!/\b(page numbers?|pagination|paginat|numbered|page number)/.test(s)) continue;
    if (/\broman numerals?\b|\blower-?case roman\b|\b(i, ii, iii|i, ii)\b/.test(s)) romanFront = true;
    if (position) continue;
    if (/\bno page numbers?\b|\bpages? (?:are|is) not numbered\b/.test(s)) {
      position = 'none';
      source = sentence;
      continue;
    }
    const top = /\b(top|upper|header|head of)\b/.test(s);
    const bottom = /\b(bottom|lower|footer|foot of)\b/.test(s);
    if (top === bottom) continue;
    const outside = /\b(outside|outer)\b/.test(s);
    const right = /\bright\b/.test(s);
    const centre = /\b(cent(er|re)(ed|d)?|middle)\b/.test(s);
    if (outside) position = top ? 'top-outside' : 'bottom-outside';
    else if (right) position = top ? 'top-right' : 'bottom-right';
    else if (centre) position = top ? 'top-center' : 'bottom-center';
    else continue;
    source = sentence;
  }
  return { ...(position ? { position } : {}), romanFront, ...(source ? { source } : {}) };
}

/** Whether the text requires (true), rules out (false) or does not mention (undefined) a part. */
function readPart(all: readonly string[], term: RegExp): { required?: boolean; source?: string } {
  let seen: { required: boolean; source: string } | undefined;
  for (const sentence of all) {
    const re = new RegExp(term.source, 'i');
    if (!re.test(sentence)) continue;
    if (isNegated(sentence, new RegExp(term.source, 'i'))) return { required: false, source: sentence };
    seen ??= { required: true, source: sentence };
  }
  return seen ?? {};
}

/** The citation style named most often (first named on a tie), or none. */
function readCitationStyle(text: string): (typeof CITATION_STYLES)[number] | undefined {
  let best: (typeof CITATION_STYLES)[number] | undefined;
  let bestCount = 0;
  for (const style of CITATION_STYLES) {
    const count = [...text.matchAll(style.pattern)].length;
    if (count > bestCount) {
      best = style;
      bestCount = count;
    }
  }
  return best;
}

/** Whether the guide reads as a publisher's (manuscripts, trim, bleed, KDP) rather than a university's. */
function readsAsPublisher(text: string): boolean {
  const publisher = (text.match(/\b(publisher|manuscript submission|submit(ting)? your manuscript|trim size|bleed|KDP|paperback|print-ready|imprint)\b/gi) ?? []).length;
  const academic = (text.match(/\b(thesis|theses|dissertation|university|graduate|student|faculty|department|course|professor|instructor|doctoral)\b/gi) ?? []).length;
  return publisher > 0 && publisher > academic;
}

/**
 * The requirements a style guide's text states, over those of the closest built-in guide (the citation style
 * named; with none named, `chicago` for a guide that wants a title page and contents, `mla-9` for one that puts
 * page numbers top right with no title page, else `apa-7`; `kdp-nonfiction` for a publisher's guide).
 * `findings.found` lists each requirement read, with the sentence it came from; `findings.defaulted` each one
 * kept from the base guide. Pure and total: any text gives an answer (an empty one gives the base guide's values).
 */
export function extractStyleGuideRequirements(text: string): ExtractedStyleGuide {
  const all = sentences(text);
  const found: string[] = [];
  const defaulted: string[] = [];

  const citation = readCitationStyle(text);
  const titlePage = readPart(all, /\btitle page\b/);
  const contents = readPart(all, /\btable of contents\b|\bcontents page\b/);
  const abstract = readPart(all, /\babstract\b/);
  const acknowledgments = readPart(all, /\backnowledge?ments?\b/);
  const appendices = readPart(all, /\bappendix\b|\bappendices\b/);
  const pageNumbers = readPageNumbers(all);
  const publisher = readsAsPublisher(text);

  let baseLayoutId: StyleGuideBase;
  if (publisher) baseLayoutId = 'kdp-nonfiction';
  else if (citation) baseLayoutId = citation.base;
  else if (titlePage.required && contents.required) baseLayoutId = 'chicago';
  else if (pageNumbers.position === 'top-right' && titlePage.required === false) baseLayoutId = 'mla-9';
  else baseLayoutId = 'apa-7';
  const base = builtInStyleGuides.find((g) => g.id === baseLayoutId)!.requirements;

  if (citation) found.push(`Citation style: ${citation.name}`);
  else defaulted.push(`Citation style: ${base.citations.style} (default)`);

  const { margins, source: marginSource } = readMargins(all);
  const m = { ...base.margins, ...margins };
  const sidesFound = ALL_SIDES.filter((s) => margins[s] !== undefined);
  if (sidesFound.length > 0) {
    const same = sidesFound.length === 4 && ALL_SIDES.every((s) => m[s] === m.top);
    const described = same ? `${fmtIn(m.top)} on every side` : ALL_SIDES.map((s) => `${s} ${fmtIn(m[s])}`).join(', ');
    found.push(`Margins: ${described} (${marginSource.slice(0, 2).map(quote).join(', ')})`);
    for (const s of ALL_SIDES) if (margins[s] === undefined) defaulted.push(`${s[0]!.toUpperCase()}${s.slice(1)} margin: ${fmtIn(m[s])} (default)`);
  } else {
    defaulted.push(`Margins: ${fmtIn(base.margins.top)} top, ${fmtIn(base.margins.bottom)} bottom, ${fmtIn(base.margins.left)} left, ${fmtIn(base.margins.right)} right (default)`);
  }

  const font = readFont(all);
  if (font.family) found.push(`Font: ${font.family} (${quote(font.familySource!)})`);
  else defaulted.push(`Font: ${base.font.family} (default)`);
  if (font.size !== undefined) found.push(`Font size: ${font.size} pt (${quote(font.sizeSource!)})`);
  else defaulted.push(`Font size: ${base.font.size} pt (default)`);

  const spacing = readLineSpacing(all);
  const spacingName = (n: number) => (n === 2 ? 'double' : n === 1 ? 'single' : `${n}`);
  if (spacing.line !== undefined) found.push(`Line spacing: ${spacingName(spacing.line)} (${quote(spacing.source!)})`);
  else defaulted.push(`Line spacing: ${spacingName(base.spacing.line)} (default)`);
  const line = spacing.line ?? base.spacing.line;

  const position = pageNumbers.position ?? base.pageNumbers.position;
  if (pageNumbers.position) found.push(`Page numbers: ${pageNumbers.position.replace('-', ' ')} (${quote(pageNumbers.source!)})`);
  else defaulted.push(`Page numbers: ${base.pageNumbers.position.replace('-', ' ')} (default)`);
  const format = pageNumbers.romanFront ? 'roman-then-arabic' : base.pageNumbers.format;
  if (pageNumbers.romanFront) found.push('Page numbers: roman numerals in the preliminary pages, then arabic');

  const part = (label: string, read: { required?: boolean; source?: string }, fallback: boolean): boolean => {
    if (read.required === undefined) {
      defaulted.push(`${label}: ${fallback ? 'included' : 'not included'} (default)`);
      return fallback;
    }
    found.push(`${label}: ${read.required ? 'required' : 'not included'} (${quote(read.source!)})`);
    return read.required;
  };

  const numbered = all.some((s) => /\bnumbered (headings|sections)\b|\bnumber (your |all |the )?(headings|sections)\b|\bdecimal numbering\b/i.test(s) && !isNegated(s, /number/i));

  const requirements: StyleGuideRequirements = {
    margins: m,
    font: { family: font.family ?? base.font.family, size: font.size ?? base.font.size, lineHeight: line },
    spacing: { paragraph: base.spacing.paragraph, line },
    headers: { style: base.headers.style, numbering: numbered || base.headers.numbering },
    citations: citation ? { ...base.citations } : { ...base.citations },
    pageNumbers: { position, format },
    titlePage: part('Title page', titlePage, base.titlePage),
    tableOfContents: part('Table of contents', contents, base.tableOfContents),
    abstract: part('Abstract', abstract, base.abstract),
    acknowledgments: part('Acknowledgments', acknowledgments, base.acknowledgments),
    appendices: part('Appendices', appendices, base.appendices),
  };
  if (numbered) found.push('Headings: numbered');
  return {
    requirements,
    findings: { found, defaulted },
    baseLayoutId,
    styleGuide: citation?.name ?? 'Custom',
    category: publisher ? 'publishing' : 'academic',
  };
}
