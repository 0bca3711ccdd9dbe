/**
 * What one line says about itself as a heading (`structure/heading-lines.ts`) and where a chapter's label ends
 * (`structure/chapter-label.ts`), for the division words of every language of issue 33's pairs, compound numbers of
 * Project Gutenberg's multi-volume releases, and a play's scenes.
 */
import { describe, expect, it } from 'vitest';
import { classifyHeadingLine } from '../../src/structure/heading-lines.ts';
import { splitChapterLabel } from '../../src/structure/chapter-label.ts';
import { cleanText } from '../../src/clean/index.ts';

const kind = (line: string) => classifyHeadingLine(line)?.kind;

describe('division words of every language', () => {
  it.each([
    ['Chapitre premier', 'chapter'],
    ['CHAPITRE II.', 'chapter'],
    ['Erstes Kapitel', 'chapter'],
    ['Zweiter Aufzug', 'chapter'],
    ['Capítulo primero', 'chapter'],
    ['CAPITULO III', 'chapter'],
    ['Capitolo secondo', 'chapter'],
    ['Atto terzo', 'chapter'],
    ['Acte I', 'chapter'],
    ['Livre premier', 'part'],
    ['LIBER IV', 'part'],
    ['Primera parte', 'part'],
    ['Erster Teil', 'part'],
    ['Livro II', 'part'],
    ['Scène première', 'sub'],
    ['Zweite Szene', 'sub'],
    ['ESCENA III', 'sub'],
  ])('%s is a %s heading', (line, expected) => {
    expect(kind(line)).toBe(expected);
  });

  it('needs a number: the word alone, or in a sentence, is no heading', () => {
    expect(kind('Libro de cuentos que leía')).toBeUndefined();
    expect(kind('Acte de naissance')).toBeUndefined();
    expect(kind('Brief an den Vater')).toBeUndefined();
    expect(kind('Parte de la noche')).toBeUndefined();
  });

  it('splits the label of a foreign chapter heading from its title', () => {
    expect(splitChapterLabel('Chapitre premier. Le départ')).toEqual({ label: 'Chapitre premier.', rest: 'Le départ' });
    expect(splitChapterLabel('Erstes Kapitel')).toEqual({ label: 'Erstes Kapitel', rest: '' });
  });
});

describe('compound numbers (pg1301, pg1079: volume.book.chapter)', () => {
  it('reads `Chapter 1.1.I.` as a chapter label alone, and `BOOK 1.I.` as a part label alone', () => {
    expect(classifyHeadingLine('Chapter 1.1.I.')).toMatchObject({ kind: 'chapter', numberOnly: true });
    expect(classifyHeadingLine('BOOK 1.I.')).toMatchObject({ kind: 'part', numberOnly: true });
    expect(splitChapterLabel('Chapter 3.7.V. Lion sprawling its last')).toEqual({ label: 'Chapter 3.7.V.', rest: 'Lion sprawling its last' });
  });

  it('refuses a compound of a malformed numeral', () => {
    expect(classifyHeadingLine('Chapter 1.IIII.')?.numberOnly).not.toBe(true);
  });

  it('sets the label and the title on the next line as one heading, under its book', () => {
    const body = (n: number) => `${'The text of this chapter runs on for a while, as a history does. '.repeat(8)}${n}\n`;
    const text = `BOOK 1.I.\n\nDEATH OF LOUIS XV.\n\n\nChapter 1.1.I.\n\nLouis the Well-Beloved.\n\n${body(1)}\n\n\n\nChapter 1.1.II.\n\nRealised Ideals.\n\n${body(2)}\n\n\n\nBOOK 1.II.\n\nTHE PAPER AGE\n\n\nChapter 1.2.I.\n\nAstraea Redux.\n\n${body(3)}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '# BOOK 1.I. DEATH OF LOUIS XV. {.part}',
      '# Chapter 1.1.I. Louis the Well-Beloved.',
      '# Chapter 1.1.II. Realised Ideals.',
      '# BOOK 1.II. THE PAPER AGE {.part}',
      '# Chapter 1.2.I. Astraea Redux.',
    ]);
  });
});

describe('scenes of a play', () => {
  it('reads a scene with its place as a scene heading, never as the title of the act above it', () => {
    expect(kind('SCENE I. A public place.')).toBe('sub');
    expect(kind("SCENE II.--SIR PETER'S House")).toBe('sub');
    expect(kind('Scene 1.IV.')).toBe('sub');
    const speech = (n: number) => `SAMPSON. Gregory, on my word, we'll not carry coals, time ${n}.\n\nGREGORY. No, for then we should be colliers.\n`;
    const text = `ACT I\n\nSCENE I. A public place.\n\n${speech(1)}\n\nSCENE II. A Street.\n\n${speech(2)}\n\n\n\nACT II\n\nSCENE I. An open place adjoining Capulet's Garden.\n\n${speech(3)}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual([
      '# ACT I',
      '## SCENE I. A public place.',
      '## SCENE II. A Street.',
      '# ACT II',
      '## SCENE I. An open place adjoining Capulet’s Garden.',
    ]);
  });
});

describe('a label and its title in one block (pg7954)', () => {
  it('reads `SERMON I.` over `GOD’S WORLD.` with no blank line between them as one heading', () => {
    const body = (n: number) => `${'The text of this sermon runs on for a while, as sermons do. '.repeat(8)}${n}\n`;
    const text = `SERMON I.\nGOD'S WORLD.\n\n\n${body(1)}\n\n\n\nSERMON II.\nRELIGION NOT GODLINESS.\n\n\n${body(2)}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual(['# SERMON I. GOD’S WORLD.', '# SERMON II. RELIGION NOT GODLINESS.']);
  });
});

