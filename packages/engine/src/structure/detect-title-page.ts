/**
 * The source's own title page: the display lines a Project Gutenberg text (or any transcription of a printed
 * book) keeps at the top of its body, before the first heading or the first prose:
 *
 * ```
 * Frankenstein;            THE CONFESSIONS OF SAINT AUGUSTINE       HISTORY OF THE DECLINE AND FALL ...
 * or, the Modern Prometheus   By Saint Augustine                     Edward Gibbon, Esq.
 * by                          Bishop of Hippo                        With notes by the Rev. H. H. Milman
 * Mary Wollstonecraft ...     Translated by E. B. Pusey
 * ```
 *
 * Quire prints its own title page and copyright page from the book details (Chicago Manual of Style 17th ed.
 * 1.17-1.21), so these lines are not the book's text: what they say becomes metadata (subtitle, translator,
 * editor, edition, the source edition's imprint) and the lines leave the body.
 *
 * What is a title-page line (each recognised by its words, never by its position alone):
 * - the title: a line whose letters are the book's title, its main title, or a run of its words (`THE` +
 *   `SPIRIT OF CHRISTMAS`); consecutive title lines add up;
 * - the subtitle: right after the title, the rest of the header's title (`A Trivial Comedy for Serious
 *   People`) or an alternative title (`or, THE WHALE.`);
 * - the by-line: `by` alone, `By Leo Tolstoy/Tolstoi`, the author's name (`Edward Gibbon, Esq.`), and a short
 *   description under a name (`Bishop of Hippo`);
 * - contributors: `Translated by ...` / `Translated from the Russian by ...`, `Edited by ...`,
 *   `With notes by ...` (an annotator), `Compiled by ...`; the name may stand on the next line after a
 *   line ending in `by` (`TRANSLATED WITH THE HELP OF OTHERS` / `BY` / `PROF. JOHN NICHOLAS LENKER, D.D.`);
 * - the edition: a line naming an edition (`THE MILLENNIUM FULCRUM EDITION 3.0`, `THIRD THOUSAND`);
 * - the imprint (Chicago 1.18: place, publisher, date): a publisher's name (`CHARLES SCRIBNER’S SONS`, `The
 *   Luther Press`), a date (`1911`, `AD 401`), a place in capitals beside them (`NEW YORK`), a city of publication
 *   (`London`) and the name under it (`George Allen.`), a year set as a figure's caption (`[Illustration: 1894]`);
 * - the publisher's address (`Ruskin House.`, `156. Charing Cross Road.`): dropped, as a bibliographic imprint names
 *   the city only (Chicago 14.133);
 * - the printer's line of the source edition (`CHISWICK PRESS:--CHARLES WHITTINGHAM AND CO.` / `TOOKS COURT,
 *   CHANCERY LANE, LONDON.`: a firm above a street address, or `Printed by ...`): it names who printed that
 *   edition, not ours, so it leaves the text and is kept as the end of the source credit;
 * - a block set in two columns (`Ruskin       156. Charing` / `House.        Cross Road.`) is read column by column.
 *
 * A real dedication or epigraph is never a title-page line (they are found by `detect-front-matter.ts`), nor is
 * a heading keyword (`CONTENTS`, `PREFACE`, `VOLUME ONE`), nor prose.
 *
 * Checklist:
 * - [X] title, subtitle, by-line, author's description, translator, editor / annotator / compiler, edition, imprint
 * - [X] the source's own copyright notice boxed by scene breaks under the title page (`Copyright, 1905, by ...`):
 *       into the source credit
 * - [X] other contributors (`with a Preface by` / `George Saintsbury`, `Illustrations by Hugh Thomson`): credits
 * - [X] an imprint set in two columns (pg1342 2020s: `Ruskin       156. Charing` / `House.        Cross Road.`)
 * - [X] a city of publication with the publisher's name under it (`London` / `George Allen.`), the printer's line
 */
import type { BookMeta, EditorRole } from '../model/book-document.ts';
import { classifyFrontHeading, metaKey } from './detect-front-matter.ts';
import { classifyHeadingLine, isAllCaps } from './heading-lines.ts';
import { isSceneBreakLine } from './markdown-syntax.ts';

/** A block of text (its lines, indentation kept). */
export interface TitlePageBlock {
  lines: readonly string[];
}

