/**
 * One table of `input -> expected` cases per pass (Standard Ebooks' golden-test idea, kept inline):
 * each case runs the pass alone, checks the output and the count, and runs the pass again on its own
 * output to check that nothing more changes (idempotence).
 */
import { passTable } from '../helpers/pass-table.ts';
import { dropContentsListPass } from '../../src/clean/passes/drop-contents-list.ts';
import { dropTitleLinesPass } from '../../src/clean/passes/drop-title-lines.ts';
import { escapeMarkdownPass } from '../../src/clean/passes/escape-markdown.ts';
import { markHeadingsPass } from '../../src/clean/passes/mark-headings.ts';
import { markSceneBreaksPass } from '../../src/clean/passes/mark-scene-breaks.ts';
import { markVersePass } from '../../src/clean/passes/mark-verse.ts';
import { normalizeWhitespacePass } from '../../src/clean/passes/normalize-whitespace.ts';
import { stripGutenbergBoilerplatePass } from '../../src/clean/passes/strip-gutenberg-boilerplate.ts';
import { stripProductionNotesPass } from '../../src/clean/passes/strip-production-notes.ts';
import { tidyBlankLinesPass } from '../../src/clean/passes/tidy-blank-lines.ts';
import { unwrapParagraphsPass } from '../../src/clean/passes/unwrap-paragraphs.ts';

const table = passTable;