describe('stanza numbers (pg5131, pg20158)', () => {
  const stanza = (n: number) =>
    [`Oh, thou, in Hellas deemed of heavenly birth, ${n}`, 'Muse, formed or fabled at the minstrel’s will!', 'Since shamed full oft by later lyres on earth,', 'Mine dares not call thee from thy sacred hill:'].map((l) => `    ${l}`).join('\n');
  const section = (n: number) => Array.from({ length: 16 }, (_, i) => `    My hair is grey, but not with years, line ${i + 1} of ${n},`).join('\n');

  it('keeps the numbers of one-stanza units as text, not headings, and a poem that numbers long sections keeps them', () => {
    const canto = ['I.', 'II.', 'III.', 'IV.'].map((r, i) => `                        ${r}\n\n${stanza(i + 1)}`).join('\n\n');
    const chillon = ['I.', 'II.', 'III.'].map((r, i) => `                        ${r}\n\n${section(i + 1)}`).join('\n\n');
    const text = `CANTO THE FIRST.\n\n\n${canto}\n\n\n\n\nCANTO THE SECOND.\n\n\n${chillon}\n`;
    const markdown = cleanText(text).markdown;
    const headings = markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual(['# CANTO THE FIRST.', '# CANTO THE SECOND.', '## I.', '## II.', '## III.']);
    // The stanza numbers stay in the text.
    expect(markdown).toMatch(/^\s*IV\.\s*$/m);
  });
});

describe('chapters numbered in Arabic numerals alone (pg120)', () => {
  it('reads `1` over its title as a chapter under its part, with front matter titled before the numbers', () => {
    const body = (n: number) => `${'SQUIRE TRELAWNEY, Dr. Livesey, and the rest of these gentlemen having asked me to write. '.repeat(6)}${n}\n`;
    const text = `TO THE HESITATING PURCHASER\n\nIf sailor tales to sailor tunes,\nStorm and adventure, heat and cold,\n\n\n\nPART ONE--The Old Buccaneer\n\n\n\n1\n\nThe Old Sea-dog at the Admiral Benbow\n\n\n${body(1)}\n\n\n\n2\n\nBlack Dog Appears and Disappears\n\n\n${body(2)}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.slice(1)).toEqual(['# PART ONE—The Old Buccaneer {.part}', '# 1. The Old Sea-dog at the Admiral Benbow', '# 2. Black Dog Appears and Disappears']);
  });

  it('leaves a number at the right margin (the source edition\'s page number) as text', () => {
    const body = `${'It was a pleasant morning in the town of Orbajosa, and the people walked. '.repeat(6)}\n`;
    const text = `I\n\n${body}\n${' '.repeat(70)}4\n\n${body}\n\n\n\nII\n\n${body}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual(['# I', '# II']);
  });
});

