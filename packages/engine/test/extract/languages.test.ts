/**
 * Books in French, German, Spanish and Italian are stemmed in their language, and a topic typed in English or in
 * the book's language finds the curated words of that language.
 */
import { describe, expect, it } from 'vitest';
import { Analyzer, textLanguage } from '../../src/extract/analyze.ts';
import { buildTopicIndex, searchTopic } from '../../src/extract/index.ts';
import { book } from './fixtures.ts';

const FRENCH = `# Du pardon

Le pardon est au cœur de l’Évangile. Pardonner, ce n’est pas oublier : c’est renoncer à la vengeance. Celui qui a été pardonné apprend à pardonner, et le pardon reçu devient pardon donné. Nous demandons chaque jour le pardon de nos offenses, comme nous pardonnons à ceux qui nous ont offensés.

# Des moissons

Les moissons furent belles cette année-là. Les paysans rentrèrent le blé avant l’orage, et les granges furent pleines jusqu’aux poutres. Le meunier se plaignait du vent, les enfants couraient dans les chaumes.
`;

const GERMAN = `# Von der Vergebung

Die Vergebung ist das Herz des Evangeliums. Vergeben heißt nicht vergessen. Wer Vergebung empfangen hat, lernt zu vergeben, und wir bitten: vergib uns unsere Schuld, wie auch wir vergeben unsern Schuldigern. Ohne Vergebung gibt es keinen Frieden.

# Von der Ernte

Die Ernte war gut in diesem Jahr. Die Bauern brachten das Korn vor dem Gewitter ein, und die Scheunen waren voll bis unter das Dach.
`;

describe('languages', () => {
  it('maps BCP 47 tags to the analysed languages', () => {
    expect(textLanguage('fr-FR')).toBe('fr');
    expect(textLanguage('DE')).toBe('de');
    expect(textLanguage('')).toBe('en');
    expect(textLanguage('ru')).toBe('other');
  });

  it('stems each language with its own Snowball stemmer and drops its stop words', () => {
    expect(new Analyzer('fr').term('pardonné')).toBe(new Analyzer('fr').term('pardonner'));
    expect(new Analyzer('de').term('Vergebung')).toBe(new Analyzer('de').term('vergebung'));
    expect(new Analyzer('es').term('perdonar')).toBe(new Analyzer('es').term('perdonaron'));
    expect(new Analyzer('it').term('perdonare')).toBe(new Analyzer('it').term('perdonato'));
    expect(new Analyzer('fr').term('les')).toBeUndefined();
    expect(new Analyzer('en').term('thee')).toBeUndefined();
  });

  it('finds forgiveness in a French book, typed in English or in French', () => {
    const index = buildTopicIndex(book(FRENCH, 'fr'));
    for (const topic of ['Forgiveness', 'pardon']) {
      const r = searchTopic(index, topic);
      expect(r.passages.map((p) => p.title), topic).toEqual(['Du pardon']);
    }
    expect(searchTopic(index, 'Forgiveness').searchedTerms.map((t) => t.term)).toEqual(expect.arrayContaining(['Forgiveness', 'pardon', 'rémission', 'absolution']));
  });

  it('finds forgiveness in a German book and nothing about the harvest', () => {
    const index = buildTopicIndex(book(GERMAN, 'de'));
    expect(searchTopic(index, 'Vergebung').passages.map((p) => p.title)).toEqual(['Von der Vergebung']);
    expect(searchTopic(index, 'Forgiveness').passages.map((p) => p.title)).toEqual(['Von der Vergebung']);
    expect(searchTopic(index, 'Weihnachten').passages).toEqual([]);
  });

  it('matches words as written in a language without a stemmer', () => {
    const text = 'Прощение есть сердце Евангелия. Простить не значит забыть. Кто получил прощение, тот учится прощать, и мы просим о прощении каждый день, как и мы прощаем должникам нашим. Без прощения нет мира между людьми, и прощение открывает дверь любви.';
    const index = buildTopicIndex(book(`# Глава\n\n${text}\n`, 'ru'));
    expect(searchTopic(index, 'прощение').passages).toHaveLength(1);
  });
});
