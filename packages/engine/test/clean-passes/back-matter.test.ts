/**
 * The back of a source that is not the book (issue 33): a transcriber's list of corrections (made, then dropped when
 * the text holds them all), the publisher's advertisements after THE END, an index's page numbers. Each case is a
 * short real passage of a corpus book, named; the passes run alone, twice (idempotence).
 */
import { describe, expect, it } from 'vitest';
import { applyCorrectionsPass } from '../../src/clean/passes/apply-corrections.ts';
import { dropAdvertisementsPass } from '../../src/clean/passes/drop-advertisements.ts';
import { dropCorrectionsListPass } from '../../src/clean/passes/drop-corrections-list.ts';
import { indexPageNumbersPass } from '../../src/clean/passes/index-page-numbers.ts';
import { cleanText } from '../../src/clean/index.ts';
import { passTable, runPass } from '../helpers/pass-table.ts';

/** `n` paragraphs of the book before its back (the lists are looked for in the last third). */
const book = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} of the story runs on.`).join('\n\n');

// pairs/pg20053 The Rover Boys in the Air: the text already holds the corrections its list names.
const roverText = `${book(20)}

for them to persuade their father to let them buy a biplane. Then,

"Do you boys want us to go in the biplane?" asked Nellie.

troubles of the future take care of themselves", and then he murmured
softly:`;
const roverList = `TRANSCRIBER'S NOTES:

Obvious printing errors, both spelling and punctuation, were repaired;
these changes are listed below.


Chapter II     Original text: to pursuade their father
               Correction: to persuade their father

Chapter XIII   Original text: take care of themselves, and then
                 he murmured
               Correction: take care of themselves," and then
                 he murmured

Chapter XXV    Original text: spelling 'gatling guns' retained

Chapter XXX    Original text: boys wants us to go
               Correction: boys want us to go;
               Comment: Nellie's typical speech implies she would never
                        use such grammar!`;

// pairs/pg21801 Briefe an eine Freundin, the English list after the German one.
const briefeList = `Transcriber’s Notes:

The table below lists all corrections applied to the original text.

p.  86: Ih --> Ich
p. 143: Mench --> Mensch

The original spelling and minor inconsistencies in the formatting have
been maintained.`;

// pairs/pg35407 Rimas: the printer's errata; `era diablo` occurs once (in note 3), `espada` twice.
const rimasText = `${book(6)}

La espada del guerrero brilla.

Ni espada ni escudo le quedan.

[3] Histórico. La
tradicion popular dice que aquel cantor desconocido era diablo, pues
solo él podia haber vencido á Santos Vega.`;
const rimasErrata = `ERRATAS NOTABLES


   PÁG.          LÍNEAS          DONDE DICE          LÉASE
   ----          ------          ----------          -----
   47            1ª           espada              espalda

   »             37              era diablo          era el diablo`;

passTable(applyCorrectionsPass, [
  {
    name: 'Rimas: the erratum whose words occur once is made, the other left (pairs/pg35407)',
    input: `${rimasText}\n\n\n\n${rimasErrata}\n`,
    expected: `${rimasText.replace('era diablo', 'era el diablo')}\n\n\n\n${rimasErrata}\n`,
    count: 1,
  },
  { name: 'Rover Boys: corrections already made, nothing to do (pairs/pg20053)', input: `${roverText}\n\n\n\n${roverList}\n`, expected: `${roverText}\n\n\n\n${roverList}\n`, count: 0 },
]);

passTable(dropCorrectionsListPass, [
  { name: 'Rover Boys: every correction in the text, the list goes (pairs/pg20053)', input: `${roverText}\n\n\n\n${roverList}\n`, expected: `${roverText}\n`, count: 14 },
  {
    name: 'Briefe an eine Freundin: `p. 86: Ih --> Ich` made, the list and its prose go (pairs/pg21801)',
    input: `${book(6)}\n\nIch weiß es, ein Mensch zu sein.\n\n\n\n${briefeList}\n`,
    expected: `${book(6)}\n\nIch weiß es, ein Mensch zu sein.\n`,
    count: 6,
  },
  {
    name: 'Briefe: the source still printing `Mench`, the list stays (pairs/pg21801)',
    input: `${book(6)}\n\nIch weiß es, ein Mench zu sein.\n\n\n\n${briefeList}\n`,
    expected: `${book(6)}\n\nIch weiß es, ein Mench zu sein.\n\n\n\n${briefeList}\n`,
    count: 0,
  },
  { name: 'Rimas: an erratum not made, the errata stay (pairs/pg35407)', input: `${rimasText}\n\n\n\n${rimasErrata}\n`, expected: `${rimasText}\n\n\n\n${rimasErrata}\n`, count: 0 },
  { name: 'a list at the front is not looked at', input: `${roverList}\n\n\n\n${roverText}\n`, expected: `${roverList}\n\n\n\n${roverText}\n`, count: 0 },
]);

// pairs/pg20053: the end of the last chapter, THE END, and the first of Grosset & Dunlap's series.
const roverEnd = `And then off rushed the three Rover boys for an outing in their biplane.
And here we will leave them, wishing them all the good times possible.


THE END`;
const roverAds = `THE FAMOUS ROVER BOYS SERIES

By ARTHUR W. WINFIELD


Each volume is hailed with delight by boys and girls everywhere. 12mo.
Cloth. Handsomely printed and illustrated.

PRICE, 60 CENTS PER VOLUME. POSTPAID.

