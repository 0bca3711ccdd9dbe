/**
 * Proof matrix, navigation of four more shapes (issue 33, "Proof"): a play, a poetry collection, a collection of
 * essays and a novel not in English, from the plain-text editions of `corpus/pairs/` read and cleaned as a publisher
 * imports them, written in the default book layout. For each:
 * - the EPUB passes EPUBCheck with no error and no warning (the four in one JVM);
 * - its nav document lists the book's divisions, in order, nested as the book nests them;
 * - the PDF's outline (bookmarks, read with pdf.js) lists the same divisions (after the contents page's own
 *   bookmark). A bookmark may carry a division's title without its label (`Perdido` for `-I- Perdido`).
 * The divisions expected are written out below from the headings of each book's HTML edition in the same folder
 * (the volunteers' `<h2>`-`<h4>`, rules 1-3 of `scripts/eval/pairs.ts`), never from Quire's output; entries are
 * compared by their letters and digits, case and punctuation aside (`navKey`).
 *
 * What Quire gets wrong today is recorded on the division (`faults`, with the reason): the book's exact test is then
 * `it.fails`, and a second test pins everything else it lists, the faults let pass.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLayout, PdfProcessPool, writeEpub, writePdf } from '../../src/index.ts';
import { problems, type EpubcheckMessage } from '../epub-docx-html/helpers.ts';
import { epubcheckMany } from './epub-check-batch.ts';
import { epubNav, knownFaults, navDifferences, pdfOutline, type Division, type NavEntry } from './navigation.ts';
import { loadCorpusBook } from './proof-books.ts';

const LAYOUT_ID = 'print-ready-kdp';

/** Divisions with a title and no label. */
const titled = (...titles: string[]): Division[] => titles.map((title) => ({ title }));

/** Romeo and Juliet: `<h3>` (Dramatis Personæ, the prologue, the acts) and `<h4>` (scenes) of pg1513-romeo-and-juliet-h.htm. */
const ROMEO_AND_JULIET: Division[] = [
  {
    title: 'Dramatis Personæ',
    faults: { missing: 'the source’s “Dramatis Personæ” line stays a paragraph of the untitled section that opens the book (after what is left of the source’s contents list), so nothing lists it' },
  },
  { title: 'The Prologue' },
  {
    label: 'Act I',
    within: titled('Scene I. A public place.', 'Scene II. A Street.', 'Scene III. Room in Capulet’s House.', 'Scene IV. A Street.', 'Scene V. A Hall in Capulet’s House.'),
  },
  {
    label: 'Act II',
    within: titled(
      'Scene I. An open place adjoining Capulet’s Garden.',
      'Scene II. Capulet’s Garden.',
      'Scene III. Friar Lawrence’s Cell.',
      'Scene IV. A Street.',
      'Scene V. Capulet’s Garden.',
      'Scene VI. Friar Lawrence’s Cell.',
    ),
  },
  {
    label: 'Act III',
    within: titled(
      'Scene I. A public Place.',
      'Scene II. A Room in Capulet’s House.',
      'Scene III. Friar Lawrence’s cell.',
      'Scene IV. A Room in Capulet’s House.',
      'Scene V. An open Gallery to Juliet’s Chamber, overlooking the Garden.',
    ),
  },
  {
    label: 'Act IV',
    within: titled('Scene I. Friar Lawrence’s Cell.', 'Scene II. Hall in Capulet’s House.', 'Scene III. Juliet’s Chamber.', 'Scene IV. Hall in Capulet’s House.', 'Scene V. Juliet’s Chamber; Juliet on the bed.'),
  },
  {
    label: 'Act V',
    within: titled('Scene I. Mantua. A Street.', 'Scene II. Friar Lawrence’s Cell.', 'Scene III. A churchyard; in it a Monument belonging to the Capulets.'),
  },
];
// Left out of the list: the HTML edition's `<h4>` "SCENE. During the greater part of the Play in Verona ..." under
// Dramatis Personæ, which says where the play is set and is no division of it.

