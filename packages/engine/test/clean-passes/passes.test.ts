/**
 * The cleanup passes of issue 3, each alone on `input -> expected` cases (Standard Ebooks' golden-test
 * idea, kept inline): the output and the count are checked, the pass runs again on its own output and
 * must change nothing (idempotence), and a pass that keeps words is checked word by word.
 */
import { describe, expect, it } from 'vitest';
import type { CleanPass } from '../../src/clean/pass.ts';
import { passTable, runPass as run, type PassCase } from '../helpers/pass-table.ts';
import { curlQuotesPass } from '../../src/clean/passes/curl-quotes.ts';
import { fixOcrConfusionsPass } from '../../src/clean/passes/fix-ocr-confusions.ts';
import { frenchSpacingPass } from '../../src/clean/passes/french-spacing.ts';
import { joinHyphenatedWordsPass } from '../../src/clean/passes/join-hyphenated-words.ts';
import { joinSplitWordsPass } from '../../src/clean/passes/join-split-words.ts';
import { markFootnotesPass } from '../../src/clean/passes/mark-footnotes.ts';
import { joinSplitChaptersPass } from '../../src/clean/passes/join-split-chapters.ts';
import { markCapitalsEmphasisPass } from '../../src/clean/passes/mark-capitals-emphasis.ts';
import { markEndingPass } from '../../src/clean/passes/mark-ending.ts';
import { markSceneBreaksPass } from '../../src/clean/passes/mark-scene-breaks.ts';
import { markIllustrationsPass } from '../../src/clean/passes/mark-illustrations.ts';
import { normalizeDashesPass } from '../../src/clean/passes/normalize-dashes.ts';
import { normalizeEllipsesPass } from '../../src/clean/passes/normalize-ellipses.ts';
import { stripPageFurniturePass } from '../../src/clean/passes/strip-page-furniture.ts';
import { stripPageMarkersPass } from '../../src/clean/passes/strip-page-markers.ts';
import { stripScanBoilerplatePass } from '../../src/clean/passes/strip-scan-boilerplate.ts';
import { WORD_CHANGING_PASSES } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';

/** The table of `pass`; a pass that keeps words is checked word by word. */
const table = (pass: CleanPass, cases: PassCase[]): void =>
  passTable(pass, cases, { wordsSurvive: !WORD_CHANGING_PASSES.has(pass.id) });

