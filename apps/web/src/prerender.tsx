/**
 * Build-time rendering of the landing page (`/`), run by `scripts/prerender.ts` after the build: the same tree as
 * main.tsx renders in the browser for a visitor at `/`, as HTML. The server sends that HTML for `/`, so the page is
 * drawn as soon as its HTML and style sheet arrive, before any script runs; main.tsx then hydrates it.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The markup of `#root` for a signed-out visitor at `/` (no stored session: the page asks the server nothing). Lazy
 * parts (the notice area) are waited for, so that the browser hydrates every part instead of drawing one again.
 */
export async function renderLandingPage(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <Router ssrPath="/">
          <AppRouter />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
  // Decoded once at the end: a chunk may end inside a character.
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array | string));
  return Buffer.concat(chunks).toString('utf8');
}