/** North of Boston: the poems' `<h2>` of pg3026-north-of-boston-h.htm. */
const NORTH_OF_BOSTON: Division[] = titled(
  'The Pasture',
  'Mending Wall',
  'The Death of the Hired Man',
  'The Mountain',
  'A Hundred Collars',
  'Home Burial',
  'The Black Cottage',
  'Blueberries',
  'A Servant to Servants',
  'After Apple-picking',
  'The Code',
  'The Generations of Men',
  'The Housekeeper',
  'The Fear',
  'The Self-seeker',
  'The Wood-pile',
  'Good Hours',
);

/** Bacon's Essays: the `<h2>` of pg575-bacon-essays-h.htm: the epistle dedicatory's address, the 58 essays, the glossary. */
const BACON_ESSAYS: Division[] = [
  {
    title: 'To the Right Honorable my very good Lord the Duke of Buckingham his Grace, Lord High Admiral of England. Excellent Lord:',
    also: ['Dedication', 'Epistle Dedicatory', 'The Epistle Dedicatory'],
    faults: { missing: 'the epistle dedicatory to the Duke of Buckingham is read as an untitled section of no known kind (with the source’s contents list, left as verse), which the nav and the outline leave out' },
  },
  ...titled(
    'Of Truth',
    'Of Death',
    'Of Unity In Religion',
    'Of Revenge',
    'Of Adversity',
    'Of Simulation And Dissimulation',
    'Of Parents And Children',
    'Of Marriage And Single Life',
    'Of Envy',
    'Of Love',
    'Of Great Place',
    'Of Boldness',
    'Of Goodness and Goodness Of Nature',
    'Of Nobility',
    'Of Seditions And Troubles',
    'Of Atheism',
    'Of Superstition',
    'Of Travel',
    'Of Empire',
    'Of Counsel',
    'Of Delays',
    'Of Cunning',
    'Of Wisdom For A Man’s Self',
    'Of Innovations',
    'Of Dispatch',
    'Of Seeming Wise',
    'Of Friendship',
    'Of Expense',
    'Of the True Greatness Of Kingdoms And Estates',
    'Of Regiment Of Health',
    'Of Suspicion',
    'Of Discourse',
    'Of Plantations',
    'Of Riches',
    'Of Prophecies',
    'Of Ambition',
    'Of Masques And Triumphs',
    'Of Nature In Men',
    'Of Custom And Education',
    'Of Fortune',
    'Of Usury',
    'Of Youth And Age',
    'Of Beauty',
    'Of Deformity',
    'Of Building',
    'Of Gardens',
    'Of Negotiating',
    'Of Followers And Friends',
    'Of Suitors',
    'Of Studies',
    'Of Faction',
    'Of Ceremonies, And Respects',
    'Of Praise',
    'Of Vain-glory',
    'Of Honor And Reputation',
    'Of Judicature',
    'Of Anger',
    'Of Vicissitude Of Things',
    'Of Fame',
    'A Glossary Of Archaic Words And Phrases',
  ),
];

/** Marianela: each chapter's `<h2>` number (`-I-`) and `<h3>` title of pg17340-marianela-h.htm. */
const MARIANELA: Division[] = (
  [
    ['I', 'Perdido'],
    ['II', 'Guiado'],
    ['III', 'Un diálogo que servirá de exposición'],
    ['IV', 'La familia de piedra'],
    ['V', 'Trabajo. Paisaje. Figura'],
    ['VI', 'Tonterías'],
    ['VII', 'Más tonterías'],
    ['VIII', 'Prosiguen las tonterías'],
    ['IX', 'Los Golfines'],
    ['X', 'Historia de dos hijos del pueblo'],
    ['XI', 'El patriarca de Aldeacorba'],
    ['XII', 'El doctor Celipín'],
    ['XIII', 'Entre dos cestas'],
    ['XIV', 'De cómo la Virgen María se apareció a la Nela'],
    ['XV', 'Los tres'],
    ['XVI', 'La promesa'],
    ['XVII', 'Fugitiva y meditabunda'],
    ['XVIII', 'La Nela se decide a partir'],
    ['XIX', 'Domesticación'],
    ['XX', 'El nuevo mundo'],
    ['XXI', 'Los ojos matan'],
    ['XXII', 'Adiós'],
  ] as const
).map(([n, title]) => ({ label: `-${n}-`, title }));
// Left out: the HTML edition's `<h3>` "FIN DE «MARIANELA»" and "Madrid.—Enero de 1878.", the book's ending and
// its dateline, no divisions.

