/**
 * The public site as a visitor meets it, in a real Chromium (issue "public site", "Proof"):
 * - the landing page's exit-intent popup keeps its rules under a controlled clock (Playwright's `page.clock`): not
 *   before 15 s on the page, then on a pointer leaving through the top of the window or 1 s after scrolling back to
 *   the top from further down than 100 px, once per browser session; an address given there is kept as a lead, and
 *   'Almost There!' leads after 2 s to sign-up with the address filled in;
 * - the blog's search and category filter narrow the list, a post shows its related posts (same category, up to 3),
 *   and the newsletter box of a post subscribes once the link of the mailed confirmation is opened;
 * - the support form's message reaches the team's address (SUPPORT_EMAIL) through SMTP, at the suite's mail server
 *   (smtp-sink.ts), with the message, its subject and priority, and Reply-To set to the person who wrote;
 * - a public page comes with the style rules its markup uses inlined and the whole style sheet preloaded, which the app
 *   makes the page's style sheet as it starts, with nothing refused by the pages' Content-Security-Policy.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { untilHydrated } from './hydrated.ts';
import { lastSentMail, MAIL } from './outbox.ts';
import { watchCspViolations } from './csp.ts';

/** The landing page's title, and the exit popup's. */
const LANDING_TITLE = 'From raw text to a book the stores accept.';
const POPUP_TITLE = 'Before you go: your first book is on us';
/** The sessionStorage flag the popup sets when it shows (exit-intent-watcher.ts). */
const SHOWN_FLAG = 'quire.exitIntent.shown';

/**
 * Has the page note, in `window.__exitIntentSince`, the page's time (Date.now, the controlled clock) at which the exit
 * popup's watcher starts listening, i.e. when it starts counting the 15 s: that is when the app, hydrating the
 * prerendered landing page, first listens for the pointer leaving the document (`mouseleave` on `document`).
 * Call before the page loads.
 */
async function noteWhenThePopupListens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const add = document.addEventListener.bind(document);
    document.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) => {
      const w = window as unknown as { __exitIntentSince?: number };
      if (type === 'mouseleave') w.__exitIntentSince ??= Date.now();
      return add(type, ...rest);
    }) as typeof document.addEventListener;
  });
}

/** Opens (or reloads) the landing page and answers the page's time at which the exit popup started counting. */
async function openLanding(page: Page, how: 'goto' | 'reload' = 'goto'): Promise<number> {
  if (how === 'goto') await page.goto('/');
  else await page.reload();
  await expect(page.getByRole('heading', { name: LANDING_TITLE, level: 1 })).toBeVisible();
  let since: number | undefined;
  await expect
    .poll(async () => (since = await page.evaluate(() => (window as unknown as { __exitIntentSince?: number }).__exitIntentSince)))
    .toBeDefined();
  return since!;
}

/** The pointer comes in over the page, then leaves the window through its top edge (towards the tabs). */
async function leaveThroughTheTop(page: Page): Promise<void> {
  await page.mouse.move(640, 300);
  await page.mouse.move(640, 5, { steps: 2 });
  await page.mouse.move(640, -10);
}

/** Scrolls the window to `top` at once, and waits for the app to have been told. */
async function scrollWindowTo(page: Page, top: number): Promise<void> {
  await page.evaluate(
    (y) =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo({ top: y, behavior: 'instant' });
      }),
    top,
  );
}

/** Whether the popup has been shown in this browser session (its flag in sessionStorage). */
function shownFlag(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), SHOWN_FLAG);
}

