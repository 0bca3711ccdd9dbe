/**
 * Plain-text tables (issue 31, "Readers / Plain text"): column-aligned blocks with figures become pipe tables, and
 * nothing else does. Synthetic cases pin the evidence (dot leaders, money, a contents list, verse, a title page);
 * the shared corpus checks real books: the People's Handy Atlas (pg21054) and a publisher's price list (pg18220)
 * against the `<table>`s of their HTML editions, every word kept, and no table in any book of `gutenberg/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { markTablesPass } from '../../src/clean/passes/mark-tables.ts';
import { normalizeWhitespacePass } from '../../src/clean/passes/normalize-whitespace.ts';
import { detectTable, isFigure, isPipeTable } from '../../src/structure/detect-tables.ts';
import { passTable, runPass } from '../helpers/pass-table.ts';
import { CORPUS_DIR, wordSurvival } from '../read-clean/corpus-helpers.ts';

describe('isFigure', () => {
  it('reads numbers, money, fractions, percentages and dates as figures, words as words', () => {
    for (const f of ['1s. 6d.', '£3 10s.', '$164,195,488,940', '-1.3', '1/2', '4-1/2', '½ lb.', '22.7 per cent.', 'Dec. 25, 1910', '*77,256,630']) {
      expect(isFigure(f), f).toBe(true);
    }
    for (const w of ['Beef', 'Chapter 12', 'three pints of milk', 'Alabama', '']) expect(isFigure(w), w).toBe(false);
  });
});

describe('detectTable', () => {
  it('a price list with dot leaders: two columns, the prices flush right, no header', () => {
    const t = detectTable(['Beef ............ 1s. 6d.', 'Mutton .......... 1s. 2d.', 'Veal ............ 1s. 4d.', 'Pork ............   11d.']);
    expect(t).toEqual({ header: undefined, rows: [['Beef', '1s. 6d.'], ['Mutton', '1s. 2d.'], ['Veal', '1s. 4d.'], ['Pork', '11d.']], align: ['left', 'right'] });
  });

  it('money columns under a header row of labels', () => {
    const t = detectTable([
      'Article          Quantity     Price',
      'Flour            1 stone      £0 2s. 4d.',
      'Butter           2 lb.        £0 2s. 0d.',
      'Tea              1/2 lb.      £0 1s. 9d.',
    ]);
    expect(t?.header).toEqual(['Article', 'Quantity', 'Price']);
    expect(t?.rows).toHaveLength(3);
    expect(t?.align).toEqual(['left', 'right', 'right']);
  });

  it('labels over the figures only (the row labels’ column left empty) are the header', () => {
    const t = detectTable([
      '                              1909.          1910.',
      'Value of imports      1,475,000,000  1,550,000,000',
      'Value of exports      1,730,000,000  1,843,000,000',
      'Fire losses             203,649,150    229,942,650',
    ]);
    expect(t?.header).toEqual(['', '1909.', '1910.']);
    expect(t?.rows[2]).toEqual(['Fire losses', '203,649,150', '229,942,650']);
  });

  it('a contents list is not a table (the contents pass decides about it)', () => {
    expect(detectTable(['CHAPTER I. .......... 1', 'CHAPTER II. ......... 14', 'CHAPTER III. ........ 27', 'CHAPTER IV. ......... 40'])).toBeUndefined();
    expect(detectTable(['Flags of all Nations          12, 13', 'Relief Map of Panama          14', 'Panama Canal                  15'])).toBeUndefined();
    expect(detectTable(['I.    The Old Sea-dog      3', 'II.   Black Dog            12', 'III.  The Black Spot       21'])).toBeUndefined();
  });

  it('indented verse, a centred title page and prose are not tables', () => {
    expect(detectTable(['    The sea is calm to-night.', '  The tide is full, the moon lies fair', '    Upon the straits; on the French coast', '  the light gleams and is gone.'])).toBeUndefined();
    expect(detectTable(['                THE BOOK', '              OF THE 1st', '          IN TWO VOLUMES', '              VOL. 2.'])).toBeUndefined();
    expect(
      detectTable([
        'It was the 3rd of May.  He rose at 6, dressed, and went out; the',
        'street was empty at 7.  Nobody came by 8, and at 9 he went home',
        'to wait, in 1805, for the 10th regiment.  Nothing came of it.',
      ]),
    ).toBeUndefined();
  });

  it('words split by italics across the columns keep the line as text', () => {
    expect(detectTable(['_Reprinted_    _January    1912_', '     "         _February   1912_', '     "         _July       1917_'])).toBeUndefined();
  });
});

passTable(
  markTablesPass,
  [
    {
      name: 'a price list becomes a pipe table; prose around it stays',
      input: 'The prices were these:\n\nBeef ............ 1s. 6d.\nMutton .......... 1s. 2d.\nVeal ............ 1s. 4d.\n\nSo it went on.\n',
      expected: 'The prices were these:\n\n| | |\n| --- | ---: |\n| Beef | 1s. 6d. |\n| Mutton | 1s. 2d. |\n| Veal | 1s. 4d. |\n\nSo it went on.\n',
      count: 1,
    },
    {
      name: 'a title line over the columns stays a paragraph; `|` in a cell is escaped',
      input: 'PRICES OF MEAT IN 1890, BY THE POUND\nBeef|Ox       1s. 6d.\nMutton         1s. 2d.\nVeal           1s. 4d.\n',
      expected: 'PRICES OF MEAT IN 1890, BY THE POUND\n\n| | |\n| --- | ---: |\n| Beef\\|Ox | 1s. 6d. |\n| Mutton | 1s. 2d. |\n| Veal | 1s. 4d. |\n',
      count: 1,
    },
    {
      name: 'runs of rows between blank lines, a short one among them, are one table',
      input: 'Aberdeen, S. Dak.     10,753\nAbilene, Tex.          9,204\nAkron, Ohio           69,067\n\nQuincy, Ill.          36,587\n\nRacine, Wis.          38,002\nRahway, N.J.           9,337\nRaleigh, N. Car.      19,218\n',
      expected:
        '| | |\n| --- | ---: |\n| Aberdeen, S. Dak. | 10,753 |\n| Abilene, Tex. | 9,204 |\n| Akron, Ohio | 69,067 |\n| Quincy, Ill. | 36,587 |\n| Racine, Wis. | 38,002 |\n| Rahway, N.J. | 9,337 |\n| Raleigh, N. Car. | 19,218 |\n',
      count: 1,
    },
    { name: 'a contents list is left to the contents pass', input: 'CHAPTER I. ..... 1\nCHAPTER II. .... 14\nCHAPTER III. ... 27\n', expected: 'CHAPTER I. ..... 1\nCHAPTER II. .... 14\nCHAPTER III. ... 27\n', count: 0 },
  ],
  { wordsSurvive: true },
);

describe('cleanup keeps a table line by line', () => {
  const input = [
    'CHAPTER I',
    '',
    'The household accounts for the week stood as follows, and my aunt read',
    'them aloud to us after dinner with great satisfaction.',
    '',
    'Bread -- two loaves ......... 0s. 8d.',
    'Milk ........................ 1s. 2d.',
    'Candles ..................... 0s. 9d.',
    '',
    'Nobody said anything.',
    '',
  ].join('\n');

  it('the rows are not joined, the delimiter row is no dash, and a second cleaning changes nothing', () => {
    const once = cleanText(input).markdown;
    expect(once).toContain('| | |\n| --- | ---: |\n| Bread—two loaves | 0s. 8d. |\n| Milk | 1s. 2d. |\n| Candles | 0s. 9d. |\n');
    expect(cleanText(once).markdown).toBe(once);
    expect(wordSurvival(input, once).missing).toEqual([]);
    expect(cleanText(input).report.passes.find((p) => p.id === 'tables')?.count).toBe(1);
  });

  it('isPipeTable knows the table it wrote', () => {
    const once = cleanText(input).markdown;
    const block = once.split('\n\n').find((b) => b.startsWith('| |'))!;
    expect(isPipeTable(block.trimEnd().split('\n'))).toBe(true);
    expect(isPipeTable(['| not a table |', 'next line'])).toBe(false);
  });
});

const HAVE_CORPUS = fs.existsSync(path.join(CORPUS_DIR, 'pairs')) && fs.existsSync(path.join(CORPUS_DIR, 'gutenberg'));

/** The pass alone on a book's text, its whitespace normalised first (as the pipeline does): the Markdown and the count. */
function tablesOf(file: string): { input: string; text: string; count: number } {
  const input = runPass(normalizeWhitespacePass, fs.readFileSync(file, 'utf8')).text;
  return { input, ...runPass(markTablesPass, input) };
}

