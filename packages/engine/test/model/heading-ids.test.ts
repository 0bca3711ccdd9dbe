/** Heading identifiers links use (`model/heading-ids.ts`): pandoc's manual's own examples, and GitHub's rule. */
import { describe, expect, it } from 'vitest';
import { githubIdentifier, headingIdentifiers, pandocIdentifier } from '../../src/model/heading-ids.ts';

describe('pandocIdentifier', () => {
  it.each([
    ['Heading identifiers in HTML', 'heading-identifiers-in-html'],
    ["Maître d'hôtel", 'maître-dhôtel'],
    ['Dogs?--in my house?', 'dogs--in-my-house'],
    ['HTML, S5, or RTF?', 'html-s5-or-rtf'],
    ['3. Applications', 'applications'],
    ['33', 'section'],
    ['Installing VirtualBox - Ubuntu 22.04', 'installing-virtualbox---ubuntu-22.04'],
  ])('%s -> %s (pandoc manual, auto_identifiers)', (text, id) => {
    expect(pandocIdentifier(text)).toBe(id);
  });
});

describe('githubIdentifier and headingIdentifiers', () => {
  it('GitHub drops the dot and keeps leading digits; both names are offered when they differ', () => {
    expect(githubIdentifier('Installing VirtualBox - Ubuntu 22.04')).toBe('installing-virtualbox---ubuntu-2204');
    expect(githubIdentifier('3. Applications')).toBe('3-applications');
    expect(headingIdentifiers([{ type: 'text', value: 'Installing VirtualBox - Ubuntu 22.04' }])).toEqual(['installing-virtualbox---ubuntu-22.04', 'installing-virtualbox---ubuntu-2204']);
    expect(headingIdentifiers([{ type: 'text', value: 'Reward Metric' }, { type: 'footnoteRef', id: 'n1' }])).toEqual(['reward-metric']);
  });
});
