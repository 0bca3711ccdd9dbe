import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { LandingHeader } from './landing-header.tsx';

describe('LandingHeader', () => {
  it.each([
    ['/', '#features', '#pricing'],
    ['/about', '/#features', '/#pricing'],
    ['/blog/kdp-trim-sizes', '/#features', '/#pricing'],
  ])('at %s, Features and Plans lead to %s and %s', (path, features, plans) => {
    renderWithProviders(<LandingHeader />, { path });
    const nav = screen.getAllByRole('navigation')[0]!;
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', features);
    expect(within(nav).getByRole('link', { name: 'Plans' })).toHaveAttribute('href', plans);
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });
});