/** `<table>` elements of an HTML edition. */
function htmlTables(file: string): number {
  return fs.readFileSync(file, 'latin1').match(/<table\b/gi)?.length ?? 0;
}

describe.skipIf(!HAVE_CORPUS)('plain-text tables of the corpus', () => {
  const pairs = path.join(CORPUS_DIR, 'pairs');

  it("People's Handy Atlas (pg21054): the census, the commerce table and both lists of towns, every word kept", () => {
    const { input, text, count } = tablesOf(path.join(pairs, 'pg21054-peoples-handy-atlas-1910.txt'));
    // The HTML edition has 6 tables: these 4, its index (a list of page numbers, which stays text) and a one-row
    // layout table around a caption.
    expect(htmlTables(path.join(pairs, 'pg21054-peoples-handy-atlas-1910-h.htm'))).toBe(6);
    expect(count).toBe(4);
    expect(text).toContain('| Alabama | 2,138,093 | 1,828,697 | 1,513,401 | 309,396 | 16.9 | 315,296 | 20.8 |');
    expect(text).toContain('| | 1909. | 1910. | % Inc. |\n| --- | ---: | ---: | ---: |\n| *All bank clearings | $164,195,488,940 | $162,000,000,000 | -1.3 |');
    // The towns of the United States, letter by letter, are one table of 1,139 rows, as in the HTML edition (1,163
    // rows there, with its letter rows).
    const tables = text.split(/\n\n+/).filter((b) => b.startsWith('| '));
    const rows = tables.map((b) => b.split('\n').length - 2);
    expect(rows.filter((n) => n > 900)).toHaveLength(2);
    expect(wordSurvival(input, text).missing).toEqual([]);
  });

  it('Cidade e as Serras (pg18220): the publisher’s price list is a table', () => {
    const { input, text, count } = tablesOf(path.join(pairs, 'pg18220-cidade-e-as-serras.txt'));
    expect(count).toBe(1);
    expect(text).toMatch(/\| Sem remedio \| \$500 \|/);
    expect(wordSurvival(input, text).missing).toEqual([]);
  });

  it('the pairs: tables found against the HTML editions’ <table>s, and no table where the HTML edition has none', () => {
    const found = new Map<string, number>();
    let html = 0;
    let inBooksWithTables = 0;
    for (const file of fs.readdirSync(pairs).filter((f) => f.endsWith('.txt'))) {
      const n = tablesOf(path.join(pairs, file)).count;
      const h = htmlTables(path.join(pairs, file.replace(/\.txt$/, '-h.htm')));
      html += h;
      if (n > 0) found.set(file, n);
      if (h > 0) inBooksWithTables += Math.min(n, h);
      // A table found where the HTML edition has none is a false table.
      expect(n === 0 || h > 0, `${file}: ${n} tables, HTML edition ${h}`).toBe(true);
    }
    expect([...found.keys()].sort()).toEqual(['pg18220-cidade-e-as-serras.txt', 'pg21054-peoples-handy-atlas-1910.txt']);
    // Recall against every `<table>` of the HTML editions (most are contents lists and layout, which stay text).
    expect(inBooksWithTables).toBe(5);
    expect(html).toBeGreaterThan(40);
  });

  it('no table in any book of gutenberg/ (novels, verse, sermons, plays)', () => {
    const dir = path.join(CORPUS_DIR, 'gutenberg');
    const books = fs.readdirSync(dir).filter((f) => f.endsWith('.txt'));
    expect(books.length).toBeGreaterThan(10);
    for (const file of books) expect(tablesOf(path.join(dir, file)).count, file).toBe(0);
  }, 60_000);
});