const para = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of a hard-wrapped paragraph of prose that runs to the margin.`).join('\n');

table(normalizeWhitespacePass, [
  { name: 'CRLF, trailing spaces, form feed', input: 'a  \r\n\fb\r\n\r\n', expected: 'a\nb\n', count: 2 },
  { name: 'tabs expand to 8-column stops', input: '\t\tA PRAYER\n', expected: '                A PRAYER\n', count: 1 },
  { name: 'clean text is unchanged', input: 'one\n\ntwo\n', expected: 'one\n\ntwo\n', count: 0 },
]);

table(stripGutenbergBoilerplatePass, [
  {
    name: 'modern START/END markers and the End-of line',
    input: 'The Project Gutenberg EBook of X\n\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\n\nBody text.\n\nEnd of the Project Gutenberg EBook of X\n\n*** END OF THIS PROJECT GUTENBERG EBOOK X ***\nlicence\n',
    expected: 'Body text.\n',
    count: 5,
  },
  {
    name: 'no-space markers wrapped over two lines (pg11760), indented END (pg1342 2020s)',
    input: 'Header\n***START OF THE PROJECT GUTENBERG EBOOK THE WORLD\'S GREAT SERMONS, VOLUME\n10 (OF 10)***\n\nBody.\n\n     *** END OF THE PROJECT GUTENBERG EBOOK ***\nlicence\n',
    expected: 'Body.\n',
    count: 5,
  },
  {
    name: '1990s Small Print header, footer line',
    input: '**The Project Gutenberg Etext of Moby Dick**\nsmall print\n*END THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\nCall me Ishmael.\n\nEnd of this Project Gutenberg etext of Moby Dick, by Herman Melville\n',
    expected: 'Call me Ishmael.\n',
    count: 4,
  },
  {
    name: '1990s header with the title line repeated as footer (pg1653)',
    input: 'Project Gutenberg Etext Imitation of Christ, by Thomas A Kempis\n*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\nBody.\nProject Gutenberg Etext Imitation of Christ, by Thomas A Kempis\n',
    expected: 'Body.\n',
    count: 3,
  },
  { name: 'text without a header is unchanged', input: 'Chapter 1\n\nText.\n', expected: 'Chapter 1\n\nText.\n', count: 0 },
]);

table(stripProductionNotesPass, [
  {
    // Found by the idempotence property: a short verse container was dropped on the second clean only.
    name: 'a verse container that mentions Project Gutenberg is the book’s',
    input: '::: verse\n\nI read the Project Gutenberg book\nby the fire\n:::\n',
    expected: '::: verse\n\nI read the Project Gutenberg book\nby the fire\n:::\n',
    count: 0,
  },
  {
    name: 'Produced by credit and the German project note',
    input: 'Produced by Michael Pullen\n\nDieses Buch wurde uns vom "Gutenberg Projekt-DE"\nzur Verfuegung gestellt.\n\nFaust\n',
    expected: 'Faust\n',
    count: 3,
  },
  {
    name: 'transcriber notes heading and its prose, up to the next title line',
    input: "Original Transcriber's Notes:\n\nThis text is a combination of etexts.\n\nETYMOLOGY.\n\nThe pale Usher.\n",
    expected: 'ETYMOLOGY.\n\nThe pale Usher.\n',
    count: 2,
  },
  { name: 'the author\'s prose stays', input: 'It was produced by hand.\n', expected: 'It was produced by hand.\n', count: 0 },
]);

table(dropContentsListPass, [
  {
    name: 'contents entries up to the body heading that repeats the first entry',
    input: 'CONTENTS\n\nLetter 1\n\nLetter 2\n\nChapter 1\n\n\n\nLetter 1\n\nYou will rejoice to hear that no disaster has accompanied the commencement.\n',
    expected: 'Letter 1\n\nYou will rejoice to hear that no disaster has accompanied the commencement.\n',
    count: 4,
  },
  {
    name: 'an analytical contents: each chapter\'s synopsis is part of the list (pg2009 DETAILED CONTENTS)',
    input:
      'CONTENTS.\n\n\n  INTRODUCTION\n\n\n  CHAPTER I.\n\n  VARIATION UNDER DOMESTICATION.\n\n  Causes of Variability--Effects of Habit and the use or disuse of\n  Parts--Correlated Variation--Inheritance.\n\n\n  CHAPTER II.\n\n  VARIATION UNDER NATURE.\n\n  Variability--Individual Differences--Doubtful species--Wide ranging,\n  much diffused, and common species, vary most.\n\n\n  INDEX.\n\n\n\nINTRODUCTION.\n\nWhen on board H.M.S. Beagle, as naturalist, I was much struck with certain facts.\n',
    expected: 'INTRODUCTION.\n\nWhen on board H.M.S. Beagle, as naturalist, I was much struck with certain facts.\n',
    count: 11,
  },
  {
    name: 'prose after a list that a bare label does not follow is the book: the list ends before it',
    input: 'CONTENTS\n\nLetter 1\n\nLetter 2\n\nThe letters were found in a drawer of the old desk, tied with a ribbon,\nand are printed here as they were written, with the spelling of\ntheir writer kept as it was.\n\nLetter 1\n\nYou will rejoice to hear that no disaster has accompanied the commencement.\n',
    expected: 'The letters were found in a drawer of the old desk, tied with a ribbon,\nand are printed here as they were written, with the spelling of\ntheir writer kept as it was.\n\nLetter 1\n\nYou will rejoice to hear that no disaster has accompanied the commencement.\n',
    count: 3,
  },
  {
    name: 'entries with page numbers (a list of illustrations)',
    input: 'LIST OF ILLUSTRATIONS\n\nFrontispiece      iv\nTitle-page        v\nHeading to Chapter I.    1\n\nChapter I.\n\nIt is a truth universally acknowledged.\n',
    expected: 'Chapter I.\n\nIt is a truth universally acknowledged.\n',
    count: 4,
  },
  {
    name: 'a list that is never matched by the body is kept (never drop body text)',
    input: 'CONTENTS\n\nOne thing\n\nAnother thing\n\nA paragraph of prose that is long enough to stop the list, it runs on.\nand on.\n',
    expected: 'CONTENTS\n\nOne thing\n\nAnother thing\n\nA paragraph of prose that is long enough to stop the list, it runs on.\nand on.\n',
    count: 0,
  },
]);

table(dropTitleLinesPass, [
  {
    name: 'the source\'s running title over each of its books goes; the same words once in a line of text stay (pg227)',
    input: `${[1, 2, 3].map((n) => `  PUBLI VERGILI MARONIS\n\n  AENEIDOS\n\n  LIBER ${'I'.repeat(n)}\n\n\n  ARMA virumque cano, Troiae qui primus ab oris ${n}\n  Italiam, fato profugus, Laviniaque venit`).join('\n\n\n')}\n\nAENEIDOS liber ultimus hic finitur.\n`,
    expected: `${[1, 2, 3].map((n) => `  LIBER ${'I'.repeat(n)}\n\n\n  ARMA virumque cano, Troiae qui primus ab oris ${n}\n  Italiam, fato profugus, Laviniaque venit`).join('\n\n\n')}\n\nAENEIDOS liber ultimus hic finitur.\n`,
    count: 6,
    meta: { title: 'The Aeneid', author: 'Virgil' },
  },
  {
    name: 'title, "By author" and a genre line under them: the source title page',
    input: 'PRIDE AND PREJUDICE\n\nBy Jane Austen\n\nA NOVEL\n\nChapter 1\n',
    expected: '\nChapter 1\n',
    count: 3,
    meta: { title: 'Pride and Prejudice', author: 'Jane Austen' },
  },
  {
    name: 'a line that names another book stays',
    input: 'A TALE OF TWO CITIES\n\nText.\n',
    expected: 'A TALE OF TWO CITIES\n\nText.\n',
    count: 0,
    meta: { title: 'Alice in Wonderland' },
  },
  {
    name: 'subtitle, "by" alone and the name (pg84)',
    input: 'Frankenstein;\n\n\nor, the Modern Prometheus\n\n\nby\n\n\nMary Wollstonecraft (Godwin) Shelley\n\n\n\nLetter 1\n',
    expected: '\n\n\nLetter 1\n',
    count: 4,
    meta: { title: 'Frankenstein or The Modern Prometheus', author: 'Mary Wollstonecraft Shelley' },
  },
  {
    name: 'author with a title, the annotator, then the first part (pg731)',
    input: 'HISTORY OF THE DECLINE AND FALL OF THE ROMAN EMPIRE\n\nEdward Gibbon, Esq.\n\nWith notes by the Rev. H. H. Milman\n\n\n\nVOLUME ONE\n',
    expected: '\n\n\nVOLUME ONE\n',
    count: 3,
    meta: { title: 'The History of The Decline and Fall of the Roman Empire: Volume 1', author: 'Edward Gibbon' },
  },
  {
    name: 'an epigraph after the title page stays (its lines name neither title nor author)',
    input: 'LEAVES OF GRASS\n\n\nCome, said my soul,\nSuch verses for my Body let us write,\n\nWalt Whitman\n',
    expected: '\n\nCome, said my soul,\nSuch verses for my Body let us write,\n\nWalt Whitman\n',
    count: 1,
    meta: { title: 'Leaves of Grass', author: 'Walt Whitman' },
  },
]);

table(markSceneBreaksPass, [
  { name: 'spaced asterisks', input: 'a\n\n       *       *       *       *       *\n\nb\n', expected: 'a\n\n* * *\n\nb\n', count: 1 },
  { name: 'a break glued to text gets blank lines', input: 'a\n* * *\nb\n', expected: 'a\n\n* * *\n\nb\n', count: 2 },
  { name: 'asterisks inside a line stay', input: '“WHALE. * * * Sw. and Dan.”\n', expected: '“WHALE. * * * Sw. and Dan.”\n', count: 0 },
]);

table(markHeadingsPass, [
  {
    name: 'CHAPTER I + title line on its own become one heading (alice30)',
    input: `Front.\n\n\n\n                            CHAPTER I\n\n                      Down the Rabbit-Hole\n\n\n${para(3)}\n\n\n\n                            CHAPTER II\n\n                      The Pool of Tears\n\n\n${para(3)}\n`,
    expected: `Front.\n\n\n\n# CHAPTER I. Down the Rabbit-Hole\n\n\n${para(3)}\n\n\n\n# CHAPTER II. The Pool of Tears\n\n\n${para(3)}\n`,
    count: 2,
  },
  {
    name: 'BOOK over CHAPTER makes a part (War and Peace)',
    input: `BOOK ONE: 1805\n\nCHAPTER I\n\n${para(2)}\n\nCHAPTER II\n\n${para(2)}\n\n\n\nFIRST EPILOGUE: 1813 - 20\n\nCHAPTER I\n\n${para(2)}\n`,
    expected: `# BOOK ONE: 1805 {.part}\n\n# CHAPTER I\n\n${para(2)}\n\n# CHAPTER II\n\n${para(2)}\n\n\n\n# FIRST EPILOGUE: 1813 - 20 {.part}\n\n# CHAPTER I\n\n${para(2)}\n`,
    count: 5,
  },
  {
    name: 'BOOK alone, with no chapters under it, is a chapter (Confessions)',
    input: `BOOK I\n\n\n${para(2)}\n\n\n\n\nBOOK II\n\n\n${para(2)}\n`,
    expected: `# BOOK I\n\n\n${para(2)}\n\n\n\n\n# BOOK II\n\n\n${para(2)}\n`,
    count: 2,
  },
  {
    name: 'ALL-CAPS titles, numerals as sections, front and back matter',
    input: `PREFACE\n\n${para(2)}\n\n\n\nTHE CHRISTMAS ANGEL\n\n${para(2)}\n\n\n\nCHRISTMAS-GIVING\n\nI\n\n${para(2)}\n\nII\n\n${para(2)}\n\n\n\nNOTES\n\n${para(2)}\n`,
    expected: `# PREFACE {.front .preface}\n\n${para(2)}\n\n\n\n# THE CHRISTMAS ANGEL\n\n${para(2)}\n\n\n\n# CHRISTMAS-GIVING\n\n## I\n\n${para(2)}\n\n## II\n\n${para(2)}\n\n\n\n# NOTES {.back .notes}\n\n${para(2)}\n`,
    count: 6,
  },
  {
    name: 'a keyword heading that wraps onto a second line (pg2701 chapter 56)',
    input: `CHAPTER 55. Of the Monstrous Pictures of Whales.\n\n${para(2)}\n\n\n\nCHAPTER 56. Of the Less Erroneous Pictures of Whales, and the True\nPictures of Whaling Scenes.\n\n${para(2)}\n`,
    expected: `# CHAPTER 55. Of the Monstrous Pictures of Whales.\n\n${para(2)}\n\n\n\n# CHAPTER 56. Of the Less Erroneous Pictures of Whales, and the True Pictures of Whaling Scenes.\n\n${para(2)}\n`,
    count: 2,
  },
  {
    name: 'a list of acts with no text between them is not headings (pg844 scene list)',
    input: `TIME: The Present.\n\n\n\nTHE SCENES OF THE PLAY\n\nACT I.  Algernon's Flat.\n\nACT II.  The Garden.\n\n\n\nFIRST ACT\n\n${para(2)}\n`,
    expected: `TIME: The Present.\n\n\n\n# THE SCENES OF THE PLAY {.front}\n\nACT I.  Algernon's Flat.\n\nACT II.  The Garden.\n\n\n\n# FIRST ACT\n\n${para(2)}\n`,
    count: 2,
  },
  {
    name: 'a text that already has Markdown headings is left alone',
    input: '# Chapter One\n\nCHAPTER II\n\nText.\n',
    expected: '# Chapter One\n\nCHAPTER II\n\nText.\n',
    count: 0,
  },
]);

