import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/literata/wght.css';
import '@fontsource-variable/literata/wght-italic.css';
import '@fontsource-variable/inter/wght.css';
// After Fontsource's: the latin faces, cut to the weights the design uses (scripts/make-fonts.ts).
import './assets/fonts/fonts.css';
import './index.css';
import { hydrate } from '@tanstack/react-query';
import { AppProvider } from './app/provider.tsx';
import { PAGE_STATE_ID } from './app/page-state.ts';
import { queryClient } from './lib/query-client.ts';
import { AppRouter } from './app/router.tsx';
import { PageViewTracker } from './features/page-views/components/page-view-tracker.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A page the server rendered (prerender.tsx) carries the data it was rendered with: the cache starts
// with it, so the first render matches the markup and asks the server nothing again.
const pageState = document.getElementById(PAGE_STATE_ID);
if (pageState?.textContent) hydrate(queryClient, JSON.parse(pageState.textContent));

// The page-view tracker is mounted here, beside the router, rather than inside it: the build-time render of `/`
// (prerender.tsx) and the router's tests render the same router and must not report visits. It draws nothing, so
// the hydrated markup is unchanged.
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
      <PageViewTracker />
    </AppProvider>
  </StrictMode>
);
if (root.firstElementChild) {
  // The server sent `/` rendered at build time (src/prerender.tsx): take that markup over rather than draw it again,
  // once the browser has drawn it (a frame, then a task), since hydrating is the page's largest task. Its links work
  // as plain links until then.
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app), 0));
} else {
  createRoot(root).render(app);
}
