import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../app/provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders with a fresh data cache, the notice area and an in-memory location. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
    </AppProvider>,
  );
  return { ...result, queryClient, location };
}

/** A `fetch` stand-in answering JSON; records each call. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