/** What the source's title page says, each value as the book prints it (capitals made title case). */
export interface TitlePageFacts {
  /** The title as the title page sets it (`Frankenstein;` -> `Frankenstein`). */
  title?: string;
  subtitle?: string;
  /** The author as the title page names them; only used when the header named none. */
  author?: string;
  translator?: string;
  editor?: string;
  editorRole?: EditorRole;
  edition?: string;
  /** Other contributors as credited (`With a Preface by George Saintsbury`, `Illustrations by Hugh Thomson`). */
  credits: string[];
  /** The source edition's own copyright notice lines (`Copyright, 1905, by Charles Scribner’s Sons`). */
  notices: string[];
  /** The source edition's imprint lines in order: place, publisher, year (`New York`, `Charles Scribner’s Sons`, `1911`). */
  imprint: string[];
  /** The source edition's printer's line, its lines joined (`Chiswick Press: Charles Whittingham and Co., Tooks Court, ...`). */
  printer: string[];
}

/** The title page found: blocks `start` .. `end - 1`, of which `dropped` are its lines (figures kept). */
export interface TitlePageRange {
  start: number;
  end: number;
  /** Indexes of the blocks that are title-page lines (the others in the range are figures, kept in place). */
  dropped: number[];
  /** Number of lines the title page had. */
  lineCount: number;
  facts: TitlePageFacts;
}

/** What the detection knows of the book (from the Project Gutenberg header or the user). */
export interface TitlePageMeta {
  title?: string;
  author?: string;
}

/** `by` alone on its line, in the languages Quire reads (`Por`, `Par`, `Von`, `Di`). */
const BY_ALONE = /^(?:by|por|par|von|di)\.?$/i;

/** The title page is within the first blocks of the body. */
const WINDOW_BLOCKS = 14;
/** A block with more lines than this is text, not a title page. */
const MAX_BLOCK_LINES = 6;

/** `Translated from the Russian by Louise and Aylmer Maude`, `TRANSLATED WITH THE HELP OF OTHERS BY ...`. */
const TRANSLATED = /^(?:translated|traduit|traduction|traducci[oó]n|traducido|[üu]bersetzt|tradotto|traduzione|tradu[çc][ãa]o|traduzido)\b(?:.*?\b(?:by|par|por|von|da|di|de)(?:\s+(.+))?)?$/iu;
/** `Edited by`, `Compiled by`, `Selected and edited by`, `With notes by the Rev. H. H. Milman`. */
const CREDITS: ReadonlyArray<[RegExp, EditorRole]> = [
  [/^(?:edited|selected\s+and\s+edited|revised\s+and\s+edited)\b(?:.*?)\bby(?:\s+(.+))?$/i, 'editor'],
  // `Herausgegeben von`, `Publié par`, `Editado por`, `A cura di`.
  [/^(?:herausgegeben|publi[ée]e?s?|[ée]dit[ée]e?s?|editado|a\s+cura)\b(?:.*?)\b(?:von|par|por|di)(?:\s+(.+))?$/iu, 'editor'],
  [/^(?:compiled|collected|selected)\b(?:.*?)\bby(?:\s+(.+))?$/i, 'compiler'],
  [/^with\s+(?:an?\s+|the\s+)?(?:notes?|annotations|commentary|explanatory\s+notes)\b(?:.*?)\bby(?:\s+(.+))?$/i, 'annotator'],
];
/** Other contributors: `with a Preface by`, `With an Introduction by X`, `Illustrations by`, `Illustrated by X`. */
const OTHER_CREDIT = /^((?:with\s+(?:an?\s+|the\s+)?)?(?:preface|introduction|foreword|illustrations?|drawings|pictures|frontispiece|portrait)\b.*?\bby|illustrated\s+by|(?:illustrations|ilustraciones|illustrazioni|ilustra[çc][õo]es)\s+(?:de|di)|illustriert\s+von)(?:\s+(.+))?$/iu;

/** A credit's words as printed, capitals made title case (`WITH AN INTRODUCTION BY` -> `With an Introduction by`). */
function tidyCredit(s: string): string {
  return isAllCaps(s) ? titleCase(s).replace(/\bBy$/, 'by') : s;
}