test('the exit popup waits 15 s, opens when the pointer leaves through the top, and shows once per browser session', async ({ page }) => {
  await noteWhenThePopupListens(page);
  await page.clock.install();
  const since = await openLanding(page);
  const popup = page.getByRole('dialog', { name: POPUP_TITLE });

  // 14.9 s on the page (the clock stopped there): leaving through the top shows nothing, and does not use the popup up.
  await page.clock.pauseAt(since + 14_900);
  await leaveThroughTheTop(page);
  expect(await shownFlag(page)).toBeNull();
  await expect(popup).toBeHidden();

  // At 15 s, time alone shows nothing; leaving through the top does.
  await page.clock.runFor(100);
  await expect(popup).toBeHidden();
  await leaveThroughTheTop(page);
  await expect(popup).toBeVisible();
  await expect(popup.getByText('For our first 100 early adopters')).toBeVisible();
  await expect(popup.getByLabel('Email')).toBeFocused();
  expect(await shownFlag(page)).toBe('1');
  await page.clock.resume();
  await expectNoSeriousViolations(page, 'the landing page with the exit popup open');

  // Closed, it does not come back: not on another exit, nor when the page is loaded again, after a top exit or
  // after scrolling back to the top.
  await popup.getByRole('button', { name: 'No thanks' }).click();
  await expect(popup).toBeHidden();
  await leaveThroughTheTop(page);
  await openLanding(page, 'reload');
  await page.clock.fastForward(20_000);
  await leaveThroughTheTop(page);
  await scrollWindowTo(page, 600);
  await scrollWindowTo(page, 0);
  await page.clock.fastForward(2_000);
  await expect(popup).toBeHidden();
});

test('in a new session, the exit popup opens 1 s after scrolling back to the top, keeps the address and goes to sign-up with it', async ({ page }) => {
  await noteWhenThePopupListens(page);
  await page.clock.install();
  const since = await openLanding(page);
  const popup = page.getByRole('dialog', { name: POPUP_TITLE });
  // 20 s on the page; from here the clock moves only when told.
  await page.clock.pauseAt(since + 20_000);

  // Down 600 px and back to the top: the popup is due 1 s later, not before.
  await scrollWindowTo(page, 600);
  await scrollWindowTo(page, 0);
  await page.clock.runFor(900);
  await expect(popup).toBeHidden();
  expect(await shownFlag(page)).toBeNull();
  await page.clock.runFor(100);
  await expect(popup).toBeVisible();

  // A bad address is refused in place; a good one is kept as a lead, then 'Almost There!'.
  await popup.getByLabel('Email').fill('not-an-address');
  await popup.getByRole('button', { name: /Claim my free export/ }).click();
  await expect(popup.getByRole('alert')).toHaveText('Please enter a valid email address');
  const email = `lead-${Date.now()}@example.com`;
  const lead = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/leads') && r.request().method() === 'POST');
  await popup.getByLabel('Email').fill(email);
  await popup.getByRole('button', { name: /Claim my free export/ }).click();
  expect((await lead).status()).toBe(201);
  expect((await lead).request().postDataJSON()).toEqual({ email, source: 'exit-intent' });
  const almostThere = page.getByRole('dialog', { name: 'Almost There!' });
  await expect(almostThere).toBeVisible();
  await expect(almostThere.getByRole('status')).toContainText(email);

  // Sign-up 2 s later, with the address filled in.
  await page.clock.runFor(1_900);
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(100);
  await expect(page).toHaveURL(`/register?email=${encodeURIComponent(email)}`);
  // Time flows again, for the sign-up page to load (React waits a moment, on the clock, before showing it).
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
});

