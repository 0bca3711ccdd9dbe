import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BeforeAfterExample, GUTENBERG_OPENING } from './before-after-example.tsx';

describe('BeforeAfterExample', () => {
  it('puts the raw Project Gutenberg text, wraps and underscores kept, beside the page Quire typeset from it', () => {
    const { container } = render(<BeforeAfterExample />);
    const raw = container.querySelector('pre')!;
    expect(raw.textContent).toBe(GUTENBERG_OPENING);
    expect(GUTENBERG_OPENING).toContain('*** START OF THIS PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***');
    expect(GUTENBERG_OPENING).toContain('a single man in possession\nof a good fortune');
    expect(GUTENBERG_OPENING).toContain('“_You_ want to tell me');

    const page = screen.getByRole('img', { name: /first page of Chapter I set by Quire/ });
    expect(page).toHaveAttribute('src', '/landing/chapter-one-opening.webp');
    expect(page).toHaveAttribute('width', '800');
    expect(page).toHaveAttribute('height', '1236');
    expect(page).toHaveAttribute('loading', 'lazy');
  });
});