table(markVersePass, [
  {
    name: 'short lines become a verse container; stanzas; indentation as levels',
    input: `${para(3)}\n\n  Twinkle, twinkle, little bat!\n  How I wonder what you're at!\n\n    Up above the world you fly,\n    Like a tea-tray in the sky.\n`,
    expected: `${para(3)}\n\n::: verse\nTwinkle, twinkle, little bat!\nHow I wonder what you're at!\n\n  Up above the world you fly,\n  Like a tea-tray in the sky.\n:::\n`,
    count: 4,
  },
  {
    name: 'Whitman hanging-indent continuations are joined to their line',
    input: `${para(3)}\n\n  Of physiology from top to toe I sing,\n  Not physiognomy alone nor brain alone is worthy for the Muse, I say\n      the Form complete is worthier far,\n  The Female equally with the Male I sing.\n`,
    expected: `${para(3)}\n\n::: verse\nOf physiology from top to toe I sing,\nNot physiognomy alone nor brain alone is worthy for the Muse, I say the Form complete is worthier far,\nThe Female equally with the Male I sing.\n:::\n`,
    count: 3,
  },
  {
    name: 'a continuation starting with a capital after a line that ends mid-phrase is a turnover (pg1322)',
    input: `${para(3)}\n\n  We dwell a while in every city and town,\n  We pass through Kanada, the North-east, the vast valley of the\n      Mississippi, and the Southern States,\n  We confer on equal terms with each of the States,\n`,
    expected: `${para(3)}\n\n::: verse\nWe dwell a while in every city and town,\nWe pass through Kanada, the North-east, the vast valley of the Mississippi, and the Southern States,\nWe confer on equal terms with each of the States,\n:::\n`,
    count: 3,
  },
  {
    name: 'a stanza of one long line and its turnover, and a one-line stanza between stanzas, are verse (pg1322)',
    input: `${para(3)}\n\n  Who goes there? hankering, gross, mystical, nude;\n  How is it I extract strength from the beef I eat?\n\n  What is a man anyhow? what am I? what are you?\n\n  All I mark as my own you shall offset it with your own,\n  Else it were time lost listening to me.\n\n  I guess it must be the flag of my disposition, out of hopeful green\n      stuff woven.\n`,
    expected: `${para(3)}\n\n::: verse\nWho goes there? hankering, gross, mystical, nude;\nHow is it I extract strength from the beef I eat?\n\nWhat is a man anyhow? what am I? what are you?\n\nAll I mark as my own you shall offset it with your own,\nElse it were time lost listening to me.\n\nI guess it must be the flag of my disposition, out of hopeful green stuff woven.\n:::\n`,
    count: 6,
  },
  {
    name: 'long verse lines each starting with a capital and ending a phrase, beside verse, are verse (pg1322)',
    input: `${para(3)}\n\n  The suicide sprawls on the bloody floor of the bedroom,\n  I witness the corpse with its dabbled hair, I note where the pistol has fallen.\n\n  I believe in those wing'd purposes,\n  And acknowledge red, yellow, white, playing within me,\n  And consider green and violet and the tufted crown intentional,\n  And do not call the tortoise unworthy because she is not something else,\n  And the jay in the woods never studied the gamut, yet trills pretty well to me,\n  And the look of the bay mare shames silliness out of me.\n`,
    expected: `${para(3)}\n\n::: verse\nThe suicide sprawls on the bloody floor of the bedroom,\nI witness the corpse with its dabbled hair, I note where the pistol has fallen.\n\nI believe in those wing'd purposes,\nAnd acknowledge red, yellow, white, playing within me,\nAnd consider green and violet and the tufted crown intentional,\nAnd do not call the tortoise unworthy because she is not something else,\nAnd the jay in the woods never studied the gamut, yet trills pretty well to me,\nAnd the look of the bay mare shames silliness out of me.\n:::\n`,
    count: 8,
  },
  {
    name: 'the book\'s turnover indent (4 deeper, learned from its turnovers) joins a capitalised turnover; a poet\'s indent one deeper is a line (pg1322)',
    input: `${para(3)}\n\n  Okonee, Koosa, Ottawa, Monongahela, Sauk, Natchez, Chattahoochee,\n      Kaqueta, Oronoco,\n  Put first before the rest as light for all and entrance-song of all,\n       That of eidolons.\n  The sky o'erarches here, we feel the undulating deck beneath our\n      feet, we feel the long pulsation,\n  The tones of unseen mystery, the vague and vast suggestions of the\n      briny world, the liquid-flowing syllables,\n  Then falter not O book, fulfil your destiny, purpos'd I know not\n      whither, yet ever full of faith,\n`,
    expected: `${para(3)}\n\n::: verse\nOkonee, Koosa, Ottawa, Monongahela, Sauk, Natchez, Chattahoochee, Kaqueta, Oronoco,\nPut first before the rest as light for all and entrance-song of all,\n      That of eidolons.\nThe sky o'erarches here, we feel the undulating deck beneath our feet, we feel the long pulsation,\nThe tones of unseen mystery, the vague and vast suggestions of the briny world, the liquid-flowing syllables,\nThen falter not O book, fulfil your destiny, purpos'd I know not whither, yet ever full of faith,\n:::\n`,
    count: 6,
  },
  {
    name: 'in a book that is mostly verse, a short poem standing alone is verse (pg1322)',
    input: `  Short line one,\n  Short line two,\n  Short line three,\n  Short line four.\n\n# To You\n\n  Thou reader throbbest life and pride and love the same as I,\n  Therefore for thee the following chants.\n`,
    expected: `::: verse\nShort line one,\nShort line two,\nShort line three,\nShort line four.\n:::\n\n# To You\n\n::: verse\nThou reader throbbest life and pride and love the same as I,\nTherefore for thee the following chants.\n:::\n`,
    count: 6,
  },
  {
    name: 'a one-line title beside verse on one side only stays as it is (Faust)',
    input: `${para(3)}\n\n  Nacht.\n\n  Habe nun, ach! Philosophie,\n  Juristerei und Medizin,\n  Und leider auch Theologie!\n`,
    expected: `${para(3)}\n\n  Nacht.\n\n::: verse\nHabe nun, ach! Philosophie,\nJuristerei und Medizin,\nUnd leider auch Theologie!\n:::\n`,
    count: 3,
  },
  { name: 'hard-wrapped prose is not verse', input: `${para(4)}\n`, expected: `${para(4)}\n`, count: 0 },
]);