test('a visitor searches the blog, opens a post and its related posts, and subscribes to the newsletter from the mailed link', async ({ page }) => {
  await page.goto('/blog');
  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(10);
  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await expect(search).toHaveAttribute('placeholder', 'Search articles...');
  const category = page.getByRole('combobox', { name: 'Category' });
  await untilHydrated(search);

  // The search looks in titles and excerpts; the category narrows it further.
  await search.fill('margins');
  await expect(posts).toHaveCount(2);
  await expect(posts.getByRole('link', { name: /KDP Trim Sizes and Gutter Margins/ })).toBeVisible();
  await expect(posts.getByRole('link', { name: /Formatting a Thesis in APA 7/ })).toBeVisible();
  await category.selectOption({ label: 'Academic Writing' });
  await expect(posts).toHaveCount(1);
  await expect(page.getByTestId('featured-post')).toContainText('Formatting a Thesis in APA 7');
  await search.fill('');
  await expect(posts).toHaveCount(3);
  await search.fill('no article says this');
  await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(posts).toHaveCount(10);
  await expect(search).toHaveValue('');
  await expect(category).toHaveValue('all');

  // A post, and its related posts: the others of its category.
  await search.fill('APA');
  await posts.getByRole('link', { name: /Formatting a Thesis in APA 7/ }).click();
  await expect(page).toHaveURL('/blog/formatting-a-thesis-in-apa-7');
  await expect(page.getByRole('heading', { name: /^Formatting a Thesis in APA 7/, level: 1 })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related Articles' });
  await expect(related.getByRole('article')).toHaveCount(2);
  await expect(related.getByRole('link', { name: /MLA 9 Formatting Basics/ })).toBeVisible();
  await expect(related.getByRole('link', { name: /Chicago Notes and Bibliography/ })).toBeVisible();
  await related.getByRole('link', { name: /MLA 9 Formatting Basics/ }).click();
  await expect(page).toHaveURL('/blog/mla-9-formatting-basics');
  await expect(page.getByRole('heading', { name: /^MLA 9 Formatting Basics/, level: 1 })).toBeVisible();
  await expect(related.getByRole('article')).toHaveCount(2);
  await expect(related.getByRole('link', { name: /Formatting a Thesis in APA 7/ })).toBeVisible();

  // The newsletter, with double opt-in: the box says to check the inbox; the mailed link confirms.
  const box = page.getByRole('region', { name: 'Get the next guide by e-mail' });
  const email = `reader-${Date.now()}@example.com`;
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toContainText('check your inbox');
  let link: string | undefined;
  await expect
    .poll(async () => (link = /https?:\/\/\S+\/newsletter\?confirm=[\w%-]+/.exec((await lastSentMail(email))?.text ?? '')?.[0]), { timeout: 10_000 })
    .toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
});

test("the support form's message reaches the support address by SMTP, with its content and Reply-To", async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await untilHydrated(form.getByLabel('Name'));
  const email = `grace-${Date.now()}@example.com`;
  const message = `My EPUB export stops at chapter 3 (${email}). Could you look at it?`;
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').selectOption({ label: 'Billing and plans' });
  await form.getByLabel('Priority').selectOption({ label: 'High' });

  // Too short a message is refused in place.
  await form.getByLabel('Message').fill('Help');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent successfully!' })).toBeVisible();

  // The team's mail, sent through SMTP after the answer: a reply goes to Grace; high priority leads the subject.
  let mail: Awaited<ReturnType<typeof lastSentMail>>;
  await expect
    .poll(async () => (mail = await lastSentMail(MAIL.supportEmail, (m) => (m.text ?? '').includes(message))) !== undefined, { timeout: 10_000 })
    .toBe(true);
  expect(mail!.subject).toBe('[HIGH] Billing and plans: message from Grace Hopper');
  expect(mail!.replyTo?.value.map((a) => a.address)).toEqual([email]);
  expect(mail!.from?.text).toMatch(/Quire/);
  expect(mail!.text).toContain(`From: Grace Hopper <${email}>`);
  expect(mail!.text).toContain('Priority: high');
  expect(mail!.text).toContain('Account: not signed in');
  expect(String(mail!.html)).toContain('My EPUB export stops at chapter 3');

  // Another message can follow.
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('a public page is drawn from its own critical CSS, then takes the whole style sheet, with nothing refused', async ({ page, request }) => {
  for (const address of ['/', '/about']) {
    const html = await (await request.get(address)).text();
    // One inline style (the rules the page uses), the whole sheet preloaded without an inline handler, and a
    // <noscript> link for a browser without scripts.
    const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(inlineStyles).toHaveLength(1);
    expect(inlineStyles[0]!.length).toBeGreaterThan(5_000);
    expect(html).toMatch(/<link rel="preload"[^>]* href="\/assets\/index-[\w-]+\.css"[^>]* as="style">/);
    expect(html).toContain('<script async src="/apply-style-sheet.js"></script>');
    expect(html).not.toContain('onload=');
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]* href="\/assets\/index-[\w-]+\.css">/);
  }
  const refused = watchCspViolations(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
  const signInLink = page.getByRole('link', { name: 'Sign In' }).first();
  await untilHydrated(signInLink);
  await expect
    .poll(() => page.evaluate(() => Array.from(document.styleSheets).filter((sheet) => sheet.href?.includes('/assets/index-')).length))
    .toBe(1);
  // The app's own pages, drawn by the app from there, are styled by that sheet: the sign-in button keeps its colour.
  await signInLink.click();
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  expect(await signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(refused).toEqual([]);
});
