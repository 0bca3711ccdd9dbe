/**
 * The server sends the public pages already rendered (the landing page, /about, /blog and its posts, the concierge,
 * contact and legal pages), and the web app takes them over (hydrates them) a moment later. Until then the page
 * shows but does not answer: what is typed into a field before is dropped when React takes the field over. A story
 * that types into such a page first waits for the app to have taken over the field.
 */
import { expect, type Locator } from '@playwright/test';

/** Waits until React has taken over the element of `locator` (it then carries React's props and handles events). */
export async function untilHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { timeout: 30_000 })
    .toBe(true);
}
