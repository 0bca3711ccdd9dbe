/**
 * Answers of the extractions API for component tests, in the contracts' shapes: three passages about Christmas from
 * a collection of sermons (a whole section, an excerpt of a long one, a passing one), an extraction of them, and
 * a passage in full.
 */
import type { Extraction, ExtractionSection, PassageText } from '@quire/contracts';

/** Offsets of every `word` in `text` (as the server marks the matched words of a preview). */
function marks(text: string, ...words: string[]) {
  return words.flatMap((word) => [...text.matchAll(new RegExp(word, 'g'))].map((m) => ({ start: m.index, end: m.index + word.length })));
}

const keepPreview = 'Are you willing to stoop down and consider the needs of little children? Then you can keep Christmas.';
const prayerPreview = 'Let us pray that the strength of the Nativity be our strength, and the joy of Christmas our joy.';
const shepherdsPreview = 'The shepherds on the hills near Bethlehem heard the song of the angels.';

export const christmasSections: ExtractionSection[] = [
  {
    passageId: 's3',
    title: 'Keeping Christmas',
    relevanceScore: 0.91,
    contentPreview: keepPreview,
    themes: ['Children', 'Kindness'],
    highlights: marks(keepPreview, 'Christmas'),
    source: { kind: 'section', sectionTitle: 'Keeping Christmas', sectionIndex: 3, sectionCount: 28, positionPercent: 8.2, wordCount: 412 },
  },
  {
    passageId: 's12:40-58',
    title: 'A Christmas Prayer',
    relevanceScore: 0.74,
    contentPreview: prayerPreview,
    themes: ['Prayer', 'Joy'],
    highlights: marks(prayerPreview, 'Nativity', 'Christmas'),
    source: {
      kind: 'window',
      sectionTitle: 'Christmas Sermons',
      partTitle: 'Part II. Sermons',
      author: 'Henry van Dyke',
      sectionIndex: 12,
      sectionCount: 28,
      positionPercent: 41.4,
      wordCount: 1240,
    },
  },
  {
    passageId: 's20',
    title: 'The Shepherds',
    relevanceScore: 0.38,
    contentPreview: shepherdsPreview,
    themes: [],
    highlights: marks(shepherdsPreview, 'Bethlehem'),
    source: { kind: 'section', sectionTitle: 'The Shepherds', sectionIndex: 20, sectionCount: 28, positionPercent: 77, wordCount: 300 },
  },
];

/** An extraction of book `b1` (Pride and Prejudice in the format fixtures), `x1` about Christmas unless told. */
export function makeExtraction(overrides: Partial<Extraction> = {}): Extraction {
  const sections = overrides.sections ?? christmasSections;
  return {
    id: 'x1',
    bookId: 'b1',
    topic: 'Christmas',
    sectionsFound: sections.length,
    averageRelevance: sections.length ? sections.reduce((sum, s) => sum + s.relevanceScore, 0) / sections.length : 0,
    extractedThemes: ['Children', 'Joy', 'Giving'],
    searchedTerms: ['Christmas', 'Nativity', 'Bethlehem', 'Yuletide'],
    sections,
    compiledTitle: null,
    compiledBookId: null,
    textChanged: false,
    createdAt: '2025-03-06T09:30:00.000Z',
    ...overrides,
  };
}

/** A passage in full; `widened` gives the whole section of an excerpt. */
export function passageText(passageId: string, widened = false): PassageText {
  const paragraphs = widened
    ? ['The whole sermon begins here.', 'Let us pray that the strength of the Nativity be our strength.', 'Amen.']
    : ['Let us pray that the strength of the Nativity be our strength,', 'and the joy of Christmas our joy.\nAmen.'];
  return { passageId, title: widened ? 'Christmas Sermons' : 'A Christmas Prayer', widened, paragraphs, wordCount: widened ? 1980 : 24 };
}