THE ROVER BOYS DOWN EAST
  Or, The Struggle for the Stanhope Fortune.
    Old enemies try again to injure our friends.

THE ROVER BOYS AT COLLEGE
  Or, The Right Road and the Wrong
    Brimming over with good nature and excitement.

       *       *       *       *       *

GROSSET & DUNLAP--NEW YORK`;

// pairs/pg14944 La Barraca: FIN, the book's own dateline, then La Novela Literaria's list.
const barracaEnd = `y tenues como sus antiguas ilusiones de paz y trabajo.




FIN


Valencia.--Octubre-Diciembre 1898.`;
const barracaAds = `LA NOVELA LITERARIA

LOS MEJORES NOVELISTAS-LAS MEJORES OBRAS _Director: VICENTE BLASCO
IBÁÑEZ_

       *       *       *       *       *

VOLÚMENES PUBLICADOS

PAUL ADAM

El año de Clarisa.

El rebaño de Clarisa.

El trust (2 tomos).

HENRI BARBUSSE

El infierno.

De venta en todas las librerías y en las bibliotecas de las estaciones á
4 ptas. en rústica y 5 lujosamente encuadernado en tela.

Pedidos: EDITORIAL PROMETEO.--APARTADO 130.--VALENCIA`;

// pairs/pg1301 Carlyle: THE END, then the book's index (`Series` and `Collection` are its words, not a catalogue's).
const carlyleIndex = `INDEX.

ABBAYE, massacres, Jourgniac, Sicard, and Maton's account of.

ACCEPTATION, grande, by Louis XVI.

ARMY, French, after Bastille, officered by aristocrats, to be disbanded,
demands arrears, general mutiny of, a series of outbreaks.

ARRESTS in August 1792.`;

passTable(dropAdvertisementsPass, [
  { name: 'Rover Boys: the series after THE END go (pairs/pg20053)', input: `${roverEnd}\n\n\n\n\n${roverAds}\n`, expected: `${roverEnd}\n`, count: 13 },
  { name: 'La Barraca: the list after FIN goes, the dateline stays (pairs/pg14944)', input: `${barracaEnd}\n\n\n\n\n${barracaAds}\n`, expected: `${barracaEnd}\n`, count: 14 },
  { name: 'Carlyle: an index after THE END stays (pairs/pg1301)', input: `${roverEnd}\n\n\n\n\n${carlyleIndex}\n`, expected: `${roverEnd}\n\n\n\n\n${carlyleIndex}\n`, count: 0 },
  { name: 'no closing words: nothing is looked at', input: `${roverAds}\n`, expected: `${roverAds}\n`, count: 0 },
  {
    name: 'the book going on after THE END without advertising stays',
    input: `${roverEnd}\n\n\n\nAFTERWORD\n\nThe author wrote this volume in 1911, and it was printed in the spring.\n\nHe thanked his readers.\n`,
    expected: `${roverEnd}\n\n\n\nAFTERWORD\n\nThe author wrote this volume in 1911, and it was printed in the spring.\n\nHe thanked his readers.\n`,
    count: 0,
  },
]);

// pairs/pg1301 Carlyle's index entries, with the page numbers its printed edition set after them.
const numberedIndex = `INDEX.

ABBAYE, massacres, Jourgniac, Sicard, and Maton's account of, 23, 45-47.

ACCEPTATION, grande, by Louis XVI., 112.

AGOUST, Captain d', seizes two Parlementeers, 88.

ARRESTS in August 1792.`;

passTable(indexPageNumbersPass, [
  {
    name: 'Carlyle index with page numbers: the numbers go, the entries and the year stay (pairs/pg1301)',
    input: `${book(6)}\n\n\n\n${numberedIndex}\n`,
    expected: `${book(6)}\n\n\n\nINDEX.\n\nABBAYE, massacres, Jourgniac, Sicard, and Maton's account of\n\nACCEPTATION, grande, by Louis XVI.\n\nAGOUST, Captain d', seizes two Parlementeers\n\nARRESTS in August 1792.\n`,
    count: 3,
  },
  { name: 'Carlyle index as Gutenberg has it, no numbers: unchanged (pairs/pg1301)', input: `${book(6)}\n\n\n\n${carlyleIndex}\n`, expected: `${book(6)}\n\n\n\n${carlyleIndex}\n`, count: 0 },
  { name: 'an INDEX heading in the first half is not the back', input: `${numberedIndex}\n\n\n\n${book(12)}\n`, expected: `${numberedIndex}\n\n\n\n${book(12)}\n`, count: 0 },
]);

describe('cleanup reports the back it removed', () => {
  it('Rover Boys: list and advertisements counted with their labels, the last chapter whole', () => {
    const { markdown, report } = cleanText(`${roverText}\n\n${roverEnd}\n\n\n\n\n${roverAds}\n\n\n\n\n${roverList}\n`);
    const pass = (id: string) => report.passes.find((p) => p.id === id)!;
    expect(pass('correctionsList')).toMatchObject({ count: 14, label: "Lines of the transcriber's list of corrections removed (the corrections are in the text)" });
    expect(pass('advertisements')).toMatchObject({ count: 13, label: "Lines of the publisher's advertisements after the end removed" });
    expect(markdown).toContain('wishing them all the good times possible.');
    expect(markdown).not.toMatch(/GROSSET|PRICE|TRANSCRIBER/);
    expect(runPass(dropAdvertisementsPass, markdown).count).toBe(0);
  });
});
