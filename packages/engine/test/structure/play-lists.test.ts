/**
 * A play's lists before its first act (`structure/play-lists.ts`, pass `verse`): the entries under `THE SCENES OF THE
 * PLAY` and the details of the first performance above its cast (The Importance of Being Earnest, pg844) become
 * `::: persona` lists, as the persons do; a scene's own heading with its description, an act's heading alone, and
 * the short lines of a book that is no play stay what they are.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { performanceDetail, SCENES_HEADING, sceneListEntry } from '../../src/structure/play-lists.ts';
import { corpusText } from '../helpers/corpus.ts';

describe('a play\'s lists of scenes and of a performance', () => {
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

  it('takes a short line of a performance\'s details, not a paragraph', () => {
    expect(performanceDetail(['   February 14th, 1895'])).toBe('February 14th, 1895');
    expect(performanceDetail(['Lessee and Manager:  Mr. George Alexander'])).toBe('Lessee and Manager: Mr. George Alexander');
    expect(performanceDetail(['This play was first produced at the St. James’s Theatre,', 'on February 14th, 1895.'])).toBeUndefined();
  });

  it('cleanup sets the list as one persona list, keeps the scene heading of an act as it is, and changes nothing run twice', () => {
    // The opening of the play as the source sets it, from its title page into the first speeches.
    const source = corpusText('gutenberg/pg844-importance-of-being-earnest.txt').replace(/\r\n/g, '\n');
    const text = source.slice(source.indexOf('The Importance of Being Earnest\nA Trivial'), source.indexOf('cucumber sandwiches'));
    const meta = { title: 'The Importance of Being Earnest', author: 'Oscar Wilde' };
    const { markdown } = cleanText(text, { meta });
    expect(markdown).toContain(
      '# THE SCENES OF THE PLAY {.front}\n\n::: persona\nACT I. Algernon Moncrieff’s Flat in Half-Moon Street, W.\n\nACT II. The Garden at the Manor House, Woolton.\n\nACT III. Drawing-Room at the Manor House, Woolton.\n\nTIME: The Present.\n:::',
    );
    expect(markdown).toContain(
      '# LONDON: ST. JAMES’S THEATRE {.front}\n\n::: persona\nLessee and Manager: Mr. George Alexander\n\nFebruary 14th, 1895\n:::\n\n* * *\n\n::: persona\nJohn Worthing, J.P.: Mr. George Alexander.',
    );
    expect(markdown).toMatch(/## SCENE\n\nMorning-room in Algernon’s flat/);
    expect(cleanText(markdown, { meta }).markdown).toBe(markdown);
  });

  it('a novel\'s short lines under a heading are no performance details (no list of persons before them)', () => {
    const text = '\n\n\nCHAPTER I\n\n\nLondon, 1895.\n\nIt was a fine morning.\n\nMerriman: Mr. Frank Dyall.\nLane: Mr. F. Kinsey Peile.\n';
    expect(cleanText(text, { meta: { title: 'A Novel' } }).markdown).not.toContain('::: persona');
  });
});