table(unwrapParagraphsPass, [
  {
    name: 'lines of a paragraph are joined, double spaces collapsed',
    input: 'Alice was beginning to get very tired.  So she was\n  considering in her own mind.\n\n# Heading\n\n::: verse\nline one\nline two\n:::\n',
    expected: 'Alice was beginning to get very tired. So she was considering in her own mind.\n\n# Heading\n\n::: verse\nline one\nline two\n:::\n',
    count: 1,
  },
]);

table(escapeMarkdownPass, [
  { name: 'a line that already is a Markdown heading is kept', input: '# Chapter 1\n', expected: '# Chapter 1\n', count: 0 },
  { name: 'a # that is not a heading needs no escape', input: '#3 in our series\n', expected: '#3 in our series\n', count: 0 },
  { name: 'list and quote markers', input: '- a dash\n\n> not a quote\n\n1. The first rule.\n', expected: '\\- a dash\n\n\\> not a quote\n\n1\\. The first rule.\n', count: 3 },
  { name: 'a trailing {1} would be read as attributes', input: 'And he said so. {2}\n', expected: 'And he said so. \\{2}\n', count: 1 },
  { name: 'a paragraph starting with ::: would open a container', input: '::: not a fence\n', expected: '\\::: not a fence\n', count: 1 },
]);

table(tidyBlankLinesPass, [
  { name: 'one blank line between blocks', input: '\n\n\na\n\n\n\nb\n\n\n', expected: 'a\n\nb\n' },
]);
