/**
 * Structure detection on small in/expected cases: a play's speeches and stage directions, a letter's
 * dateline, salutation and signature, back matter after the last chapter. Each case runs the whole
 * cleanup, checks the Markdown, that cleanup is idempotent, and what the parser builds from it.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { allChapters, type Block } from '../../src/model/book-document.ts';
import { headlineStyle } from '../../src/structure/title-case.ts';

const META = { title: 'Test', author: 'Anon', language: 'en' };

function clean(text: string): string {
  const first = cleanText(text, { meta: META }).markdown;
  expect(cleanText(first, { meta: META }).markdown, 'idempotent').toBe(first);
  return first;
}

function blocksOf(markdown: string): Block[] {
  return allChapters(parseMarkdown(markdown, META)).flatMap((c) => c.blocks);
}

const PLAY = `FIRST ACT


SCENE


Morning-room in Algernon's flat in Half-Moon Street.

[Lane is arranging afternoon tea on the table.]

Algernon.  Did you hear what I was playing, Lane?

Lane.  I didn't think it polite to listen, sir.

Algernon.  I'm sorry for that, for your sake.  I don't play
accurately--any one can play accurately--but I play with wonderful
expression.

Lane.  Yes, sir.

[Enter Jack.]

Lady Bracknell.  Good afternoon, dear Algernon.

Lady Bracknell.  I'm sorry if we are a little late.

Lady Bracknell.  Won't you come and sit here, Gwendolen?

Algernon.  Yes.  Good afternoon.

Lane.  Yes, sir.  [Goes out.]
`;

const LETTER = `Letter 1


_To Mrs. Saville, England._

St. Petersburgh, Dec. 11th, 17—.

You will rejoice to hear that no disaster has accompanied the commencement
of an enterprise which you have regarded with such evil forebodings.

I am already far north of London, and as I walk in the streets of
Petersburgh, I feel a cold northern breeze play upon my cheeks.

Your affectionate brother,

R. Walton




Letter 2


_To Mrs. Saville, England._

July 7th, 17—.

My dear Sister,

I write a few lines in haste to say that I am safe and well advanced on
my voyage.

R.W.




Chapter 1


I am by birth a Genevese, and my family is one of the most distinguished
of that republic.  My dear friend, I said, as the day began.

August 5th, 17—.
`;

describe('plays', () => {
  it('marks speeches with their speaker and bracketed paragraphs as stage directions', () => {
    const md = clean(PLAY);
    expect(md).toContain('::: speech Algernon\nDid you hear what I was playing, Lane?\n:::');
    expect(md).toContain('::: speech Lady Bracknell\nGood afternoon, dear Algernon.\n:::');
    expect(md).toContain('::: stage\n[Enter Jack.]\n:::');
    // A stage direction inside a speech stays in the speech, in italics like one of its own.
    expect(md).toContain('::: speech Lane\nYes, sir. _[Goes out.]_\n:::');
    const lane = blocksOf(md).find((b) => b.type === 'speech' && JSON.stringify(b).includes('Goes out'));
    expect(JSON.stringify(lane)).toContain('{"type":"emphasis","children":[{"type":"text","value":"[Goes out.]"}]}');
    const blocks = blocksOf(md);
    const speeches = blocks.filter((b) => b.type === 'speech');
    expect(speeches).toHaveLength(9);
    expect(speeches[0]).toEqual({
      type: 'speech',
      speaker: [{ type: 'text', value: 'Algernon' }],
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Did you hear what I was playing, Lane?' }] }],
    });
    expect(blocks.filter((b) => b.type === 'paragraph' && b.role === 'stageDirection')).toHaveLength(2);
  });

  it('leaves prose alone: a few paragraphs that open with `Yes.` do not make a play', () => {
    const prose = 'Yes.  She said it twice.\n\nNo.  He did not.\n\nYes.  Again, and more text follows here.\n\n' +
      'It was a long paragraph of ordinary prose that goes on.\n\n'.repeat(6) + 'Yes.  Once more.\n\n[Illustration]\n';
    const md = clean(prose);
    expect(md).not.toContain(':::');
  });
});

describe('letters', () => {
  it('marks salutation, dateline and signature in units titled as letters', () => {
    const md = clean(LETTER);
    expect(md).toContain('::: salutation\n_To Mrs. Saville, England._\n:::');
    expect(md).toContain('::: dateline\nSt. Petersburgh, Dec. 11th, 17—.\n:::');
    expect(md).toContain('::: signature\nYour affectionate brother,\nR. Walton\n:::');
    expect(md).toContain('::: salutation\nMy dear Sister,\n:::');
    expect(md).toContain('::: signature\nR.W.\n:::');
    const doc = parseMarkdown(md, META);
    const [l1, l2, ch1] = allChapters(doc);
    expect(l1!.blocks.map((b) => (b.type === 'paragraph' ? b.role ?? 'text' : b.type))).toEqual([
      'salutation', 'dateline', 'text', 'text', 'signature',
    ]);
    expect(l1!.blocks[4]).toEqual({
      type: 'paragraph',
      role: 'signature',
      children: [{ type: 'text', value: 'Your affectionate brother,' }, { type: 'lineBreak' }, { type: 'text', value: 'R. Walton' }],
    });
    expect(l2!.blocks.filter((b) => b.type === 'paragraph' && b.role).map((b) => (b as { role: string }).role)).toEqual([
      'salutation', 'dateline', 'salutation', 'signature',
    ]);
    // A chapter that is not a letter keeps its short paragraphs as text.
    expect(ch1!.blocks.every((b) => b.type === 'paragraph' && !b.role)).toBe(true);
  });
});

describe('back matter', () => {
  it('names after the last chapter become back sections of their kind', () => {
    const text = 'CHAPTER I\n\n\nThe first chapter has some text in it, enough to be prose.\n\n\n\n\nCHAPTER II\n\n\n' +
      'The second chapter has some text in it too, and then it ends.\n\n\n\n\nNOTES\n\n\nA note on the text.\n\n\n\n\n' +
      'GLOSSARY\n\n\nAnd a glossary of terms.\n';
    const doc = parseMarkdown(clean(text), META);
    expect(allChapters(doc)).toHaveLength(2);
    expect(doc.back.map((s) => s.kind)).toEqual(['notes', 'glossary']);
  });
});

describe('headings Title Cased word by word (Chicago 8.159)', () => {
  it('lowercases articles, prepositions and conjunctions inside a title only when every word was capitalised', () => {
    expect(headlineStyle('The Extent Of The Empire In The Age Of The Antonines')).toBe('The Extent of the Empire in the Age of the Antonines');
    expect(headlineStyle('Emperors Decius, Gallus, Aemilianus, Valerian And Gallienus')).toBe('Emperors Decius, Gallus, Aemilianus, Valerian and Gallienus');
    expect(headlineStyle('What It Comes To')).toBe('What It Comes To');
    expect(headlineStyle('Down the Rabbit-Hole')).toBe('Down the Rabbit-Hole');
    expect(headlineStyle('THE RABBIT SENDS IN A LITTLE BILL')).toBe('THE RABBIT SENDS IN A LITTLE BILL');
  });
});
