/**
 * The free trial and paying for one document, end to end against the fake Stripe API (issue 12: "the trial's
 * second export is refused", "truncation at a paragraph boundary", "paying for that document ... restores the
 * whole text"; accounts spec sections 3, 4, 9; workspace spec section 9).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_WORD_LIMIT, type Book, type FreeTrial } from '@quire/contracts';
import { conciergeInquiries, payments } from '../../src/db/schema/index.ts';
import { STRIPE_API_VERSION } from '../../src/services/billing/stripe-client.ts';
import { bearer, registerUser } from '../helpers.ts';
import { buildBillingApp, confirmPayment, exportBook, formatBook, importText, longText, type BillingApp } from './billing-app.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await buildBillingApp();
});
afterAll(async () => {
  await t?.close();
});

async function getBook(token: string, id: string): Promise<Book> {
  return (await t.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(token) })).json() as Book;
}

async function freeTrial(token: string): Promise<FreeTrial> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/free-trial', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as FreeTrial;
}

describe('the free trial', () => {
  it('tells the web that this server takes payments, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.json()).toEqual({ enabled: true, publishableKey: 'pk_test_quire' });
  });

  it('cuts a long book at the last paragraph within 12,500 words, keeps the original, and gives it back once paid for', async () => {
    const { token } = await registerUser(t.app);
    expect(await freeTrial(token)).toEqual({ hasFreeTrial: false, exportsUsed: 0, exportsLimit: 1, wordLimit: TRIAL_WORD_LIMIT, billingEnabled: true });

    // 60 paragraphs of 300 words: 18,000 words; 41 paragraphs (12,300 words) fit, the 42nd would not.
    const text = longText(60, 300);
    const { id } = await importText(t.app, token, text);
    const book = await getBook(token, id);
    expect(book.isFreeTrial).toBe(true);
    expect(book.wasTruncated).toBe(true);
    expect(book.wordCount).toBeLessThanOrEqual(TRIAL_WORD_LIMIT);
    expect(book.originalWordCount).toBeGreaterThan(18_000);
    expect(book.cleanedText).toContain('Paragraph 41 ');
    expect(book.cleanedText).not.toContain('Paragraph 42 ');
    expect(book.cleanedText!.trimEnd().endsWith('w297.')).toBe(true);
    expect(book.originalText).toContain('Paragraph 60 ');
    expect(await freeTrial(token)).toMatchObject({ hasFreeTrial: true, exportsUsed: 0 });

    // The free export: DOCX of the cut text; the same book may be exported again (PDF), EPUB is premium.
    await formatBook(t.app, token, id);
    const docx = await exportBook(t.app, token, id, 'docx');
    expect(docx.statusCode, docx.body).toBe(200);
    expect(await freeTrial(token)).toMatchObject({ hasFreeTrial: false, exportsUsed: 1 });
    expect((await exportBook(t.app, token, id, 'html')).statusCode).toBe(200);
    const epub = await exportBook(t.app, token, id, 'epub');
    expect(epub.statusCode).toBe(403);
    expect(epub.json()).toMatchObject({ message: expect.stringMatching(/EPUB export is part of the Premium and Publisher plans/), upgrade: { reason: 'feature', feature: 'epub-export', plans: ['premium', 'publisher'], documentPurchase: true } });

    // A second book: refused, with the upgrade offer.
    const second = await importText(t.app, token, longText(5, 100), 'second.txt');
    await formatBook(t.app, token, second.id);
    const refused = await exportBook(t.app, token, second.id, 'docx');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      message: 'Your free trial export has been used. Upgrade to export this book: pay for this document, or choose a plan.',
      upgrade: { reason: 'trial-used', plans: ['standard', 'premium', 'publisher'], documentPurchase: true },
    });

    // Paying $5.99 for the first book (the client's amount is ignored) gives back the whole text and every format.
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload: { type: 'document', bookId: id, amount: 5 } });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, amountCents } = intent.json() as { clientSecret: string; amountCents: number };
    expect(amountCents).toBe(599);
    const atStripe = [...t.stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)!;
    expect(atStripe.amount).toBe(599);
    expect(atStripe.metadata).toMatchObject({ type: 'document', bookId: id });
    // Nothing is unlocked before Stripe confirms.
    expect((await getBook(token, id)).isFreeTrial).toBe(true);

    await confirmPayment(t.stripe, clientSecret);
    const paid = await getBook(token, id);
    expect(paid).toMatchObject({ isFreeTrial: false, wasTruncated: false, originalWordCount: null });
    expect(paid.cleanedText).toContain('Paragraph 60 ');
    expect(paid.formattedText).toContain('Paragraph 60 ');
    expect(paid.wordCount).toBe(book.originalWordCount);
    const epubNow = await exportBook(t.app, token, id, 'epub');
    expect(epubNow.statusCode).toBe(200);
    const rows = await t.app.db.select().from(payments).where(eq(payments.stripePaymentIntentId, atStripe.id));
    // Every request went out with the pinned API version (the fake refuses any other).
    expect(new Set(t.stripe.requests.map((r) => r.headers['stripe-version']))).toEqual(new Set([STRIPE_API_VERSION]));
    expect(rows).toMatchObject([{ amount: 599, currency: 'usd', status: 'succeeded', type: 'document', bookId: id }]);

    // Paying again for the same book is refused; the other book is still a trial book.
    const again = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload: { type: 'document', bookId: id } });
    expect(again.statusCode).toBe(409);
    expect((await getBook(token, second.id)).isFreeTrial).toBe(true);
  });

  it('keeps a text that fits whole, and cuts an edit that makes it longer, keeping what was cut before', async () => {
    const { token } = await registerUser(t.app);
    const { id } = await importText(t.app, token, longText(10, 100));
    const book = await getBook(token, id);
    expect(book).toMatchObject({ isFreeTrial: true, wasTruncated: false, originalWordCount: null });

    const longer = `${book.cleanedText}\n\n${Array.from({ length: 50 }, (_, i) => `Added ${i + 1} ${'x '.repeat(298).trim()}.`).join('\n\n')}`;
    const saved = await t.app.inject({ method: 'POST', url: `/api/books/${id}/save-text`, headers: bearer(token), payload: { text: longer } });
    expect(saved.statusCode, saved.body).toBe(200);
    const cut = saved.json() as Book;
    expect(cut.wasTruncated).toBe(true);
    expect(cut.wordCount).toBeLessThanOrEqual(TRIAL_WORD_LIMIT);
    expect(cut.cleanedText).not.toContain('Added 50 ');
    expect(cut.originalWordCount).toBeGreaterThan(15_000);
  });

  it('refuses another user’s book and a bad body, and changes nothing', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { id } = await importText(t.app, owner.token, longText(3, 50));
    const before = t.stripe.paymentIntents.size;
    const foreign = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(other.token), payload: { type: 'document', bookId: id } });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(owner.token), payload: { type: 'gift', bookId: id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose what to pay for');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { type: 'document', bookId: id } });
    expect(anonymous.statusCode).toBe(401);
    expect(t.stripe.paymentIntents.size).toBe(before);
  });

  it('takes the Academic Concierge inquiry with a $299 payment intent, stores it whole, and mails it once paid', async () => {
    const { token, userId } = await registerUser(t.app);
    const projectData = {
      name: 'Ada Scholar',
      email: 'ada@example.edu',
      degree: 'PhD',
      fieldOfStudy: 'History',
      thesisTitle: 'Printing in Venice, 1470-1500',
      currentStatus: 'completed',
      // Longer than Stripe's 500 characters of metadata a field: the stored inquiry keeps every word.
      additionalInfo: `Figures and tables. ${'The appendix reprints colophons. '.repeat(20)}End.`,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/create-concierge-payment', headers: bearer(token), payload: { amount: 1, projectData } });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret } = res.json() as { clientSecret: string };
    const pi = [...t.stripe.paymentIntents.values()].find((p) => p.client_secret === clientSecret)!;
    expect(pi.amount).toBe(29_900);
    expect(pi.metadata).toMatchObject({ type: 'concierge', thesisTitle: 'Printing in Venice, 1470-1500' });
    const [waiting] = await t.app.db.select().from(conciergeInquiries).where(eq(conciergeInquiries.stripePaymentIntentId, pi.id));
    expect(waiting).toMatchObject({ userId, status: 'awaiting-payment', paidAt: null, inquiry: projectData });
    await confirmPayment(t.stripe, clientSecret);
    const [paid] = await t.app.db.select().from(conciergeInquiries).where(eq(conciergeInquiries.stripePaymentIntentId, pi.id));
    expect(paid?.status).toBe('paid');
    expect(paid?.paidAt).toBeInstanceOf(Date);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.stripePaymentIntentId, pi.id));
    expect(row).toMatchObject({ type: 'concierge', amount: 29_900, status: 'succeeded' });
    expect(row!.metadata).toMatchObject({ name: 'Ada Scholar', degree: 'PhD', currentStatus: 'completed' });
    // The team hears of it once: the mail to the support address (written to the outbox, no SMTP server here).
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = await Promise.all(readdirSync(outbox).filter((f) => f.endsWith('.eml')).map(async (f) => simpleParser(readFileSync(path.join(outbox, f)))));
    const support = mails.filter((m) => m.subject?.startsWith('Academic Concierge:'));
    expect(support).toHaveLength(1);
    expect(support[0]!.subject).toBe('Academic Concierge: Printing in Venice, 1470-1500 (Ada Scholar)');
    expect(support[0]!.text).toContain('Field of Study: History');
    expect(support[0]!.text).toContain('$299.00');
    expect(support[0]!.text).toContain(projectData.additionalInfo);
    expect((support[0]!.to as { text: string }).text).toBe('support@localhost');

    const missing = await t.app.inject({ method: 'POST', url: '/api/create-concierge-payment', headers: bearer(token), payload: { projectData: { ...projectData, degree: '' } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Degree is required');
  });
});