/** `n` lines of body text, each ending a sentence. */
const prose = (n: number, tag = 'a') =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of the ${tag} page holds text that runs to the margin.`).join('\n');

table(stripScanBoilerplatePass, [
  {
    name: 'Internet Archive preamble (ocr/ia-b22027257)',
    input: 'Digitized by the Internet Archive\nin 2015\n\n\n\nhttps://archive.org/details/b22027257\n\n\n\n\nLECTURES\n',
    expected: 'LECTURES\n',
    count: 3,
  },
  {
    name: 'Google usage guidelines page with its logo line (ocr/ia-silentfriendame00cogoog)',
    input:
      'Google\n\n\n\nThis is a digital copy of a book that was preserved for generations on library shelves before it was carefully scanned by Google\n\nUsage guidelines\n\nAbout Google Book Search\n\nat |http: //books .google .com/I\n\n\n\nTHE\n\nSILENT FEIEND;\n\nDigitized by VjOOQIC\n\nText.\n',
    expected: 'THE\n\nSILENT FEIEND;\n\n\nText.\n',
    count: 6,
  },
  {
    name: 'Wikisource page head and footer',
    input: 'The Raven\nFrom Wikisource\nJump to navigation Jump to search\n\nOnce upon a midnight dreary.\n\nRetrieved from "https://en.wikisource.org/w/index.php?title=The_Raven&oldid=1"\nCategories: Poems\n',
    expected: 'The Raven\n\nOnce upon a midnight dreary.\n',
    count: 4,
  },
  { name: 'a book that talks about Google keeps it', input: 'He searched Google for it.\n', expected: 'He searched Google for it.\n', count: 0 },
]);

table(stripPageMarkersPass, [
  { name: '[Pg 23] inside a line, at its end, alone', input: 'the end of [Pg 23] the line\nwords [Pg xii]\n[Page 4]\nnext\n', expected: 'the end of the line\nwords\nnext\n', count: 3 },
  {
    name: '{N} braces stay: pg131 numbers its sections with them',
    input: '{1} When at the first I took my pen in hand\nas {2} said\n',
    expected: '{1} When at the first I took my pen in hand\nas {2} said\n',
    count: 0,
  },
]);

/** Pages of a scan as IA OCR gives them: running head, text, folio; a page break inside a word. */
function scannedPages(): { input: string; expected: string } {
  const pages: string[] = [];
  const kept: string[] = [];
  for (let p = 1; p <= 6; p++) {
    const body = `${prose(3, `p${p}`)}\nthe last line of page ${p} breaks a sen-`;
    pages.push(`ON HERNIA.\n\n\n\n${p === 1 ? 'tence begun before.' : 'tence that goes on.'}\n${body}\n\n\n\n${100 + p}\n\n\n\n`);
    kept.push(`${p === 1 ? 'tence begun before.' : 'tence that goes on.'}\n${body}`);
  }
  const head = 'LECTURE XXV.\n\nON HERNIA.\n\nWe shall now proceed to the subject of hernia.\n\n\n\n';
  return {
    input: `${head}${pages.join('')}THE END\n`,
    // Page 1 continues the section's first sentence and the last page breaks a word before THE END: both joined.
    expected: `${head.trimEnd()}\n${kept.join('\n')}\nTHE END\n`,
  };
}

table(stripPageFurniturePass, [
  { name: 'running heads and folios of a scan; the section title after LECTURE stays', ...scannedPages(), count: 12 },
  {
    name: 'section numbers between finished sentences stay (Whitman)',
    input: `1\n\n${prose(2)}\n\n2\n\n${prose(2)}\n\n3\n\n${prose(2)}\n\n4\n\n${prose(2)}\n\n5\n\n${prose(2)}\n\n6\n\n${prose(2)}\n`,
    expected: `1\n\n${prose(2)}\n\n2\n\n${prose(2)}\n\n3\n\n${prose(2)}\n\n4\n\n${prose(2)}\n\n5\n\n${prose(2)}\n\n6\n\n${prose(2)}\n`,
    count: 0,
  },
  {
    name: 'repeated speaker labels over new speeches stay (pg1653 The Voice of the Disciple)',
    input: `The Voice of the Disciple\n\n${prose(2)}\n\nThe Voice of the Disciple\n\n${prose(2)}\n\nThe Voice of the Disciple\n\n${prose(2)}\n`,
    expected: `The Voice of the Disciple\n\n${prose(2)}\n\nThe Voice of the Disciple\n\n${prose(2)}\n\nThe Voice of the Disciple\n\n${prose(2)}\n`,
    count: 0,
  },
]);

table(fixOcrConfusionsPass, [
  { name: 'ligatures and long s, always', input: 'The ﬁrst ﬂower of the ſeaſon, ﬀ ﬃ ﬄ\n', expected: 'The first flower of the season, ff ffi ffl\n', count: 7 },
  {
    name: 'tbe/aud/witli fixed in a text with OCR evidence (several misreadings) where the book uses the right word often',
    input: `${'the and with '.repeat(120)}\nTbe man aud tbe dog witli a bone.\n`,
    expected: `${'the and with '.repeat(120)}\nThe man and the dog with a bone.\n`,
    count: 4,
  },
  {
    name: 'a proofread text\'s dialect "aud", alone of the misreadings, is the author\'s word (issue 33)',
    input: `${'the and with '.repeat(120)}\n“Aye, aud the lass went wi’ him,” said the old man.\n`,
    expected: `${'the and with '.repeat(120)}\n“Aye, aud the lass went wi’ him,” said the old man.\n`,
    count: 0,
  },
  { name: 'a rare right word confirms nothing', input: 'tbe the\n', expected: 'tbe the\n', count: 0 },
]);

table(joinHyphenatedWordsPass, [
  {
    name: 'a broken word is joined when the book has the whole word; a known compound keeps its hyphen',
    input: 'It was produced here, and to-day it is.\n\nThe book was pro-\nduced slowly, as we see to-\nday in the shop.\n',
    expected: 'It was produced here, and to-day it is.\n\nThe book was produced\nslowly, as we see to-day\nin the shop.\n',
    count: 2,
  },
  {
    name: 'parts that are not words are joined; two words with neither form attested keep the hyphen',
    input: 'The surgeon was com-\npletely right about the hip and the bone, said the hip-\nbone man.\n',
    expected: 'The surgeon was completely\nright about the hip and the bone, said the hip-bone\nman.\n',
    count: 2,
  },
  { name: 'a capital after the break keeps the hyphen', input: 'the Anglo-\nSaxon kings\n', expected: 'the Anglo-Saxon\nkings\n', count: 1 },
  { name: 'verse and dashes are left alone', input: '::: verse\nsome-\nthing\n:::\n\nwait--\nno\n', expected: '::: verse\nsome-\nthing\n:::\n\nwait--\nno\n', count: 0 },
]);

table(joinSplitWordsPass, [
  {
    name: 'halves that are not words of the book, whole word elsewhere',
    input: 'A wonderful day.\nIt was won derful.\nSo won derful again\n',
    expected: 'A wonderful day.\nIt was won derful.\nSo wonderful again\n',
    count: 1,
  },
  { name: 'real words stay apart', input: 'a rose and arose, a rose\n', expected: 'a rose and arose, a rose\n', count: 0 },
]);

table(curlQuotesPass, [
  { name: 'double quotes open and close', input: '"Well," said he, "so it is."\n', expected: '“Well,” said he, “so it is.”\n', count: 4 },
  { name: 'apostrophes in contractions and possessives', input: "Don't take the dogs' bone, it's Alice's.\n", expected: 'Don’t take the dogs’ bone, it’s Alice’s.\n', count: 4 },
  { name: "elisions and years: 'tis, rock 'n' roll, the '90s", input: "'Tis rock 'n' roll from the '90s.\n", expected: '’Tis rock ’n’ roll from the ’90s.\n', count: 4 },
  { name: 'single quotes as quotation marks', input: "She said, 'Come here.'\n", expected: 'She said, ‘Come here.’\n', count: 2 },
  { name: 'a quote after a dash opens', input: 'He cried--"Stop!"\n', expected: 'He cried--“Stop!”\n', count: 2 },
  {
    name: 'a UTF-8 source’s ‘em and ‘tis are apostrophes (pg11, pg2600); a capitalised ‘Tis may open a quote',
    input: 'put ‘em up at this corner\n“Oh, ‘tis love, ‘tis love!”\n‘Tis true, she said.\n',
    expected: 'put ’em up at this corner\n“Oh, ’tis love, ’tis love!”\n’Tis true, she said.\n',
    count: 4,
  },
  {
    name: 'a capitalised ‘Tis that a closing quote pairs with stays an opening',
    input: '‘Tis true,’ she said.\n',
    expected: '‘Tis true,’ she said.\n',
    count: 0,
  },
  {
    name: 'Kipling’s dropped h is an apostrophe, never an opening quote (pg2819)',
    input:
      '   “\'E\'s sleepin\' out an\' far to-night”, the Colour-Sergeant said.\n   “I\'ve drunk \'is beer a score o\' times”, said Files-on-Parade.\n\n   All the \'ole command, yuss, from Minden to Maiwand,\n    They was once dam\' sweeps like you!\n\n     “\'As anybody seen Bill \'Awkins?”\n\nAn\' a-wastin\' Christian kisses on an \'eathen idol\'s foot\n',
    expected:
      '   “’E’s sleepin’ out an’ far to-night”, the Colour-Sergeant said.\n   “I’ve drunk ’is beer a score o’ times”, said Files-on-Parade.\n\n   All the ’ole command, yuss, from Minden to Maiwand,\n    They was once dam’ sweeps like you!\n\n     “’As anybody seen Bill ’Awkins?”\n\nAn’ a-wastin’ Christian kisses on an ’eathen idol’s foot\n',
  },
  {
    name: 'Tom Sawyer’s clipped words (pg74): ’course, ’long, ’tend, ’lowed, ’Tisn’t',
    input:
      '“Oh--\'course I haven\'t.”\n\nso she tole me go \'long an\' \'tend to my own business--she \'lowed _she\'d_ \'tend to de whitewashin\'.”\n\n“\'Tisn\'t any of your business, maybe.”\n',
    expected:
      '“Oh--’course I haven’t.”\n\nso she tole me go ’long an’ ’tend to my own business--she ’lowed _she’d_ ’tend to de whitewashin’.”\n\n“’Tisn’t any of your business, maybe.”\n',
  },
  {
    name: 'a nested quotation opens as “‘, not “’ (pg1653, pg11693: straight double quotes)',
    input: '3. "\'But,\' thou wilt say, \'they have many delights.\'"\n\n"\'Why, I said to him, \'You are an optimist.\'\n',
    expected: '3. “‘But,’ thou wilt say, ‘they have many delights.’”\n\n“‘Why, I said to him, ‘You are an optimist.’\n',
  },
  {
    name: 'lowercase quotations that a closing quote pairs with stay quotations (pg120, pg2097, pg145)',
    input:
      "where the treasure was. 'Ah,' says he, 'you can go ashore, if you like, and stay,' he says; 'but as for the ship, she'll beat up for more, by thunder!'\n\n\"'I have only one thing,' he said, 'which weighs upon my mind\n\n'What I see,' answered Sancho, 'is nothing but a man on a gray ass like my own.'\n",
    expected:
      'where the treasure was. ‘Ah,’ says he, ‘you can go ashore, if you like, and stay,’ he says; ‘but as for the ship, she’ll beat up for more, by thunder!’\n\n“‘I have only one thing,’ he said, ‘which weighs upon my mind\n\n‘What I see,’ answered Sancho, ‘is nothing but a man on a gray ass like my own.’\n',
  },
  {
    name: 'Just So Stories (pg2781, curly source): ‘sclusively is an apostrophe, ‘and he won’t ...’ a quotation',
    input: 'the ‘sclusively bare, hot, shiny High Veldt\n\n‘He says “Humph!”’ said the Dog; ‘and he won’t fetch and carry.’\n',
    expected: 'the ’sclusively bare, hot, shiny High Veldt\n\n‘He says “Humph!”’ said the Dog; ‘and he won’t fetch and carry.’\n',
    count: 1,
  },
  {
    name: 'an opening the source never closes, before a word of the book, stays an opening (pg2680)',
    input: 'To him they are only sectaries \'violently and passionately set upon opposition.\n\nHe spoke violently.\n',
    expected: 'To him they are only sectaries ‘violently and passionately set upon opposition.\n\nHe spoke violently.\n',
  },  {
    name: 'a heading’s attribute block keeps its straight quotes; the heading’s words are curled',
    input: '# "Songs" of the Night {.part author="C. H. Spurgeon"}\n',
    expected: '# “Songs” of the Night {.part author="C. H. Spurgeon"}\n',
    count: 2,
  },
]);

table(normalizeDashesPass, [
  { name: 'double and triple hyphens', input: 'peace--and war---and more\n', expected: 'peace—and war—and more\n', count: 2 },
  { name: 'spaced dash closes up; a 2-em dash for a name', input: 'peace -- and Mr. ---- came\n', expected: 'peace—and Mr. —— came\n', count: 2 },
  { name: 'a line of hyphens stays', input: 'text\n\n---\n', expected: 'text\n\n---\n', count: 0 },
]);

table(normalizeEllipsesPass, [
  { name: 'close and spaced dots', input: 'Wait... then . . . go\n', expected: 'Wait… then … go\n', count: 2 },
  { name: 'dot leaders stay', input: 'Chapter I ........ 1\n', expected: 'Chapter I ........ 1\n', count: 0 },
]);

table(frenchSpacingPass, [
  {
    name: 'French: narrow no-break space before ; ! ? » and after «, no-break space before :',
    input: 'Quoi ? Il dit : « Oui » ; enfin!\n',
    expected: 'Quoi\u202f? Il dit\u00a0: «\u202fOui\u202f»\u202f; enfin\u202f!\n',
    count: 6,
    meta: { language: 'fr' },
  },
  { name: 'URLs and times are untouched', input: 'Voir http://x.fr à 10:30.\n', expected: 'Voir http://x.fr à 10:30.\n', count: 0, meta: { language: 'fr' } },
  { name: 'English is left alone', input: 'What ? No !\n', expected: 'What ? No !\n', count: 0, meta: { language: 'en' } },
]);

table(markIllustrationsPass, [
  {
    name: 'a caption over two lines becomes a figure; a bare tag is removed',
    input: 'Text.\n\n[Illustration: “Why, it’s only\n  a map”]\n\n[Illustration]\n\nMore.\n',
    expected: 'Text.\n\n![“Why, it’s only a map”]()\n\nMore.\n',
    count: 2,
  },
  { name: 'brackets in the caption are escaped', input: '[Illustration: The [lost] key]\n', expected: '![The \\[lost\\] key]()\n', count: 1 },
  { name: 'a tag inside a paragraph stays text', input: 'See [Illustration: x] here.\n', expected: 'See [Illustration: x] here.\n', count: 0 },
  {
    name: 'a caption under a title (pg14790 Contes du jour et de la nuit: LE VIEUX)',
    input: 'LE VIEUX\n\n[Illustration: LE VIEUX]\n\nUn tiède soleil d\'automne tombait dans la cour de ferme, par-dessus les\ngrands hêtres des fossés.\n',
    expected: 'LE VIEUX\n\n![LE VIEUX]()\n\nUn tiède soleil d\'automne tombait dans la cour de ferme, par-dessus les\ngrands hêtres des fossés.\n',
    count: 1,
  },
  {
    name: 'a tag with blank lines inside is one caption (pg21054 People\'s Handy Atlas: THE WORLD / ON MERCATOR\'S PROJECTION)',
    input:
      "[Illustration: THE WORLD\n\nON MERCATOR'S PROJECTION]\n\n\n[Illustration: FLAGS OF ALL NATIONS]\n\n\n[Illustration: UNITED STATES\n\nPublished by\nThe Geographical Pub. Co.\nCHICAGO]\n\n\n[Illustration: MAINE]\n",
    expected:
      "![THE WORLD ON MERCATOR'S PROJECTION]()\n\n\n![FLAGS OF ALL NATIONS]()\n\n\n![UNITED STATES Published by The Geographical Pub. Co. CHICAGO]()\n\n\n![MAINE]()\n",
    count: 4,
  },
  {
    name: "a publisher's imprint and a frontispiece legend stay inside their captions (pg1342 2020s, Pride and Prejudice)",
    input:
      '                            [Illustration:\n\n                             GEORGE ALLEN\n                               PUBLISHER\n\n                        156 CHARING CROSS ROAD\n                                LONDON\n\n                             RUSKIN HOUSE\n                                   ]\n\n                            [Illustration:\n\n               _Reading Jane’s Letters._      _Chap 34._\n                                   ]\n\n\n\n\n                                PRIDE.\n',
    expected: '![GEORGE ALLEN PUBLISHER 156 CHARING CROSS ROAD LONDON RUSKIN HOUSE]()\n\n![_Reading Jane’s Letters._ _Chap 34._]()\n\n\n\n\n                                PRIDE.\n',
    count: 2,
  },
  {
    name: 'a copyright line inside the tag stays in the caption (pg1342 2020s)',
    input: 'Text.\n\n[Illustration:\n\n“He came down to see the place”\n\n[_Copyright 1894 by George Allen._]]\n\nThis was invitation enough.\n',
    expected: 'Text.\n\n![“He came down to see the place” \\[_Copyright 1894 by George Allen._\\]]()\n\nThis was invitation enough.\n',
    count: 1,
  },
  {
    name: 'a chapter heading lettered into the picture stays the heading (pg1342 2020s: ·PRIDE AND PREJUDICE· / Chapter I.)',
    input: '_GEORGE SAINTSBURY._\n\n\n\n\n[Illustration: ·PRIDE AND PREJUDICE·\n\n\n\n\nChapter I.]\n\n\n\n\nIt is a truth universally acknowledged.\n',
    expected: '_GEORGE SAINTSBURY._\n\n\n\n\n![·PRIDE AND PREJUDICE·]()\n\n\nChapter I.\n\n\n\n\nIt is a truth universally acknowledged.\n',
    count: 1,
  },
  {
    name: 'a tag whose bracket never closes stays text',
    input: '[Illustration: A broken tag\n\nIt was a long paragraph of ordinary prose.\n',
    expected: '[Illustration: A broken tag\n\nIt was a long paragraph of ordinary prose.\n',
    count: 0,
  },
]);

table(markFootnotesPass, [
  {
    name: 'Gibbon: [Footnote N: ...] blocks and [N] markers, ids per chapter',
    input:
      '# Chapter I\n\nThe first volume only [1] of the work.\n\n[Footnote 1: The first volume of the quarto,\nwhich [sic] contained sixteen chapters.]\n\n# Chapter II\n\nAnother note [1] here.\n[Footnote 1: Dion Cassius.] Bentinck\nStreet.\n',
    expected:
      '# Chapter I\n\nThe first volume only [^c1-1] of the work.\n\n[^c1-1]: The first volume of the quarto,\nwhich [sic] contained sixteen chapters.\n\n# Chapter II\n\nAnother note [^c2-1] here.\n\n[^c2-1]: Dion Cassius.\n\nBentinck\nStreet.\n',
    count: 2,
  },
  {
    name: 'Imitation of Christ: (N) markers and the notes at the chapter end',
    input: '# CHAPTER I\n\nHe that followeth me,(1) saith the Lord.(2) And more.\n\n(1) John viii. 12.   (2) Revelations ii. 17.\n',
    expected: '# CHAPTER I\n\nHe that followeth me,[^c1-1] saith the Lord.[^c1-2] And more.\n\n[^c1-1]: John viii. 12.\n\n[^c1-2]: Revelations ii. 17.\n',
    count: 2,
  },
  { name: 'a note with no marker stays text', input: 'Text.\n\n[Footnote 3: Orphan.]\n', expected: 'Text.\n\n[Footnote 3: Orphan.]\n', count: 0 },
  {
    name: 'Gibbon: the editor’s Note paragraphs inside [Footnote 2: ...] stay in the note, indented four spaces',
    input: '# Chapter I\n\nOf Arabia. [2]\n\n[Footnote 2: Strabo, l. xvi.\np. 780.\n\nNote: It is the city of Merab.--G.\nCompare Malte-Brun.\n\nNote: Two, according to Strabo.--M.]\n\nThe text goes on.\n',
    expected:
      '# Chapter I\n\nOf Arabia. [^c1-2]\n\n[^c1-2]: Strabo, l. xvi.\np. 780.\n\n    Note: It is the city of Merab.--G.\n    Compare Malte-Brun.\n\n    Note: Two, according to Strabo.--M.\n\nThe text goes on.\n',
    count: 1,
  },
]);

table(joinSplitChaptersPass, [
  {
    name: 'Gibbon: the pieces of a file-split chapter are one chapter; a bare PART II. inside piece II goes too',
    input:
      'Chapter I: The Extent Of The Empire--Part I.\n\nText one.\n\n\n\n\nChapter I: The Extent Of The Empire.--Part II.\n\nText two.\n\n\nPART II.\n\nText three.\n\n\n\n\nChapter II: The Prosperity.--Part I.\n\nText four.\n\n\n\n\nChapter II: The Prosperity. Part II.\n\nText five.\n',
    expected:
      'Chapter I: The Extent Of The Empire\n\nText one.\n\nText two.\n\nText three.\n\n\n\n\nChapter II: The Prosperity\n\nText four.\n\nText five.\n',
    count: 5,
  },
  {
    name: 'Gibbon vol. 2: a piece heading wrapped on two lines is a piece too (pg732)',
    input:
      'Chapter XVI: Conduct Towards The Christians, From Nero To\nConstantine.--Part I.\n\nText one.\n\n\n\n\nChapter XVI: Conduct Towards The Christians, From Nero To\nConstantine.--Part II.\n\nText two.\n',
    expected: 'Chapter XVI: Conduct Towards The Christians, From Nero To Constantine\n\nText one.\n\nText two.\n',
    count: 2,
  },
  {
    name: 'a chapter with one piece only, or a title that ends in Part, is left alone',
    input: 'Chapter IX: The Better Part\n\nText.\n\n\n\nChapter X: Home--Part I.\n\nText.\n',
    expected: 'Chapter IX: The Better Part\n\nText.\n\n\n\nChapter X: Home--Part I.\n\nText.\n',
    count: 0,
  },
]);

/** Alice's own usage: capitals for stress, no underscores (pg11). */
const aliceStress = Array.from({ length: 10 }, (_, i) => `‘I’m VERY sorry,’ said Alice, time ${i + 1}, very sorry.`).join('\n\n');

table(markCapitalsEmphasisPass, [
  {
    name: 'Alice: capitals inside paragraphs are stress in a book without underscores',
    input: `${aliceStress}\n\nthe Rabbit actually TOOK A WATCH OUT OF ITS WAISTCOAT-POCKET, and took a watch out of its waistcoat-pocket\n\n‘YOU!’ said the Caterpillar. Said you.\n`,
    expected: `${aliceStress.replace(/VERY/g, '_very_')}\n\nthe Rabbit actually _took a watch out of its waistcoat-pocket_, and took a watch out of its waistcoat-pocket\n\n‘_You_!’ said the Caterpillar. Said you.\n`,
    count: 12,
  },
  {
    name: 'names, acronyms, Roman numerals, a quoted sign and a speaker at the paragraph start stay capitals',
    input: `${aliceStress}\n\nALICE. She read “DRINK ME” and went to the BBC in chapter XIV, said ALICE.\n\ndrink me\n`,
    expected: `${aliceStress.replace(/VERY/g, '_very_')}\n\nALICE. She read “DRINK ME” and went to the BBC in chapter XIV, said ALICE.\n\ndrink me\n`,
    count: 10,
  },
  {
    name: 'accented capitals and words joined by an apostrophe are stress when the book writes them in lower case',
    input: `${aliceStress}\n\nIt was DÉJÀ VU at FIVE O’CLOCK, déjà vu at five o’clock, and ÉTÉ stayed.\n`,
    expected: `${aliceStress.replace(/VERY/g, '_very_')}\n\nIt was _déjà vu_ at _five o’clock_, déjà vu at five o’clock, and ÉTÉ stayed.\n`,
    count: 12,
  },
  {
    name: 'a book that writes its italics with underscores keeps its capitals (Pride and Prejudice)',
    input: `${aliceStress}\n\n${Array.from({ length: 3 }, () => 'an _italic_ word').join(' ')}\n`,
    expected: `${aliceStress}\n\n${Array.from({ length: 3 }, () => 'an _italic_ word').join(' ')}\n`,
    count: 0,
  },
]);

table(markEndingPass, [
  { name: 'Alice: THE END closing the book is an ending', input: 'Text.\n\nTHE END\n', expected: 'Text.\n\n::: ending\nTHE END\n:::\n', count: 1 },
  { name: 'an End in running text stays a paragraph', input: 'THE END\n\nOf the story, more.\n', expected: 'THE END\n\nOf the story, more.\n', count: 0 },
]);

table(markSceneBreaksPass, [
  {
    name: 'Alice: three staggered rows of stars are one scene break',
    input: 'Text.\n\n  *    *    *    *    *    *    *\n\n    *    *    *    *    *    *\n\n  *    *    *    *    *    *    *\n\nMore.\n',
    expected: 'Text.\n\n* * *\n\nMore.\n',
    count: 3,
  },
  { name: 'breaks with text between stay two', input: 'A.\n\n* * *\n\nB.\n\n* * *\n\nC.\n', expected: 'A.\n\n* * *\n\nB.\n\n* * *\n\nC.\n', count: 0 },
]);

describe('_underscores_ stay Markdown emphasis', () => {
  it('no typography pass touches them', () => {
    for (const pass of [curlQuotesPass, normalizeDashesPass, normalizeEllipsesPass, joinSplitWordsPass]) {
      expect(run(pass, 'An _italic_ word.\n').text).toBe('An _italic_ word.\n');
    }
  });
});

describe('what the passes write parses into the model', () => {
  it('a caption-only illustration is a figure without src; footnotes are linked', () => {
    const md = '# Chapter I\n\nText.[^c1-1]\n\n![The Dodo]()\n\n[^c1-1]: A note.\n';
    const doc = parseMarkdown(md, { title: 'T', author: 'A', language: 'en' });
    const blocks = doc.body[0]!.type === 'chapter' ? doc.body[0]!.blocks : [];
    expect(blocks.find((b) => b.type === 'figure')).toEqual({ type: 'figure', alt: 'The Dodo', caption: [{ type: 'text', value: 'The Dodo' }] });
    expect(Object.values(doc.footnotes)).toHaveLength(1);
  });
});
