/**
 * Accessibility checks with axe-core (@axe-core/playwright) on the page as it stands: the WCAG 2.0 and 2.1 A and AA
 * rules, and only the violations axe rates serious or critical count (issue "public site", "Proof").
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rule tags checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical violations axe finds on `page` now, one line each: rule, impact, what it asks, and the
 * first few offending elements (CSS selectors) with axe's summary of the first.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 5).map((n) => n.target.join(' '));
      const summary = v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
      return `${v.id} (${v.impact}): ${v.help} [${v.nodes.length} element(s): ${targets.join(', ')}] ${summary}`;
    });
}

/** Asserts that axe finds no serious or critical violation on `page`; `where` names the page in the failure. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), `axe: serious or critical violations on ${where}`).toEqual([]);
}
