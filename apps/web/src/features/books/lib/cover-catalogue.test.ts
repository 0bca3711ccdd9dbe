import { describe, expect, it } from 'vitest';
import { aiModelCover, makeCover, patternCover } from '../../../testing/cover-fixtures.ts';
import { AI_STYLES, TEXT_TEMPLATES, artworkOrigin, coverKindLabel } from './cover-catalogue.ts';

describe('cover catalogue', () => {
  it('names the four templates and the four styles of the spec, in order', () => {
    expect(TEXT_TEMPLATES.map((t) => t.name)).toEqual(['Elegant', 'Bold', 'Academic', 'Classic']);
    expect(AI_STYLES.map((s) => s.name)).toEqual(['Classic', 'Modern', 'Minimalist', 'Vintage']);
    for (const entry of [...TEXT_TEMPLATES, ...AI_STYLES]) expect(entry.description).toMatch(/^[A-Z].*\.$/);
  });

  it('says what a cover was made from', () => {
    expect(coverKindLabel(makeCover({ template: 'bold' }))).toBe('Bold template');
    expect(coverKindLabel(patternCover({ style: 'vintage' }))).toBe('Vintage style');
    expect(coverKindLabel(makeCover({ coverType: 'upload', template: 'classic' }))).toBe('Your artwork, Classic template');
  });

  it('marks only an image model’s artwork as AI-generated', () => {
    expect(artworkOrigin(aiModelCover().artwork)).toMatchObject({ label: 'AI-generated artwork', aiGenerated: true });
    expect(artworkOrigin(aiModelCover().artwork).explanation).toContain('gpt-image-1');
    expect(artworkOrigin(patternCover().artwork)).toMatchObject({ label: 'Pattern by Quire', aiGenerated: false });
    expect(artworkOrigin(makeCover({ artwork: { source: 'upload', aiGenerated: false, model: null, widthPx: 2000, heightPx: 3000 } }).artwork).label).toBe('Your artwork');
    expect(artworkOrigin(makeCover().artwork).label).toBe('Text only');
  });
});
