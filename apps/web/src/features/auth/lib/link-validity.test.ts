import { describe, expect, it } from 'vitest';
import { linkValidityText } from './link-validity.ts';

describe('linkValidityText', () => {
  it.each([
    [60, '1 hour'],
    [120, '2 hours'],
    [30, '30 minutes'],
    [1, '1 minute'],
  ])('says %i minutes as "%s"', (minutes, text) => {
    expect(linkValidityText(minutes)).toBe(text);
  });

  it('defaults to the contract validity of 1 hour', () => {
    expect(linkValidityText()).toBe('1 hour');
  });
});