describe('speakers of verse drama (pg14591)', () => {
  it('reads names over short speeches as cues, not headings, and keeps the scenes', () => {
    const speech = (n: number) => `    Ye suns of heaven, ye stars in ${n} courses,\n    Give me the strength to bear my fate.`;
    const names = ['MEPHISTOPHELES', 'THE LORD', 'FAUST', 'WAGNER'];
    const scene = (title: string, from: number) =>
      `${title}\n\n\n${Array.from({ length: 12 }, (_, i) => `${names[(from + i) % names.length]}\n\n${speech(i)}`).join('\n\n\n')}`;
    const text = `The translator's word to the reader runs on in prose for a line or two, as it does before a play.\n\n\n\n${scene('I. NIGHT', 0)}\n\n\n\n${scene('II. BEFORE THE CITY-GATE', 1)}\n\n\n\n${scene('III. THE STUDY', 2)}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual(['# I. NIGHT', '# II. BEFORE THE CITY-GATE', '# III. THE STUDY']);
  });
});

describe('titles over several lines, and sentences that are no titles', () => {
  const verse = (n: number) => `    Corramos al combate, á la venganza ${n}\n    Y el que niegue su pecho á la esperanza\n    Hunda en el polvo la cobarde frente.\n    Que la patria nos llama.`;
  it('joins a numbered title in capitals set over several centred lines (pg35407)', () => {
    const text = `Prefacio del editor, en prosa, que dice lo que sigue y termina aquí mismo.\n\n\n\n               I\n\n             Á LA\n\n    DERROTA DEL QUEBRACHO\n\n${verse(1)}\n\n\n\n               II\n\n    RECUERDOS DE BUENOS AIRES\n\n${verse(2)}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual(['# I. Á LA DERROTA DEL QUEBRACHO', '# II. RECUERDOS DE BUENOS AIRES']);
  });

  it('leaves a sentence set off by blank lines as text (pg7535)', () => {
    const para = 'The ballad was sung in every village of the north, and the singers changed it as they went along the roads.';
    const text = `FOREWORD\n\n${para}\n${para}\n\n\n\nThis is really such an important point that it is worth labouring.\n\n${para}\n${para}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual(['# FOREWORD']);
  });
});

describe('letters headed by their dateline in italics (pg21801)', () => {
  it('reads `_Wien_, 3. November 1814.` set off by blank lines as the heading of its letter', () => {
    const letter = (n: number) => `Ich habe heute früh Ihren Brief vom ${n}. Oktober erhalten, und ich kann\nIhnen nicht sagen, wie mich Ihr Andenken gerührt und gefreut hat.\n\nGanz der Ihrige.                H.`;
    const text = `Vorbericht in Prosa, der von den Briefen erzählt und hier endet, wie es sich gehört.\n\n\n\n_Wien_, 3. November 1814.\n\n${letter(1)}\n\n\n\n_Wien_, den 18. Dezember 1814.\n\n${letter(2)}\n\n\n\n_Burgörner_, April 1822.\n\n${letter(3)}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual(['# _Wien_, 3. November 1814.', '# _Wien_, den 18. Dezember 1814.', '# _Burgörner_, April 1822.']);
  });
});

describe('a title with its picture under it (pg19163, pg14790)', () => {
  it('still heads its story when a picture tag in any language stands between it and the text, and a bracketed note does not', () => {
    const story = (n: number) => `Auf dem letzten Hause eines kleinen Dörfchens befand sich ein Storchnest, ${n}.\nDie Storchmutter saß im Neste bei ihren vier Jungen.`;
    const text = `Vorwort in Prosa, das hier steht und von den Märchen erzählt, wie es sich gehört.\n\n\n\nDie Störche.\n\n  [Abbildung/Illustration: pic8.jpg]\n\n\n${story(1)}\n\n\n\nDer fliegende Koffer.\n\n[Illustration]\n\n\n${story(2)}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, ''))).toEqual(['# Die Störche.', '# Der fliegende Koffer.']);
  });
});

describe('a dictionary\'s alphabet (pg972)', () => {
  it('reads the single letters set apart, in alphabetical order, as its sections, roman-looking letters too', () => {
    const entry = (w: string) => `${w.toUpperCase()}, n. A word of the dictionary, defined at some length as the author liked to.\n\n${w.toUpperCase()}ER, n. Another word, defined in a line.`;
    const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    const text = `AUTHOR'S PREFACE\n\nThe Devil's Dictionary was begun in a weekly paper in 1881, and was continued in a desultory way.\n\n\n\n${letters.map((l) => `${l}\n\n${entry(`${l}bandon`)}`).join('\n\n\n\n')}\n`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.map((h) => h.replace(/\s*\{[^}]*\}$/, '')).slice(1)).toEqual(letters.map((l) => `# ${l}`));
  });
});

describe('a stage direction under an act (pg1513)', () => {
  it('is the act\'s first line, not its title', () => {
    const speech = (n: number) => `SAMPSON. Gregory, on my word, we'll not carry coals, time ${n}.\n\nGREGORY. No, for then we should be colliers.\n`;
    const text = `ACT I\n\nSCENE I. A public place.\n\n${speech(1)}\n\n\n\nACT II\n\nEnter Chorus.\n\n${speech(2)}\n\nSCENE I. An open place adjoining Capulet's Garden.\n\n${speech(3)}`;
    const headings = cleanText(text).markdown.split('\n').filter((l) => l.startsWith('#')).map((h) => h.replace(/\s*\{[^}]*\}$/, ''));
    expect(headings).toContain('# ACT II');
    expect(headings.some((h) => /Enter Chorus/.test(h))).toBe(false);
  });
});
