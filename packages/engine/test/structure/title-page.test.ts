/**
 * `detectTitlePage` + `titlePageDetails` on title pages as Project Gutenberg texts set them (each case copied from
 * a corpus book, named after it): what is a title-page line, what it says, and what is not a title page at all.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { readText } from '../../src/read/index.ts';
import { detectTitlePage, titlePageDetails } from '../../src/structure/detect-title-page.ts';
import { corpusBytes } from '../helpers/corpus.ts';

/** Blocks from text: blank lines separate blocks. */
function blocks(text: string) {
  return text.split(/\n\s*\n/).map((b) => ({ lines: b.split('\n') }));
}

function read(text: string, meta: { title: string; author?: string; sourceCredit?: string }) {
  const page = detectTitlePage(blocks(text), meta);
  return { page, details: page ? titlePageDetails(page.facts, meta) : undefined };
}

describe('the source title page', () => {
  it('pg84: subtitle and "by" + name; the title loses its subtitle', () => {
    const { page, details } = read('Frankenstein;\n\nor, the Modern Prometheus\n\nby\n\nMary Wollstonecraft (Godwin) Shelley\n\nLetter 1\n\nSt. Petersburgh, Dec. 11th, 17—.', {
      title: 'Frankenstein or The Modern Prometheus',
      author: 'Mary Wollstonecraft (Godwin) Shelley',
    });
    expect(page?.dropped).toEqual([0, 1, 2, 3]);
    expect(details).toEqual({ title: 'Frankenstein', subtitle: 'or, the Modern Prometheus' });
  });

  it('pg2701: an alternative title in capitals is set in title case; the title page spelling wins', () => {
    const { details } = read('MOBY-DICK;\n\nor, THE WHALE.\n\nBy Herman Melville\n\nETYMOLOGY.', { title: 'Moby Dick; Or, The Whale', author: 'Herman Melville' });
    expect(details).toEqual({ title: 'Moby-Dick', subtitle: 'or, The Whale' });
  });

  it('pg17340 (Spanish): "Por", the author, the printer, the city and the year are the title page', () => {
    const { page, details } = read('Marianela\n\nPor\n\nBenito Pérez Galdós\n\nImprenta y Litografía de La Guirnalda\n\nMadrid\n\n1878\n\n-I-\n\nPerdido', {
      title: 'Marianela',
      author: 'Benito Pérez Galdós',
    });
    expect(page?.dropped).toEqual([0, 1, 2, 3, 4, 5]);
    expect(details?.sourceCredit ?? '').not.toContain('Perdido');
  });

  it('French and German credits: "Traduit par", "Herausgegeben von", "Illustrations de" name their people', () => {
    const fr = read('Contes du jour et de la nuit\n\nIllustrations de PAUL COUSTURIER\n\nTraduit par Jean Dupont\n\nLE CRIME AU PÈRE BONIFACE\n\nCe jour-là, le facteur Boniface, en sortant du bureau de poste, constata que sa tournée serait moins longue.', { title: 'Contes du jour et de la nuit', author: 'Guy de Maupassant' });
    expect(fr.page?.dropped).toEqual([0, 1, 2]);
    expect(fr.details?.translator).toBe('Jean Dupont');
    const de = read('Briefe an eine Freundin\n\nHerausgegeben von Dr. Albert Leitzmann\n\nVorbericht\n\nDie Briefe, welche hier dem Publikum vorgelegt werden, sind von einem Manne geschrieben.', { title: 'Briefe an eine Freundin', author: 'Wilhelm von Humboldt' });
    expect(de.page?.dropped).toEqual([0, 1]);
  });

  it('pg731: the author with a title after the name, and an annotator', () => {
    const { page, details } = read('HISTORY OF THE DECLINE AND FALL OF THE ROMAN EMPIRE\n\nEdward Gibbon, Esq.\n\nWith notes by the Rev. H. H. Milman\n\nVOLUME ONE', {
      title: 'The History of The Decline and Fall of the Roman Empire: Volume 1',
      author: 'Edward Gibbon',
    });
    expect(page?.end).toBe(3);
    expect(details).toEqual({ editor: 'Rev. H. H. Milman', editorRole: 'annotator' });
  });

  it('pg28464: a translator named after "BY" on its own line, the edition, the imprint into the source credit', () => {
    const { details } = read(
      'LUTHER’S\nEPISTLE SERMONS\nEPIPHANY, EASTER AND PENTECOST\n\nTRANSLATED WITH THE HELP OF OTHERS\nBY\nPROF. JOHN NICHOLAS LENKER, D.D.\n\nTHIRD THOUSAND\n\n_The Luther Press_\nMINNEAPOLIS, MINN., U.S.A.\n1909.\n\n_Dedication_',
      { title: 'Epistle Sermons, Vol. II: Epiphany, Easter and Pentecost', author: 'Martin Luther', sourceCredit: 'Text from Project Gutenberg eBook #28464' },
    );
    expect(details).toEqual({
      title: 'Epistle Sermons, Vol. II',
      subtitle: 'Epiphany, Easter and Pentecost',
      translator: 'Prof. John Nicholas Lenker, D.D.',
      edition: 'Third Thousand',
      sourceCredit: 'Text from Project Gutenberg eBook #28464 (The Luther Press, Minneapolis, Minn., U.S.A., 1909)',
    });
  });

  it('pg14572: a title in two lines, the imprint beside a figure, the copyright notice boxed by scene breaks', () => {
    const { page, details } = read(
      'THE\n\nSPIRIT OF CHRISTMAS\n\nBY\n\nHENRY VAN DYKE\n\n[Illustration: (Frontispiece)]\n\nNEW YORK\n\nCHARLES SCRIBNER\'S SONS\n\n1911\n\n       *       *       *\n\n_Copyright, 1905, by Charles Scribner\'s Sons_\n\n_Published, October, 1905_\n\n       *       *       *\n\nA DREAM-STORY',
      { title: 'The Spirit of Christmas', author: 'Henry Van Dyke', sourceCredit: 'Text from Project Gutenberg eBook #14572' },
    );
    // The figure (block 4) stays; the scene breaks around the notice go with it.
    expect(page?.dropped).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(details?.sourceCredit).toBe(
      "Text from Project Gutenberg eBook #14572 (New York: Charles Scribner's Sons, 1911; Copyright, 1905, by Charles Scribner's Sons; Published, October, 1905)",
    );
  });

  it('pg1342 (illustrated edition): the preface writer and the illustrator are credits', () => {
    const { details } = read('PRIDE.\nand\nPREJUDICE\n\nby\nJane Austen,\n\nwith a Preface by\nGeorge Saintsbury\nand\nIllustrations by\nHugh Thomson\n\nPREFACE.', {
      title: 'Pride and Prejudice',
      author: 'Jane Austen',
    });
    expect(details).toEqual({ credits: ['With a Preface by George Saintsbury', 'Illustrations by Hugh Thomson'] });
  });

  it('pg1342 (illustrated edition): an imprint in two columns, a city and the publisher under it, the printer\'s line', () => {
    const { page, details } = read(
      [
        'PRIDE.\nand\nPREJUDICE',
        'by\nJane Austen,',
        'with a Preface by\nGeorge Saintsbury\nand\nIllustrations by\nHugh Thomson',
        '![1894]()',
        '                       Ruskin       156. Charing\n                       House.        Cross Road.',
        '                                London\n                             George Allen.',
        '             CHISWICK PRESS:--CHARLES WHITTINGHAM AND CO.\n                  TOOKS COURT, CHANCERY LANE, LONDON.',
        'PREFACE.',
      ].join('\n\n'),
      { title: 'Pride and Prejudice', author: 'Jane Austen', sourceCredit: 'Text from Project Gutenberg eBook #1342' },
    );
    // The figure (block 3) stays; every other line of the title page leaves the text.
    expect(page?.dropped).toEqual([0, 1, 2, 4, 5, 6]);
    expect(details).toEqual({
      credits: ['With a Preface by George Saintsbury', 'Illustrations by Hugh Thomson'],
      sourceCredit:
        'Text from Project Gutenberg eBook #1342 (London: George Allen, 1894; printed by Chiswick Press: Charles Whittingham and Co., Tooks Court, Chancery Lane, London)',
    });
  });

  it('a two-column block of prose or of a cast list is no imprint', () => {
    const { page } = read('THE IMPORTANCE OF BEING EARNEST\n\nJohn Worthing, J.P.      Mr. George Alexander\nAlgernon Moncrieff      Mr. Allen Aynesworth', {
      title: 'The Importance of Being Earnest',
    });
    expect(page?.dropped).toEqual([0]);
  });

  it('a city alone is no title page, and a name under a city only counts inside one', () => {
    expect(read('London\n\nGeorge Allen.\n\nText.', { title: 'Pride and Prejudice' }).page).toBeUndefined();
  });

  it('no title page: prose first, or a title that names another book', () => {
    expect(read('It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood.', { title: 'Pride and Prejudice' }).page).toBeUndefined();
    expect(read('A TALE OF TWO CITIES\n\nBy Charles Dickens\n\nText.', { title: 'Alice in Wonderland' }).page).toBeUndefined();
  });

  it('an epigraph after the title page is not part of it (pg1322)', () => {
    const { page } = read('LEAVES OF GRASS\n\nBy Walt Whitman\n\n     Come, said my soul,\n     Such verses for my Body let us write, (for we are one,)\n\nWalt Whitman', { title: 'Leaves of Grass', author: 'Walt Whitman' });
    expect(page?.dropped).toEqual([0, 1]);
  });

  it('the illustrated Pride and Prejudice, cleaned whole: no imprint or printer\'s line before the preface', () => {
    const read2 = readText(corpusBytes('gutenberg/pg1342-pride-and-prejudice-2020s-cp1252.txt'));
    const clean = cleanText(read2.text, { meta: read2.meta });
    const opening = clean.markdown.slice(0, clean.markdown.indexOf('# PREFACE.'));
    for (const line of ['Charing', 'Cross Road.', 'George Allen.', 'CHISWICK PRESS', 'TOOKS COURT']) {
      // Only the publisher's device, a figure, still names them (in capitals, inside its `[Illustration:`).
      expect(opening.split('\n').filter((l) => l.includes(line))).toEqual([]);
    }
    expect(clean.meta.sourceCredit).toBe(
      'Text from Project Gutenberg eBook #1342 (London: George Allen, 1894; printed by Chiswick Press: Charles Whittingham and Co., Tooks Court, Chancery Lane, London)',
    );
  });
});