const EDITION = /\b(?:EDITION|ÉDITION|EDICI[OÓ]N|AUFLAGE|EDIZIONE|EDI[ÇC][ÃA]O)(?![\p{L}\p{N}])|^(?:[A-Z]+\s+)?THOUSAND\.?$/iu;
/** The set a volume belongs to (`IN TEN VOLUMES`): the title says which volume this is. */
const SET_NOTE = /^IN\s+\p{L}+\s+VOLUMES\.?$/iu;
/** A publisher's name: the words firms carry. */
const PUBLISHER = /(?<![\p{L}\p{N}])(?:SONS|PRESS|PUBLISHERS?|PUBLISHING|COMPANY|CO\.|&\s*CO\b|LTD\.?|LIMITED|BROTHERS|BROS\.|VERLAG|VERLAGSBUCHHANDLUNG|BUCHHANDLUNG|DRUCK|IMPRENTA|IMPRIMERIE|LIBRER[IÍ]A|LIBRAIRIE|LIBRERIA|LIVRARIA|EDITORES|EDITORE|EDITORI|[ÉE]DITEURS?|TIPOGRAF[IÍ]A|LITOGRAF[IÍ]A|TYPOGRAPHIE|CASA\s+EDITRICE)(?![\p{L}\p{N}])/iu;
/** A date line: `1911`, `1909.`, `AD 401`, `A.D. 1776`, `MDCCCXVIII`. */
const DATE = /^(?:A\.?\s?D\.?\s*)?\d{3,4}\.?$|^M[DCLXVI]{3,}\.?$/;

/**
 * A publisher's or printer's premises: a street address (`156. Charing Cross Road.`, `TOOKS COURT, CHANCERY LANE,
 * LONDON.`) or a named house (`Ruskin House.`).
 */
const ADDRESS = /^(?:\d+\.?\s+)?(?:[\p{Lu}][\p{L}’'.-]*\s+){0,3}(?:ROAD|STREET|LANE|COURT|SQUARE|AVENUE|ROW|YARD|BUILDINGS|STRAND)\b.{0,40}$|^[\p{Lu}][\p{L}’'-]+\s+HOUSE\.?$/iu;
/** A printer's line: `Printed by ...`, `... Printers`, `PRINTED AT THE ... PRESS`. */
const PRINTER = /^printed\s+(?:by|at|for)\b|\bprinters?\b/i;
/**
 * Cities of publication (the places of the imprints of English, American and German books of the corpus's era;
 * Chicago 14.133 names the city alone). A line that is one of them, with an optional state or `and` another
 * (`London and New York`), is the imprint's place.
 */
const PLACE = /^(?:(?:London|New\s+York|Boston|Philadelphia|Chicago|Edinburgh|Glasgow|Dublin|Oxford|Cambridge|Toronto|Montreal|Sydney|Melbourne|Paris|Leipzig|Berlin|Stuttgart|Vienna|Wien|M(?:ü|ue)nchen|Munich|Minneapolis|Baltimore|Cincinnati|San\s+Francisco|Madrid|Barcelona|Valencia|Sevilla|Buenos\s+Aires|M[ée]xico|La\s+Habana|Lima|Santiago|Lisboa|Porto|Rio\s+de\s+Janeiro|Milano|Roma|Firenze|Torino|Napoli|Venezia|Bruxelles|Gen[eè]ve|Lyon|Z(?:ü|ue)rich|Hamburg|Dresden|Frankfurt|Bern|Amsterdam)(?:,\s*[\p{L}.\s]{2,24})?(?:\s*(?:and|&)\s*)?)+\.?$/iu;
/** A name under the city of an imprint (`George Allen.`, `Macmillan and Co.`): capitalised words. */
const NAME = /^\p{Lu}[\p{L}.’'-]*(?:\s+(?:and|&|\p{Lu}[\p{L}.’'-]*)){0,4}$/u;

/** `Copyright, 1905, by Charles Scribner's Sons`, `Published, October, 1905`: the source edition's own notice. */
const SOURCE_NOTICE = /^(?:copyright|published|first\s+published)\b.{0,80}\b\d{4}\b.{0,40}$|^(?:all\s+rights\s+reserved|todos\s+los\s+derechos|tous\s+droits|alle\s+rechte|tutti\s+i\s+diritti|todos\s+os\s+direitos)\b.{0,60}$/iu;

/** Words of a line for matching a title: lower case, possessive `'s` dropped. */
function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The main title of a header title: before `:`, `;` or `, or` (`Frankenstein or The Modern Prometheus` -> `Frankenstein`). */
export function mainTitleOf(title: string): string {
  return title.split(/\s*[:;]\s*|,?\s+or,?\s+/i)[0]!.trim();
}

