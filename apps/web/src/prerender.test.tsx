import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { renderLandingPage } from './prerender.tsx';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('renderLandingPage', () => {
  it('renders the landing page as the browser draws it, so that the app takes the markup over without redrawing it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.scrollTo = () => {};
    const html = await renderLandingPage();
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    // The page is there before any script runs: heading, skip link, named logo link.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quire home' })).toHaveAttribute('href', '/');
    const heading = screen.getByRole('heading', { level: 1 });

    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <AppProvider queryClient={createQueryClient()}>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    // The same element, kept: hydrated rather than drawn again.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
