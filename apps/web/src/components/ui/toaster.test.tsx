import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './toaster.tsx';
import { resetToasts, toast } from './use-toast.ts';

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

describe('Toaster (accounts spec section 9: one at a time, 5000 ms, F8, swipe right)', () => {
  it('shows one notice at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Text cleaned successfully' }));
    act(() => void toast({ variant: 'success', title: 'Book formatted successfully' }));
    expect(screen.getByText('Book formatted successfully')).toBeInTheDocument();
    expect(screen.queryByText('Text cleaned successfully')).not.toBeInTheDocument();
  });

  it('closes a notice after 5000 ms, not before', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Covers skipped' }));
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Covers skipped').closest('li')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Covers skipped')?.closest('li')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });

  it('moves focus to the notices with F8', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Text saved successfully' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const viewport = screen.getByRole('region', { name: /Notifications \(F8\)/ });
    expect(viewport.contains(document.activeElement) || viewport === document.activeElement).toBe(true);
  });

  it('is dismissed by a swipe to the right beyond 50 px', () => {
    // jsdom has no pointer capture, which the swipe asks for.
    Object.assign(HTMLElement.prototype, { setPointerCapture: () => {}, releasePointerCapture: () => {}, hasPointerCapture: () => true });
    render(<Toaster />);
    act(() => void toast({ title: 'Payment Successful' }));
    const notice = screen.getByText('Payment Successful').closest('li')!;
    fireEvent.pointerDown(notice, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(notice, { clientX: 40, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(notice, { clientX: 90, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(notice, { clientX: 90, clientY: 10, pointerId: 1 });
    expect(screen.queryByText('Payment Successful')?.closest('li')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });
});