/**
 * A value as printed, for the book details: Markdown emphasis, surrounding punctuation and a final full stop
 * dropped, lines in capitals set in title case (`THE MILLENNIUM FULCRUM EDITION 3.0` -> `The Millennium
 * Fulcrum Edition 3.0`; Chicago 8.159 for the small words).
 */
export function tidyValue(s: string): string {
  let v = s.replace(/[_*]/g, '').replace(/\s+/g, ' ').trim().replace(/^[,;:]\s*|[,;:]$/g, '').trim();
  // A final full stop, but not one ending an abbreviation (`D.D.`, `Esq.`, `Co.`).
  if (/[^.\s]{4,}\.$/.test(v) && !/\b(?:Esq|Bros|Ltd)\.$/i.test(v)) v = v.slice(0, -1);
  const or = /^or\b[,;]?\s*/i.exec(v)?.[0] ?? '';
  const rest = v.slice(or.length);
  return isAllCaps(rest) ? `${or}${titleCase(rest)}` : v;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with']);

function titleCase(s: string): string {
  let first = true;
  return s.toLowerCase().replace(/[\p{L}’']+/gu, (w, at: number, all: string) => {
    // An initial (`U.S.A.`, `H. H.`) stays a capital.
    const initial = w.length === 1 && all[at + 1] === '.';
    const out = !first && !initial && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1);
    first = false;
    return out;
  }).replace(/\b(?:[ivxlcdm]+)\b(?=\.?$)/giu, (r) => (r.length > 1 ? r.toUpperCase() : r));
}

/** A person's name in a credit, without a leading `the` (`the Rev. H. H. Milman` -> `Rev. H. H. Milman`). */
function personOf(s: string): string {
  return tidyValue(s.replace(/^the\s+/i, ''));
}

