import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { EXIT_INTENT_DEFAULTS } from '../lib/exit-intent-watcher.ts';
import { ExitIntentPopup } from './exit-intent-popup.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const TITLE = 'Before you go: your first book is on us';

/** Moves the clock and lets the resulting renders and promise callbacks settle. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** The pointer leaves the window at height `clientY` (0 = through the top edge). */
function pointerLeaves(clientY: number, type: 'mouseout' | 'mouseleave' = 'mouseout') {
  act(() => {
    document.dispatchEvent(new MouseEvent(type, { clientY, relatedTarget: null, bubbles: true }));
  });
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function dialog() {
  return screen.queryByRole('dialog');
}

/** Renders the popup on the landing page and opens it with a top exit after 15 s. */
async function renderOpen() {
  const view = renderWithProviders(<ExitIntentPopup />, { path: '/' });
  await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
  pointerLeaves(0);
  expect(dialog()).toBeInTheDocument();
  return view;
}

// Interactions go through fireEvent: user-event waits on a real-time tick of its own after each action, which never
// comes under vitest's fake timers.
function typeEmail(value: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
}

/** Submits the form and lets the (asynchronous) validation settle. */
async function submit() {
  fireEvent.click(screen.getByRole('button', { name: /Claim my free export/ }));
  await advance(0);
}

function pressEscape() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
}

function leadCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/newsletter/leads');
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse(201, { message: 'Thanks!' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('ExitIntentPopup: when it shows', () => {
  it('shows nothing on a top exit before 15 s on the page', async () => {
    renderWithProviders(<ExitIntentPopup />);
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs - 1);
    pointerLeaves(0);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('shows on a top exit after 15 s, labelled by its title and description, focus in the email field', async () => {
    renderWithProviders(<ExitIntentPopup />);
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
    pointerLeaves(0, 'mouseleave');
    const popup = screen.getByRole('dialog', { name: TITLE });
    expect(popup).toHaveAccessibleDescription(/first 100 early adopters/);
    expect(screen.getByText(/For our first 100 early adopters/)).toBeInTheDocument();
    expect(screen.getByText(/Up to 25 pages/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('does nothing when the pointer leaves through a side or the bottom', async () => {
    renderWithProviders(<ExitIntentPopup />);
    await advance(30_000);
    pointerLeaves(400);
    pointerLeaves(window.innerHeight + 5, 'mouseleave');
    await advance(2_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('shows 1 s after scrolling back to the top from beyond 100 px, not before', async () => {
    renderWithProviders(<ExitIntentPopup />);
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
    scrollTo(600);
    scrollTo(0);
    await advance(999);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('once shown and closed, never shows again in the session; a new session shows it again', async () => {
    const { unmount } = await renderOpen();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).not.toBeInTheDocument();
    pointerLeaves(0);
    scrollTo(600);
    scrollTo(0);
    await advance(1_000);
    expect(dialog()).not.toBeInTheDocument();

    // The landing page visited again in the same tab.
    unmount();
    const again = renderWithProviders(<ExitIntentPopup />);
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
    pointerLeaves(0);
    expect(dialog()).not.toBeInTheDocument();
    again.unmount();

    // A new browser session starts with an empty sessionStorage.
    sessionStorage.clear();
    await renderOpen();
  });

  it('stops listening when it leaves the page', async () => {
    const { unmount } = renderWithProviders(<ExitIntentPopup />);
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
    scrollTo(600);
    scrollTo(0);
    unmount();
    await advance(1_000);
    pointerLeaves(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('ExitIntentPopup: the form', () => {
  it('shows an inline error for a bad address and calls nothing', async () => {
    const { location } = await renderOpen();
    typeEmail('not-an-address');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');

    typeEmail('');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');

    await advance(5_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/']);
  });

  it('stores the lead, shows Almost There! and goes to /register?email=... after 2 s, not before', async () => {
    const { location } = await renderOpen();
    typeEmail('  ada+books@example.com ');
    await submit();

    expect(leadCalls()).toHaveLength(1);
    const [, init] = leadCalls()[0]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada+books@example.com', source: 'exit-intent' });

    expect(screen.getByRole('dialog', { name: 'Almost There!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ada+books@example.com');
    const continueLink = screen.getByRole('link', { name: /Continue to sign-up/ });
    expect(continueLink).toHaveAttribute('href', '/register?email=ada%2Bbooks%40example.com');
    expect(continueLink).toHaveFocus();

    await advance(1_999);
    expect(location.history).toEqual(['/']);
    await advance(1);
    expect(location.history).toEqual(['/', '/register?email=ada%2Bbooks%40example.com']);
  });

  it.each([
    ['the server refuses the address', () => Promise.resolve(jsonResponse(400, { message: 'Invalid email' }))],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the route does not exist yet', () => Promise.resolve(jsonResponse(404, { message: 'Not Found' }))],
  ])('still shows Almost There! and redirects when %s', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    const { location } = await renderOpen();
    typeEmail('ada@example.com');
    await submit();
    await advance(0);
    expect(leadCalls()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Almost There!' })).toBeInTheDocument();
    await advance(2_000);
    expect(location.history).toEqual(['/', '/register?email=ada%40example.com']);
  });

  it('closing during Almost There! cancels the redirect', async () => {
    const { location } = await renderOpen();
    typeEmail('ada@example.com');
    await submit();
    pressEscape();
    await advance(5_000);
    expect(dialog()).not.toBeInTheDocument();
    expect(location.history).toEqual(['/']);
  });
});

describe('ExitIntentPopup: closing', () => {
  it('closes on Escape and returns focus to where it was', async () => {
    renderWithProviders(
      <>
        <button type="button">Start Free Trial</button>
        <ExitIntentPopup />
      </>,
    );
    screen.getByRole('button', { name: 'Start Free Trial' }).focus();
    await advance(EXIT_INTENT_DEFAULTS.minDwellMs);
    pointerLeaves(0);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    pressEscape();
    expect(dialog()).not.toBeInTheDocument();
    // Radix moves focus back on the tick after closing.
    await advance(0);
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toHaveFocus();
  });

  it.each([
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['No thanks', () => fireEvent.click(screen.getByRole('button', { name: 'No thanks' }))],
    ['Escape', pressEscape],
    [
      'a click outside',
      async () => {
        // Radix starts listening for outside presses on the next tick after opening, and dismisses on the click
        // that completes the press on the dimmed backdrop.
        await vi.advanceTimersByTimeAsync(0);
        const backdrop = document.querySelector('[data-state="open"]:not([role="dialog"])');
        expect(backdrop).not.toBeNull();
        fireEvent.pointerDown(backdrop!, { button: 0 });
        fireEvent.click(backdrop!, { button: 0 });
        await vi.advanceTimersByTimeAsync(0);
      },
    ],
  ])('closes with %s', async (_, closeIt) => {
    await renderOpen();
    await act(async () => {
      await closeIt();
    });
    expect(dialog()).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
