import { describe, expect, it, vi } from 'vitest';
import { post } from '../../../testing/blog-fixtures.ts';
import { countWords, filterPosts, formatPostDate, readTimeLabel, relatedPosts } from './blog-posts.ts';
import { shareLink } from './share-link.ts';


describe('read time (accounts spec section 9: words / 200, rounded up)', () => {
  it('counts words, not tags', () => {
    expect(countWords('<h2>Two words</h2><p>and <em>three</em> more &mdash; here</p>')).toBe(6);
  });
  it.each([
    [1, '1 min read'],
    [200, '1 min read'],
    [201, '2 min read'],
    [1000, '5 min read'],
  ])('%i words: %s', (n, label) => {
    expect(readTimeLabel(`<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`)).toBe(label);
  });
  it('an empty post still reads in 1 min', () => {
    expect(readTimeLabel('')).toBe('1 min read');
  });
});

describe('formatPostDate', () => {
  it("formats as 'MMM dd, yyyy'", () => {
    expect(formatPostDate('2024-03-05')).toBe('Mar 05, 2024');
    expect(formatPostDate(null)).toBe('');
  });
});

describe('filterPosts (accounts spec section 5: title or excerpt, case-insensitive, with the category)', () => {
  const posts = [
    post('a', { title: 'KDP Margins', category: 'self-publishing' }),
    post('b', { excerpt: 'All about kdp bleed', category: 'e-books' }),
    post('c', { title: 'APA headings', category: 'academic-writing' }),
  ];
  it('matches title or excerpt, ignoring case', () => {
    expect(filterPosts(posts, 'kdp', 'all').map((p) => p.slug)).toEqual(['a', 'b']);
  });
  it('combines the search with the category', () => {
    expect(filterPosts(posts, 'KDP', 'e-books').map((p) => p.slug)).toEqual(['b']);
    expect(filterPosts(posts, '', 'academic-writing').map((p) => p.slug)).toEqual(['c']);
    expect(filterPosts(posts, 'nothing', 'all')).toEqual([]);
  });
});

describe('relatedPosts', () => {
  it('gives at most 3 posts of the same category, without the post itself', () => {
    const current = post('x');
    const posts = [post('a'), current, post('b'), post('other', { category: 'book-design' }), post('c'), post('d')];
    expect(relatedPosts(posts, current).map((p) => p.slug)).toEqual(['a', 'b', 'c']);
  });
});

describe('shareLink', () => {
  it('uses the device share function when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    const nav = { share, clipboard: { writeText } } as unknown as Navigator;
    expect(await shareLink({ title: 'T', url: 'https://q/blog/a' }, nav)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'T', url: 'https://q/blog/a' });
    expect(writeText).not.toHaveBeenCalled();
  });
  it('falls back to copying the link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const nav = { clipboard: { writeText } } as unknown as Navigator;
    expect(await shareLink({ title: 'T', url: 'https://q/blog/a' }, nav)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://q/blog/a');
  });
});
