/**
 * The Academic Concierge bought by a visitor, in a real Chromium, on the server that takes payments (issue "public
 * site", "Proof"): the inquiry on /academic-concierge, then /concierge-checkout, which asks a visitor for an account
 * (they create one and come straight back, the inquiry kept), shows the project and Stripe's Payment Element (served
 * by the Stripe.js stub and confirmed by the local fake Stripe API, whose signed webhook records the payment), and
 * ends on /concierge-success with 'Payment Successful!'. The paid project is mailed to the team's address
 * (SUPPORT_EMAIL; the billing server writes its mail to its outbox). Both payment pages pass axe.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { BILLING, billingDataDir } from './billing-server.ts';
import { untilHydrated } from './hydrated.ts';
import { lastMailTo } from './outbox.ts';
import { routeStripeJs } from './stripe/route-stripe-js.ts';

test.use({ baseURL: BILLING.url });

test('a visitor sends the concierge inquiry, creates an account on the way, pays, and the team gets the project', async ({ page }) => {
  await routeStripeJs(page, BILLING.fakeStripeUrl);
  const email = `scholar-${Date.now()}@example.com`;
  const thesisTitle = `Rivers and Empire, 1750-1850 (${Date.now()})`;

  // The inquiry: a missing choice is refused in place; the complete form goes on to the checkout.
  await page.goto('/academic-concierge');
  const form = page.getByRole('form', { name: 'Start your project' });
  await untilHydrated(form.getByLabel('Full Name'));
  await form.getByLabel('Full Name').fill('Mary Somerville');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Institution').fill('University of Edinburgh');
  await form.getByLabel('Degree').fill('PhD');
  await form.getByLabel('Field of Study').fill('Environmental History');
  await form.getByLabel('Thesis/Dissertation Title').fill(thesisTitle);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(form.getByLabel('Current Status')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Current Status').selectOption({ label: 'Completed and approved' });
  await form.getByRole('button', { name: 'Continue to Payment' }).click();

  // The checkout asks for an account; a new one brings the visitor straight back, the project kept.
  await expect(page).toHaveURL(/\/concierge-checkout$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Concierge Order', level: 1 })).toBeVisible();
  await expect(page.getByText(thesisTitle).first()).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel(/First name/i).fill('Mary');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page).toHaveURL(/\/concierge-checkout$/);
  await expect(page.getByText(thesisTitle).first()).toBeVisible();
  await expect(page.getByText('$299').first()).toBeVisible();

  // Stripe's Payment Element (the stub's form), then the payment.
  await expect(page.getByText('Test payment form')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Complete Payment - $299' });
  await expect(pay).toBeEnabled();
  await expectNoSeriousViolations(page, '/concierge-checkout with the payment form');
  await pay.click();
  await expect(page).toHaveURL(/\/concierge-success\?/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your Academic Publishing Concierge project is booked.')).toBeVisible();
  await expectNoSeriousViolations(page, '/concierge-success');

  // The inquiry was cleared from the tab: the checkout has nothing left to pay and goes back to the concierge page.
  await page.goto('/concierge-checkout');
  await expect(page).toHaveURL(/\/academic-concierge$/);

  // The team's mail of the paid project, written by the webhook: the inquiry and the payment.
  let mail: Awaited<ReturnType<typeof lastMailTo>>;
  await expect
    .poll(async () => {
      mail = await lastMailTo(billingDataDir(), BILLING.supportEmail);
      return mail?.text?.includes(thesisTitle) ?? false;
    }, { timeout: 10_000 })
    .toBe(true);
  expect(mail!.subject).toBe(`Academic Concierge: ${thesisTitle} (Mary Somerville)`);
  expect(mail!.text).toMatch(/A new Academic Concierge project was paid \(\$299\.00, payment pi_\w+\)/);
  expect(mail!.text).toContain(`Email: ${email}`);
  expect(mail!.text).toContain('Institution: University of Edinburgh');
  expect(mail!.text).toContain('Current Status: completed');
});
