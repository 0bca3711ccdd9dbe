/** Query expansion (WordNet, curated lists, book forms) and what the index leaves out (contents lists). */
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/extract/analyze.ts';
import { expandTopic, withBookForms, withoutCommonSenses } from '../../src/extract/lexicon.ts';
import { isContentsList } from '../../src/extract/passages.ts';
import { wordSenses } from '../../src/extract/wordnet.ts';

const en = new Analyzer('en');
const words = (topic: string) => expandTopic(topic, en).concepts.flatMap((c) => c.terms.map((t) => t.display));

describe('WordNet', () => {
  it('reads senses, synonyms, derived forms and hyponyms', () => {
    const redemption = wordSenses('redemption')[0]!;
    expect(redemption).toMatchObject({ pos: 'noun', rank: 1, tagged: true });
    expect(redemption.synonyms).toContain('salvation');
    expect(redemption.derived).toContain('redeem');
    expect(wordSenses('sacrament')[0]!.hyponyms).toEqual(expect.arrayContaining(['Eucharist', 'baptism']));
    expect(wordSenses('prayers').map((s) => s.pos)).toContain('noun');
    expect(wordSenses('qwzxv')).toEqual([]);
  });
});

describe('expandTopic', () => {
  it('takes a curated topic from its list, not from WordNet’s commoner senses', () => {
    expect(words('Grace')).toEqual(expect.arrayContaining(['Grace', 'gracious', 'mercy']));
    expect(words('Grace')).not.toContain('gracility');
    expect(words('Love')).not.toContain('dear');
  });

  it('makes one concept per content word of a phrase', () => {
    const q = expandTopic('forgiveness of sins', en);
    expect(q.concepts.map((c) => c.word)).toEqual(['forgiveness', 'sins']);
  });

  it('leaves out WordNet words the book uses far more than the topic', () => {
    const q = expandTopic('death', en);
    const counts: Record<string, number> = { death: 5, die: 40, loss: 200, martyrdom: 2 };
    const kept = withoutCommonSenses(q, (stem) => counts[[...Object.keys(counts)].find((w) => en.term(w) === stem) ?? ''] ?? 0);
    const shown = kept.concepts[0]!.terms.map((t) => t.display);
    expect(shown).toContain('martyrdom');
    expect(shown).not.toContain('loss');
    // A derived form is the same word in another part of speech: kept however common.
    expect(shown).toContain('die');
  });

  it('adds the participles the stemmer keeps apart, and nothing that only starts alike', () => {
    const q = withBookForms(expandTopic('forgiveness', en), (stem) => stem === 'forgiven' || stem === 'forgivs');
    expect(q.concepts[0]!.terms.filter((t) => t.form).map((t) => t.stem)).toEqual(['forgiven']);
    const prayer = withBookForms(expandTopic('prayer', en), (stem) => stem === 'prais');
    expect(prayer.concepts[0]!.terms.some((t) => t.stem === 'prais')).toBe(false);
  });
});

describe('contents lists', () => {
  it('are recognised by their dot leaders and page numbers', () => {
    expect(isContentsList('Easter Sunday.—Purging Out the Old Leaven. 1 Corinthians 5, 6-8 . . . . . . . . . 181')).toBe(true);
    expect(isContentsList('He waited. . . . And then he spoke of Easter, of the empty tomb and of the risen Lord.')).toBe(false);
  });
});