interface NavigationBook {
  id: string;
  label: string;
  /** Relative to the corpus folder. */
  path: string;
  divisions: Division[];
}

const BOOKS: NavigationBook[] = [
  { id: 'romeo', label: 'play (Romeo and Juliet)', path: 'pairs/pg1513-romeo-and-juliet.txt', divisions: ROMEO_AND_JULIET },
  { id: 'frost', label: 'poetry collection (North of Boston)', path: 'pairs/pg3026-north-of-boston.txt', divisions: NORTH_OF_BOSTON },
  { id: 'bacon', label: 'essay collection (Bacon’s Essays)', path: 'pairs/pg575-bacon-essays.txt', divisions: BACON_ESSAYS },
  { id: 'marianela', label: 'novel in Spanish (Marianela)', path: 'pairs/pg17340-marianela.txt', divisions: MARIANELA },
];

/** The bookmark of the contents page, which the PDF's outline lists first (in the book's language). */
const CONTENTS_BOOKMARK = /^(?:contents|índice)$/i;

interface Outcome {
  epubMessages: EpubcheckMessage[];
  nav: NavEntry[];
  outline: NavEntry[];
}

let dir = '';
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-proof-navigation-'));
  const pool = new PdfProcessPool({ size: 1 });
  try {
    const layout = getLayout(LAYOUT_ID);
    const docs = await Promise.all(BOOKS.map((b) => loadCorpusBook(b.path)));
    const pdfs = Promise.all(docs.map((doc) => writePdf(doc, layout, { pool })));
    const epubs = await Promise.all(docs.map((doc) => writeEpub(doc, layout)));
    const files = BOOKS.map((b) => join(dir, `${b.id}.epub`));
    await Promise.all(files.map((f, i) => writeFile(f, epubs[i] as Uint8Array)));
    const [checked, pdfBytes] = await Promise.all([epubcheckMany(files, 1), pdfs]);
    for (const [i, b] of BOOKS.entries()) {
      const outline = await pdfOutline(pdfBytes[i] as Uint8Array);
      outcomes.set(b.id, {
        epubMessages: checked.get(files[i] as string) ?? [],
        nav: epubNav(epubs[i] as Uint8Array),
        outline: CONTENTS_BOOKMARK.test(outline[0]?.text ?? '') ? outline.slice(1) : outline,
      });
    }
  } finally {
    await pool.close();
  }
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const outcome = (id: string): Outcome => {
  const o = outcomes.get(id);
  if (!o) throw new Error(`No outcome for ${id}`);
  return o;
};

describe.each(BOOKS)('navigation of a $label', (book) => {
  const faults = knownFaults(book.divisions);
  // A book with a known fault has its exact tests marked as failing: they pass again, and must lose the mark, when
  // Quire lists every division (each fault's reason is on its division, above).
  const exact = faults.length > 0 ? it.fails : it;
  const wrong = faults.length > 0 ? ` (fails today: ${faults.length} known faults, named in its list of divisions)` : '';

  it('EPUB: EPUBCheck finds no error and no warning', () => {
    expect(problems(outcome(book.id).epubMessages)).toEqual([]);
  });

  exact(`EPUB nav lists its ${book.divisions.length} divisions${wrong}`, () => {
    expect(navDifferences(outcome(book.id).nav, book.divisions)).toEqual([]);
  });

  exact(`PDF outline lists the same divisions${wrong}`, () => {
    expect(navDifferences(outcome(book.id).outline, book.divisions)).toEqual([]);
  });

  if (faults.length > 0) {
    it('EPUB nav and PDF outline list every other division right', () => {
      expect(navDifferences(outcome(book.id).nav, book.divisions, true)).toEqual([]);
      expect(navDifferences(outcome(book.id).outline, book.divisions, true)).toEqual([]);
    });
  }
});