/** A line that is a heading keyword (`CONTENTS`, `PREFACE`, `VOLUME ONE`, `CHAPTER I`): the title page is over. */
function isHeadingKeyword(line: string): boolean {
  const text = line.trim().replace(/^#+\s*/, '');
  return /^(?:CONTENTS|TABLE\s+OF\s+CONTENTS)\.?$/i.test(text) || classifyHeadingLine(text) !== undefined || classifyFrontHeading(text) !== undefined;
}

/** A figure or illustration tag: kept where it is, the title page may go on after it. */
function isFigure(block: TitlePageBlock): boolean {
  return /^\s*(?:!\[|\[Illustration)/i.test(block.lines[0] ?? '');
}

type LineKind =
  | 'title' | 'subtitle' | 'by' | 'author' | 'note' | 'translator' | 'editor' | 'edition' | 'imprint' | 'place' | 'date' | 'credit'
  | 'address' | 'printer';

/** The state of a reading of the title page, line by line. */
interface Reading {
  facts: TitlePageFacts;
  titleWords: string[];
  mainTitleWords: string[];
  authorKey: string;
  authorName: string;
  /** Description lines in a row under a name. */
  notes: number;
  /** Title words matched so far by consecutive title lines. */
  progress: string[];
  previous: LineKind | undefined;
  /** A line ended in `by`: the next line is the name of this role. */
  pending: 'author' | 'translator' | EditorRole | { credit: string } | undefined;
  titleSeen: boolean;
}

/** True when `part` is a run of `whole` starting at `from`. */
function runAt(whole: readonly string[], part: readonly string[], from: number): boolean {
  if (part.length === 0 || from + part.length > whole.length) return false;
  return part.every((w, i) => whole[from + i] === w);
}

/** True when the title's words contain `part` as a run (anywhere). */
function containsRun(whole: readonly string[], part: readonly string[]): boolean {
  for (let i = 0; i + part.length <= whole.length; i++) if (runAt(whole, part, i)) return true;
  return false;
}

function assignCredit(r: Reading, role: NonNullable<Reading['pending']>, name: string): LineKind {
  if (typeof role === 'object') {
    r.facts.credits.push(`${role.credit} ${tidyValue(name)}`);
    return 'credit';
  }
  if (role === 'author') {
    r.facts.author ??= tidyValue(name);
    return 'author';
  }
  if (role === 'translator') {
    r.facts.translator ??= personOf(name);
    return 'translator';
  }
  r.facts.editor ??= personOf(name);
  r.facts.editorRole ??= role;
  return 'editor';
}

/** Classifies one line of a candidate title page; undefined when it is not a title-page line. */
function classifyLine(raw: string, next: string | undefined, r: Reading): LineKind | undefined {
  const line = raw.trim().replace(/^[_*]+|[_*]+$/g, '').trim();
  if (line === '' || line.length > 260) return undefined;
  const w = words(line);
  if (r.pending) {
    // `TRANSLATED WITH THE HELP OF OTHERS` / `BY` / the name.
    if (BY_ALONE.test(line)) return 'by';
    const role = r.pending;
    r.pending = undefined;
    if (w.length === 0 || w.length > 10 || isHeadingKeyword(line)) return undefined;
    return assignCredit(r, role, line);
  }
  if (BY_ALONE.test(line)) {
    r.pending = 'author';
    return 'by';
  }
  const translated = TRANSLATED.exec(line);
  if (translated) {
    if (translated[1]) return assignCredit(r, 'translator', translated[1]);
    r.pending = 'translator';
    return 'translator';
  }
  // `with a Preface by` / `George Saintsbury` / `and` / `Illustrations by` / `Hugh Thomson`.
  if (/^and$/i.test(line) && r.previous === 'credit') return 'by';
  const other = OTHER_CREDIT.exec(line);
  if (other) {
    const credit = other[1]!.replace(/^with\b/i, 'With').replace(/^(\p{Ll})/u, (c) => c.toUpperCase());
    if (other[2]) return assignCredit(r, { credit: tidyCredit(credit) }, other[2]);
    r.pending = { credit: tidyCredit(credit) };
    return 'credit';
  }
  for (const [re, role] of CREDITS) {
    const m = re.exec(line);
    if (!m) continue;
    if (m[1]) return assignCredit(r, role, m[1]);
    r.pending = role;
    return 'editor';
  }
  // The title: its words continue the run matched so far, or start one (`VOL. II.` of `Epistle Sermons, Vol. II`).
  const coversMain = r.titleSeen && r.progress.length >= r.mainTitleWords.length;
  if (w.length > 0 && !coversMain) {
    const continued = r.previous === 'title' ? [...r.progress, ...w] : w;
    const allMainWords = r.previous !== 'title' && r.mainTitleWords.length >= 2 && r.mainTitleWords.every((t) => w.includes(t)) && w.length <= r.mainTitleWords.length + 3;
    if (containsRun(r.titleWords, continued) || allMainWords) {
      // `The Importance of Being Earnest, by Oscar Wilde`: the main title is what was matched.
      r.progress = allMainWords && !containsRun(r.titleWords, continued) ? [...r.mainTitleWords] : continued;
      if (continued.length >= Math.min(2, r.mainTitleWords.length) || allMainWords) r.titleSeen = true;
      if (r.previous !== 'title') r.facts.title ??= tidyValue(line);
      return 'title';
    }
  }
  // The title set again (the title of the first page under a header's title line): the subtitle may follow.
  if (r.titleSeen && r.previous !== 'title' && w.length > 0 && w.join(' ') === r.mainTitleWords.join(' ')) {
    r.progress = [...r.mainTitleWords];
    return 'title';
  }
  // The subtitle: after the title, words of the rest of the header's title, or an alternative title (`or, THE WHALE.`).
  if ((r.previous === 'title' || r.previous === 'author') && r.titleSeen && !r.facts.subtitle) {
    const rest = r.titleWords.slice(r.progress.length);
    if ((w.length >= 2 && containsRun(rest, w)) || (r.previous === 'title' && /^or\b[,;]?\s+\S/i.test(line))) {
      r.facts.subtitle = tidyValue(line);
      return 'subtitle';
    }
  }
  if (isHeadingKeyword(line)) return undefined;
  // The author: their name (with a title after it: `Edward Gibbon, Esq.`), `By` + a name, the surname in the
  // possessive above the title (`LUTHER’S` / `EPISTLE SERMONS`).
  const key = metaKey(line);
  if (r.authorKey.length >= 3 && (key === r.authorKey || key.startsWith(r.authorKey) || key === `by${r.authorKey}`)) return 'author';
  const surname = r.authorKey ? words(r.authorName).pop() : undefined;
  if (surname && surname.length >= 3 && /['’]s$/i.test(line) && w.length === 1 && w[0] === surname) return 'author';
  // No author known: a name under the title (`ALICE’S ADVENTURES IN WONDERLAND` / `Lewis Carroll`).
  if (!r.authorKey && r.previous === 'title' && /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){1,4}$/u.test(line)) return assignCredit(r, 'author', line);
  const byName = /^(?:by|por|par|von|di)\s+(\p{Lu}.{1,80})$/iu.exec(line);
  if (byName && r.titleSeen && w.length <= 8) return assignCredit(r, 'author', byName[1]!);
  if (SET_NOTE.test(line)) return 'note';
  if (EDITION.test(line) && line.length <= 80) {
    r.facts.edition ??= tidyValue(line);
    return 'edition';
  }
  if (DATE.test(line)) {
    if (/^\d{4}\.?$/.test(line)) r.facts.imprint.push(line.replace(/\.$/, ''));
    return 'date';
  }
  const nextLine = next?.trim().replace(/^[_*]+|[_*]+$/g, '') ?? '';
  // The printer's line: `Printed by ...`, or a firm above a street address (`CHISWICK PRESS:--CHARLES WHITTINGHAM
  // AND CO.` / `TOOKS COURT, CHANCERY LANE, LONDON.`), and the address under it.
  if (r.previous === 'printer' && ADDRESS.test(line) && line.length <= 80) {
    r.facts.printer.push(tidyValue(line));
    return 'printer';
  }
  if ((PRINTER.test(line) || (PUBLISHER.test(line) && ADDRESS.test(nextLine))) && line.length <= 80 && w.length <= 10) {
    r.facts.printer.push(tidyValue(line.replace(/\s*:\s*-{1,2}\s*|\s*:?\s*[—–]\s*/, ': ')));
    return 'printer';
  }
  if (PUBLISHER.test(line) && line.length <= 60 && w.length <= 6) {
    r.facts.imprint.push(tidyValue(line));
    return 'imprint';
  }
  // The publisher's premises (`Ruskin House.`, `156. Charing Cross Road.`): not part of a bibliographic imprint.
  if (ADDRESS.test(line) && line.length <= 60 && w.length <= 6) return 'address';
  // The city of publication (`London`), and the publisher named under it (`George Allen.`).
  if (PLACE.test(line) && line.length <= 60) {
    r.facts.imprint.push(tidyValue(line));
    return 'place';
  }
  if (r.previous === 'place' && NAME.test(line) && w.length <= 5) {
    r.facts.imprint.push(tidyValue(line));
    return 'imprint';
  }
  // A place in capitals beside the imprint (`NEW YORK` above the publisher, `MINNEAPOLIS, MINN., U.S.A.` below it).
  const besideImprint = r.previous === 'imprint' || r.previous === 'place' || r.previous === 'date' || PUBLISHER.test(nextLine) || DATE.test(nextLine);
  if (besideImprint && isAllCaps(line) && line.length <= 40 && w.length <= 5) {
    r.facts.imprint.push(tidyValue(line));
    return 'imprint';
  }
  // A note in parentheses under the title or edition (`(Volume VIII of Luther’s Complete Works.)`).
  if (/^\(.*\)\.?$/.test(line) && line.length <= 120 && r.titleSeen) return 'note';
  // A description under a name (`Bishop of Hippo`; `Formerly of Yale Divinity School Faculty; ...`), at most three lines.
  const underName = r.previous === 'author' || r.previous === 'translator' || r.previous === 'editor' || r.previous === 'credit' || (r.previous === 'note' && r.notes < 3);
  // Not a line of verse running on (`Come, said my soul,` under the author: an epigraph, pg1322).
  // Nor the title of the book's first piece, with the text under it (`LE CRIME AU PÈRE BONIFACE` / `Ce jour-là, le
  // facteur ...`, pg14790).
  const headsText = nextLine.length > 70;
  if (underName && !headsText && /^\p{Lu}/u.test(line) && !/[.!?,;:]["”]?$/.test(line.replace(/\b(?:Etc|D\.D|Esq|[A-Z])\.$/i, ''))) {
    r.notes = r.previous === 'note' ? r.notes + 1 : 1;
    return 'note';
  }
  return undefined;
}

/**
 * Finds the source's title page among the first blocks of a book's body.
 * @param blocks the body's blocks from its top (after the Gutenberg header is gone), each its lines.
 * @param meta the title and author the header or the user gave: the title page must name the title.
 * @returns the range and what it says, or undefined when the text does not open with a title page (no line
 *   naming the title among the first {@link WINDOW_BLOCKS} blocks, before any prose or heading keyword).
 *   Pure; never throws.
 */
export function detectTitlePage(blocks: readonly TitlePageBlock[], meta: TitlePageMeta): TitlePageRange | undefined {
  const title = meta.title?.trim() ?? '';
  if (!title) return undefined;
  for (let start = 0; start < Math.min(blocks.length, WINDOW_BLOCKS); start++) {
    const first = blocks[start]!;
    if (first.lines.length > MAX_BLOCK_LINES || first.lines.join(' ').length > 300) return undefined;
    if (first.lines.some((l) => /^\s*#/.test(l))) return undefined;
    const found = readFrom(blocks, start, meta, title);
    if (found) return found;
  }
  return undefined;
}

/** Reads a block's lines into `r`; on failure `r` is left as it was and false returned. */
function readBlock(lines: readonly string[], next: string | undefined, r: Reading, first: boolean): boolean {
  const saved = {
    ...r,
    facts: { ...r.facts, imprint: [...r.facts.imprint], printer: [...r.facts.printer], credits: [...r.facts.credits], notices: [...r.facts.notices] },
    progress: [...r.progress],
  };
  let ok = true;
  lines.forEach((line, k) => {
    if (!ok) return;
    const kind = classifyLine(line, lines[k + 1] ?? next, r);
    if (!kind) ok = false;
    else r.previous = kind;
  });
  // The first block must open with the title (a by-line or an edition alone is no title page).
  if (ok && first && r.progress.length === 0) ok = false;
  if (!ok) Object.assign(r, saved);
  return ok;
}

function readFrom(blocks: readonly TitlePageBlock[], start: number, meta: TitlePageMeta, title: string): TitlePageRange | undefined {
  const r: Reading = {
    facts: { imprint: [], printer: [], credits: [], notices: [] },
    titleWords: words(title),
    mainTitleWords: words(mainTitleOf(title)),
    authorKey: meta.author ? metaKey(meta.author) : '',
    authorName: meta.author ?? '',
    notes: 0,
    progress: [],
    previous: undefined,
    pending: undefined,
    titleSeen: false,
  };
  const dropped: number[] = [];
  let lineCount = 0;
  // A year set as a figure's caption inside the title page (`[Illustration: 1894]`): the imprint's date.
  let figureYear: string | undefined;
  for (let i = start; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (isFigure(block)) {
      figureYear ??= /^\s*(?:!\[|\[Illustration:\s*)(\d{4})\.?\s*\]/i.exec(block.lines.join(' '))?.[1];
      continue;
    }
    const lines = block.lines.filter((l) => l.trim() !== '' && !/^\s*:::/.test(l));
    if (block.lines.length > MAX_BLOCK_LINES + 2 || lines.length === 0) break;
    // A scene break ends the title page, unless the source's own copyright notice follows it, boxed in two
    // (`* * *` / `Copyright, 1905, by ...` / `Published, October, 1905` / `* * *`): the notice goes with it.
    if (lines.length === 1 && isSceneBreakLine(lines[0]!.trim())) {
      let j = i + 1;
      const notices: string[] = [];
      while (j < blocks.length && blocks[j]!.lines.every((l) => l.trim() === '' || SOURCE_NOTICE.test(l.trim().replace(/^[_*]+|[_*]+$/g, '')))) {
        notices.push(...blocks[j]!.lines.map((l) => tidyValue(l)).filter(Boolean));
        j++;
      }
      if (notices.length === 0 || i === start) break;
      r.facts.notices.push(...notices);
      for (let k = i; k < j; k++) dropped.push(k);
      const closing = blocks[j]?.lines.filter((l) => l.trim() !== '');
      if (closing?.length === 1 && isSceneBreakLine(closing[0]!.trim())) dropped.push(j);
      lineCount += notices.length;
      // The copyright notice closes the title page's leaf: what follows is the book.
      break;
    }
    const next = blocks[i + 1]?.lines.find((l) => l.trim() !== '');
    // Line by line (`The Importance of Being Earnest` / `A Trivial Comedy ...`), else as one line hard-wrapped
    // mid-phrase (no line but the last ends in punctuation: lines of verse do).
    const wrapped = lines.length > 1 && lines.slice(0, -1).every((l) => !/[,;:.!?)"”]$/.test(l.trim()));
    const columns = columnsOf(lines);
    if (
      !readBlock(lines, next, r, i === start) &&
      (!wrapped || !readBlock([lines.map((l) => l.trim()).join(' ')], next, r, i === start)) &&
      (!columns || !readBlock(columns, next, r, i === start))
    ) {
      break;
    }
    dropped.push(i);
    lineCount += lines.length;
  }
  if (dropped.length === 0 || !r.titleSeen) return undefined;
  const imprintYear = r.facts.imprint.some((l) => /\b\d{4}\b/.test(l));
  if (figureYear && r.facts.imprint.length > 0 && !imprintYear) r.facts.imprint.push(figureYear);
  return { start, end: dropped[dropped.length - 1]! + 1, dropped, lineCount, facts: r.facts };
}

/**
 * A block set in two columns, each line two runs apart by three spaces or more (`Ruskin       156. Charing` /
 * `House.        Cross Road.`): the columns as lines, each read down (`Ruskin House.`, `156. Charing Cross Road.`).
 * Undefined when the block is not so set.
 */
function columnsOf(lines: readonly string[]): string[] | undefined {
  if (lines.length < 2) return undefined;
  const cells = lines.map((l) => l.trim().split(/\s{3,}/));
  if (cells.some((c) => c.length !== 2)) return undefined;
  return [cells.map((c) => c[0]).join(' '), cells.map((c) => c[1]).join(' ')];
}

/** `New York`, `Charles Scribner’s Sons`, `1911` -> `New York: Charles Scribner’s Sons, 1911` (Chicago 14.132). */
function imprintText(imprint: readonly string[]): string {
  if (imprint.length >= 2 && !/\d/.test(imprint[0]!) && !/\b(?:sons|press|publishers?|co\.|company|ltd)\b/i.test(imprint[0]!)) {
    return `${imprint[0]}: ${imprint.slice(1).join(', ')}`;
  }
  return imprint.join(', ');
}

/**
 * The book details a title page adds to what is known: what the header or the user gave wins, except that the
 * title loses the subtitle the title page sets apart (`Frankenstein or The Modern Prometheus` -> `Frankenstein`
 * + `or, the Modern Prometheus`); the imprint goes into the source credit (`Text from Project Gutenberg eBook
 * #14572 (New York: Charles Scribner’s Sons, 1911)`). Returns only the fields to set.
 */
export function titlePageDetails(facts: TitlePageFacts, meta: Readonly<Partial<BookMeta>>): Partial<BookMeta> {
  const out: Partial<BookMeta> = {};
  if (facts.subtitle && !meta.subtitle) {
    out.subtitle = facts.subtitle;
    // `Frankenstein or The Modern Prometheus` with the subtitle `or, the Modern Prometheus`: the title is `Frankenstein`.
    const sub = metaKey(facts.subtitle.replace(/^or\b[,;]?\s*/i, ''));
    const main = meta.title ? mainTitleOf(meta.title) : '';
    if (meta.title && main && sub.length >= 3 && metaKey(meta.title).endsWith(sub) && metaKey(main).length < metaKey(meta.title).length) {
      // The title page's own spelling when it is the same title (`MOBY-DICK;` -> `Moby-Dick`, not the header's `Moby Dick`).
      out.title = facts.title && metaKey(facts.title) === metaKey(main) ? facts.title : main;
    }
  }
  if (facts.author && !meta.author) out.author = facts.author;
  if (facts.translator && !meta.translator) out.translator = facts.translator;
  if (facts.editor && !meta.editor) {
    out.editor = facts.editor;
    if (facts.editorRole) out.editorRole = facts.editorRole;
  }
  if (facts.edition && !meta.edition) out.edition = facts.edition;
  if (facts.credits.length > 0 && !meta.credits?.length) out.credits = facts.credits;
  if (facts.imprint.length > 0 || facts.notices.length > 0 || facts.printer.length > 0) {
    const printer = facts.printer.length > 0 ? [`printed by ${facts.printer.join(', ')}`] : [];
    const imprint = [...(facts.imprint.length > 0 ? [imprintText(facts.imprint)] : []), ...facts.notices, ...printer].join('; ');
    out.sourceCredit = meta.sourceCredit ? `${meta.sourceCredit} (${imprint})` : `Text from the edition of ${imprint}`;
  }
  return out;
}
