import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { HERO_SPREAD_IMAGES, HeroSpread } from './hero-spread.tsx';

describe('HeroSpread', () => {
  it('shows the AVIF spread, sized and fetched first, with both widths offered', () => {
    render(<HeroSpread />);
    const image = screen.getByRole('img', { name: /open book set by Quire/ });
    expect(image).toHaveAttribute('src', HERO_SPREAD_IMAGES.primary.src);
    expect(image).toHaveAttribute('srcset', HERO_SPREAD_IMAGES.primary.srcSet);
    expect(image).toHaveAttribute('width', '1120');
    expect(image).toHaveAttribute('height', '866');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the second image, then to a text banner, as each image fails to load', () => {
    render(<HeroSpread />);
    fireEvent.error(screen.getByRole('img', { name: /open book set by Quire/ }));

    const second = screen.getByRole('img', { name: /open book set by Quire/ });
    expect(second).toHaveAttribute('src', HERO_SPREAD_IMAGES.fallback.src);
    expect(second).not.toHaveAttribute('srcset');
    expect(screen.queryByText('Set like a book from a publisher')).not.toBeInTheDocument();

    fireEvent.error(second);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Set like a book from a publisher')).toBeInTheDocument();
  });
});
