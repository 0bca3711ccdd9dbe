import { describe, expect, it } from 'vitest';
import { COVER_ARTWORK_MAX_BYTES, artworkSizeHint, coverArtworkProblem } from './cover-artwork-rules.ts';

describe('coverArtworkProblem', () => {
  it('takes JPEG and PNG images under 20 MB', () => {
    expect(coverArtworkProblem({ name: 'front.jpg', size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(coverArtworkProblem({ name: 'front.PNG', size: 1000, type: '' })).toBeNull();
  });

  it('refuses other images and files too large', () => {
    expect(coverArtworkProblem({ name: 'front.webp', size: 1000, type: 'image/webp' })).toBe('Please choose a JPEG or PNG image.');
    expect(coverArtworkProblem({ name: 'front.tiff', size: 1000, type: '' })).toBe('Please choose a JPEG or PNG image.');
    expect(coverArtworkProblem({ name: 'front.png', size: COVER_ARTWORK_MAX_BYTES + 1, type: 'image/png' })).toMatch(/too large/);
  });
});

describe('artworkSizeHint', () => {
  it('names the pixels for 300 dpi', () => {
    expect(artworkSizeHint({ widthPx: 1875, heightPx: 2775 })).toBe('at least 1,875 x 2,775 px for 300 dpi at this trim');
    expect(artworkSizeHint(null)).toBeNull();
  });
});
