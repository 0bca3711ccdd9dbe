/**
 * The pages' Content-Security-Policy at work in a real Chromium (issue 14, "Security"): what the policy refuses, the
 * browser reports on the console as an error naming the policy. Watching the console of a test's page gathers these,
 * so that a test visiting every page shows the policy refuses nothing the app needs (a script, a style, a font, a
 * request, Stripe's form).
 */
import type { Page } from '@playwright/test';

/** Starts gathering `page`'s refusals by the policy: each as the page's address and the browser's message. */
export function watchCspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) found.push(`${page.url()}: ${message.text()}`);
  });
  return found;
}
