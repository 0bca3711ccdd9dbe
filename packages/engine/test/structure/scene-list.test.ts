/**
 * A play's list of scenes (`structure/scene-list.ts`, pass `verse`): the entries under `THE SCENES OF THE PLAY`
 * (copied from The Importance of Being Earnest, pg844) become one `::: persona` list, as the persons do; a scene's
 * own heading with its description, and an act's heading alone, stay what they are.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { SCENES_HEADING, sceneListEntry } from '../../src/structure/scene-list.ts';
import { corpusText } from '../helpers/corpus.ts';

describe('a play\'s list of scenes', () => {
  it('knows its heading, not a scene\'s own heading with a title', () => {
    for (const h of ['# THE SCENES OF THE PLAY', '# THE SCENES OF THE PLAY {.front}', '## Scenes', '# THE SCENE.']) expect(h).toMatch(SCENES_HEADING);
    for (const h of ['# SCENE I. A Room in the Castle', '# Scenes from Clerical Life', 'THE SCENES OF THE PLAY']) expect(h).not.toMatch(SCENES_HEADING);
  });

  it('takes an act with its setting and the time or place of the play; not an act heading alone, nor prose', () => {
    expect(sceneListEntry(["ACT I.  Algernon Moncrieff's Flat in Half-Moon Street, W."])).toBe("ACT I. Algernon Moncrieff's Flat in Half-Moon Street, W.");
    expect(sceneListEntry(['FIRST ACT. The Garden at the Manor House.'])).toBe('FIRST ACT. The Garden at the Manor House.');
    expect(sceneListEntry(['TIME: The Present.'])).toBe('TIME: The Present.');
    expect(sceneListEntry(['ACT I.'])).toBeUndefined();
    expect(sceneListEntry(['Morning-room in Algernon’s flat in Half-Moon Street. The room is luxuriously and artistically furnished. The sound of a piano is heard in the adjoining room.'])).toBeUndefined();
    expect(sceneListEntry(['ACT I. Algernon Moncrieff’s Flat', 'in Half-Moon Street, W.'])).toBeUndefined();
  });

  it('cleanup sets the list as one persona list, keeps the scene heading of an act as it is, and changes nothing run twice', () => {
    // The opening of the play as the source sets it, from its list of persons into the first speeches.
    const source = corpusText('gutenberg/pg844-importance-of-being-earnest.txt').replace(/\r\n/g, '\n');
    const text = source.slice(source.indexOf('THE PERSONS IN THE PLAY'), source.indexOf('cucumber sandwiches'));
    const meta = { title: 'The Importance of Being Earnest', author: 'Oscar Wilde' };
    const { markdown } = cleanText(text, { meta });
    expect(markdown).toContain(
      '# THE SCENES OF THE PLAY {.front}\n\n::: persona\nACT I. Algernon Moncrieff’s Flat in Half-Moon Street, W.\n\nACT II. The Garden at the Manor House, Woolton.\n\nACT III. Drawing-Room at the Manor House, Woolton.\n\nTIME: The Present.\n:::',
    );
    expect(markdown).toMatch(/## SCENE\n\nMorning-room in Algernon’s flat/);
    expect(cleanText(markdown, { meta }).markdown).toBe(markdown);
  });
});
