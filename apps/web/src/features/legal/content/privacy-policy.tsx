/**
 * The words of the Privacy Policy (/privacy-policy). Every statement describes what the code does; the comment above
 * each section names the files it was checked against, so a change there can be followed here.
 */
import { Link } from 'wouter';
import { NEWSLETTER_CONFIRM_VALID_HOURS, RESET_LINK_VALID_MINUTES } from '@quire/contracts';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '../../../lib/auth-storage.ts';
import { LegalTable } from '../components/legal-document.tsx';
import { SupportAddress } from '../components/support-address.tsx';
import { ACCOUNT_PATH, type LegalSection } from '../lib/legal-pages.ts';

/** Days a page view is kept (server services/admin/page-view-service.ts PAGE_VIEW_RETENTION_DAYS). */
const PAGE_VIEW_RETENTION_DAYS = 90;
/** Days a sign-in lasts (server config.ts `sessionTtlMs`: 30 days from sign-in, not extended by use). */
const SESSION_DAYS = 30;
/** Characters of the book's description put in an AI cover prompt (server services/covers/artwork-model.ts). */
const COVER_PROMPT_DESCRIPTION_CHARS = 400;
/** Characters of each concierge answer Stripe keeps (server services/billing/checkout-service.ts `payForConcierge`). */
const STRIPE_METADATA_CHARS = 500;
/**
 * Session-storage keys of other features, named here because features do not import one another: the concierge
 * inquiry (features/concierge/lib/inquiry-storage.ts INQUIRY_STORAGE_KEY; the page test pins it) and the exit-intent
 * popup's once-a-session flag (features/exit-intent/lib/exit-intent-watcher.ts EXIT_INTENT_DEFAULTS.storageKey).
 */
const CONCIERGE_INQUIRY_KEY = 'quire.conciergeInquiry';
const EXIT_INTENT_KEY = 'quire.exitIntent.shown';

/** A duration in minutes as people say it: `1 hour`, `2 hours`, `45 minutes`. */
function minutesInWords(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The sections of the Privacy Policy, in order. */
export function privacyPolicySections(): LegalSection[] {
  const resetLinkLife = minutesInWords(RESET_LINK_VALID_MINUTES);
  const accountLink = <Link href={ACCOUNT_PATH}>account page</Link>;
  return [
    {
      id: 'summary',
      title: 'The short version',
      body: (
        <ul>
          <li>We keep what you give us in order to format your books: your account, your texts and the files made from them. We do not sell it and we show no advertising.</li>
          <li>There are no third-party trackers on Quire. We count page views ourselves, with your account id only.</li>
          <li>Card numbers are typed into Stripe’s payment form and go to Stripe. They never reach our server.</li>
          <li>When you delete your account on your {accountLink}, your books, covers, exports and sign-ins are deleted with it.</li>
        </ul>
      ),
    },
    // Server: db/schema/users.ts, books.ts, book-assets.ts, covers.ts, exports.ts, extractions.ts, custom-templates.ts,
    // user-style-guides.ts, user-preferences.ts, user-subscriptions.ts, document-usage.ts, payments.ts, sessions.ts,
    // password-reset-tokens.ts, support-messages.ts, newsletter-subscribers.ts; services/auth-service.ts (argon2id);
    // services/support/support-service.ts, services/newsletter/newsletter-service.ts (leads are never mailed).
    {
      id: 'what-we-keep',
      title: 'What we keep and why',
      body: (
        <>
          <h3>Your account</h3>
          <p>
            Your e-mail address (you sign in with it), your first and last name if you give them, and your password as an
            argon2id hash, from which the password cannot be read back. We also keep how many free exports you have used
            and which book the free export was spent on.
          </p>
          <h3>Your books</h3>
          <p>
            For each book: the text as it was imported, the cleaned text you edit, the formatted text the exports are made
            from, the cleanup report, the title, author and other details you enter, and the layout you chose. For a book
            imported from a web address we keep that address. Images inside an imported Word or EPUB file are stored as
            files. An uploaded file is read, not kept as it came: we keep the text and images taken from it.
          </p>
          <h3>What you make from them</h3>
          <p>
            Your covers (their text and colours, artwork you upload or that is drawn for you, and the rendered e-book
            cover), every file you export (PDF, EPUB, Word or HTML), topic extractions, the formatting templates you save,
            the style guides you upload (the document and what we read from it) and your preferences.
          </p>
          <h3>Plans and payments</h3>
          <p>
            Your subscription’s plan, status and billing period as Stripe reports them, which books counted against your
            plan in each period, your customer number at Stripe, and a record of each payment: amount, status, what it
            paid for and the book it was for. For the Academic Concierge service the answers of the inquiry form are kept
            from the moment you go to its payment, with whether it was paid.
          </p>
          <h3>Sign-ins and password resets</h3>
          <p>
            For each sign-in we keep a fingerprint (a SHA-256 hash) of its token and when it expires, never the token
            itself. Password reset links are kept the same way: a fingerprint, when the link was sent and when it expires.
          </p>
          <h3>Messages to us</h3>
          <p>
            The support form stores your name, e-mail address, subject, priority and message, and your account id if you
            were signed in, and e-mails the message to our team.
          </p>
          <h3>The newsletter</h3>
          <p>
            Your e-mail address, where you signed up and whether you have confirmed. We send the newsletter only after you
            confirm your address with the link in our confirmation e-mail (double opt-in; the link works for{' '}
            {NEWSLETTER_CONFIRM_VALID_HOURS} hours), and the confirmation e-mail and every newsletter carry an unsubscribe
            link. An address typed into the sign-up pop-up on our landing page is kept as a lead: we send it nothing,
            unless you also subscribe and confirm.
          </p>
          <h3>Why</h3>
          <p>
            We use this to import, clean, format and export your books; to take payments and apply your plan; to sign you
            in and keep your account safe; to answer your messages; to send the newsletter you asked for; and to see which
            pages of Quire are used (see <a href="#page-views">Page views and server logs</a>).
          </p>
        </>
      ),
    },
    // Server: config.ts (QUIRE_DATA_DIR, DATABASE_URL), plugins/storage.ts (files under <data dir>/files).
    {
      id: 'where',
      title: 'Where it is kept',
      body: (
        <p>
          Everything above is kept in Quire’s database and, for files (book images, covers, exports and uploaded style
          guides), on the disks of the servers that run Quire. We do not copy your books anywhere else, except as
          described in the next section.
        </p>
      ),
    },
    // Server: services/billing/checkout-service.ts (customer, metadata, receipt_email), webhook-service.ts;
    // services/mail/transport.ts and config.ts SMTP_URL; config.ts `ai` / `images`, services/ai-cleanup-service.ts,
    // services/covers/artwork-model.ts `coverArtworkPrompt`; net/fetch-url.ts (URL import from the server).
    // Web: features/billing/lib/stripe.ts (Stripe.js only on payment pages).
    {
      id: 'others',
      title: 'Who else handles it',
      body: (
        <>
          <h3>Stripe, for payments</h3>
          <p>
            The card form on our payment pages is Stripe’s: what you type there goes from your browser to Stripe and never
            reaches our server. To set up a payment we give Stripe your e-mail address, your name if you entered one and
            your account id; for a single document, its title; for the Academic Concierge, the answers of the inquiry
            form (each shortened to {STRIPE_METADATA_CHARS} characters) and the e-mail address for the receipt. Stripe
            tells us whether a payment succeeded and what state your subscription is in. Stripe’s script is loaded on the
            payment pages only. Stripe handles this data under its own{' '}
            <a href="https://stripe.com/privacy" rel="noreferrer" target="_blank">
              privacy policy
            </a>
            .
          </p>
          <h3>Our e-mail server</h3>
          <p>
            Password reset links, newsletter confirmations and newsletters are sent, and support messages and paid
            concierge inquiries are forwarded to our team, through the outgoing mail (SMTP) server Quire is set up with.
            That server handles the addresses and the content of those e-mails.
          </p>
          <h3>An AI service, only when you ask for it</h3>
          <p>
            Two features use an AI service, and only if our server has one configured (an OpenAI-compatible service,
            OpenAI’s own unless another is set):
          </p>
          <ul>
            <li>
              <strong>AI cleanup</strong>, when you start it, sends the paragraphs of your cleaned text that look damaged
              by scanning, a few at a time. We keep only corrections of single characters from its answers.
            </li>
            <li>
              <strong>AI-style covers</strong> send a short description: the book’s title, its genre, the first{' '}
              {COVER_PROMPT_DESCRIPTION_CHARS} characters of its description and the style you chose. No other part of
              your book is sent. The description sent is stored with the cover.
            </li>
          </ul>
          <p>
            Without a configured AI service nothing is sent: AI cleanup is unavailable, and the artwork of AI-style covers
            is drawn by Quire itself.
          </p>
          <h3>Imports from a web address</h3>
          <p>When you import a book from a web address, our server fetches it: that site sees our server, not you.</p>
          <p>We do not sell personal data, and we share none with advertisers.</p>
        </>
      ),
    },
    // Server: db/schema/page-views.ts, services/admin/page-view-service.ts, routes/events.ts,
    // services/admin/analytics-service.ts; app.ts (Fastify logger at LOG_LEVEL, default info: each request's method,
    // URL with its query, remote address and status), services/rate-limiter.ts. Web: features/page-views.
    {
      id: 'page-views',
      title: 'Page views and server logs',
      body: (
        <>
          <p>
            When you open a page of Quire, our own server records the page’s path (without anything after a ? or #), the
            time, and your account id if you are signed in. No IP address, browser details or referring site is stored
            with it. Page views are deleted after {PAGE_VIEW_RETENTION_DAYS} days. Our team sees them as totals on an
            internal dashboard, beside lists of recent sign-ups and books.
          </p>
          <p>
            Quire has no third-party analytics, advertising or tracking scripts, and serves its fonts itself.
          </p>
          <p>
            Like most web servers, ours writes a line to its log for each request: the time, the address requested
            (including anything after a ?, such as the token of a password reset or newsletter link), the answer’s status and your IP
            address. These logs are kept outside Quire’s database, for as long as our hosting keeps them, and we use them
            to find faults and abuse. To limit repeated requests (such as password resets), the server also counts
            requests per IP address in its memory for up to an hour; those counts are not written anywhere.
          </p>
        </>
      ),
    },
    // Web: lib/auth-storage.ts, features/concierge/lib/inquiry-storage.ts, features/exit-intent/lib/exit-intent-watcher.ts;
    // no document.cookie anywhere in apps/web/src, and the server sets no cookie.
    {
      id: 'browser-storage',
      title: 'Cookies and browser storage',
      body: (
        <>
          <p>Quire sets no cookies. The web app keeps these items in your browser’s storage:</p>
          <LegalTable
            caption="What Quire keeps in your browser"
            head={['Key', 'Storage', 'What it holds', 'Until']}
            rows={[
              [<code>{AUTH_TOKEN_KEY}</code>, 'Local storage', 'Your sign-in token, sent with each request to our server', 'You sign out, or the sign-in expires or is ended'],
              [<code>{AUTH_USER_KEY}</code>, 'Local storage', 'Your account’s id, e-mail address, name and joining date, to show who is signed in', 'The same'],
              [<code>{CONCIERGE_INQUIRY_KEY}</code>, 'Session storage', 'Your Academic Concierge inquiry, until it is paid for', 'The payment succeeds, or you close the tab'],
              [<code>{EXIT_INTENT_KEY}</code>, 'Session storage', 'That the sign-up pop-up has been shown, so it shows once', 'You close the tab'],
            ]}
          />
          <p>
            On the payment pages, Stripe’s script may set cookies of its own, which Stripe uses to prevent fraud (see
            Stripe’s privacy policy).
          </p>
        </>
      ),
    },
    // Server: services/account-service.ts (no per-book deletion route exists: routes/books.ts), routes/covers.ts,
    // routes/templates.ts and routes/style-guides.ts (DELETE), services/export-service.ts (files kept),
    // services/auth-service.ts, services/password-reset-service.ts, page-view-service.ts, support-messages.ts,
    // newsletter-subscribers.ts.
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>
            <strong>Your account, books and everything made from them</strong> are kept while your account exists. Nothing
            is deleted on a timer: every file you export stays with its book. You can delete a cover, a saved template or
            an uploaded style guide on its own; books and their exports are deleted with your account.
          </li>
          <li>
            <strong>A sign-in</strong> works for {SESSION_DAYS} days and then stops. Signing out deletes it, “Sign out
            everywhere” on your {accountLink} ends all of them, and changing your password ends all but the one you are
            using. The record of an expired sign-in (its fingerprint and dates) stays until your account is deleted.
          </li>
          <li>
            <strong>A password reset link</strong> works once, for {resetLinkLife} after it is sent.
          </li>
          <li>
            <strong>Page views</strong> are deleted after {PAGE_VIEW_RETENTION_DAYS} days.
          </li>
          <li>
            <strong>Support messages</strong> are kept so that we can follow up on them. They are not deleted on a timer,
            nor with your account; write to us to have them deleted.
          </li>
          <li>
            <strong>Newsletter addresses</strong> are kept until you ask us to erase them. After you unsubscribe, your
            address stays on our list marked as unsubscribed, so that it is never sent the newsletter again.
          </li>
          <li>
            <strong>Payment records at Stripe</strong> are kept by Stripe under its own policy and the law on financial
            records.
          </li>
        </ul>
      ),
    },
    // Server: routes/user.ts DELETE /api/user (password), services/account-service.ts `deleteAccount` (cascades of
    // db/schema, storage folders books/, exports/, covers/, style-guides/), app.ts `beforeDelete` ->
    // billing/checkout-service.ts `cancelSubscription` (stripe.subscriptions.cancel, a failure stops the deletion);
    // page-views.ts and support-messages.ts (user id set null). Web: features/auth/components/account/delete-account-dialog.tsx.
    {
      id: 'delete-account',
      title: 'Deleting your account',
      body: (
        <>
          <p>
            Sign in, open your <Link href={ACCOUNT_PATH}>account page ({ACCOUNT_PATH})</Link>, choose{' '}
            <strong>Delete my account</strong> and confirm with your password. This deletes at once:
          </p>
          <ul>
            <li>your account, your sign-ins and your password reset links;</li>
            <li>your books with all their texts, images, covers, exports and extractions;</li>
            <li>your saved templates, uploaded style guides and preferences;</li>
            <li>your plan, usage and payment records in Quire’s database.</li>
          </ul>
          <p>
            If you have a subscription, it is cancelled at Stripe first, with immediate effect, so you are not charged
            again. If Stripe cannot be reached, the deletion stops and nothing is deleted; try again later.
          </p>
          <p>What is not deleted with your account:</p>
          <ul>
            <li>page views you made, which lose your account id and are deleted when their {PAGE_VIEW_RETENTION_DAYS} days are up;</li>
            <li>support messages you sent, which lose the link to your account (write to us to have them deleted);</li>
            <li>a newsletter subscription, which is separate from your account: use the unsubscribe link in any newsletter;</li>
            <li>the copies of support messages and paid concierge inquiries e-mailed to our team;</li>
            <li>Stripe’s customer record and payment history, with the answers of a concierge inquiry, kept by Stripe;</li>
            <li>server logs, as described above.</li>
          </ul>
          <p>Deleting your account cannot be undone, so export the files you want to keep first.</p>
        </>
      ),
    },
    // Server: routes/user.ts (PATCH /profile: names only; change-password), routes/auth.ts (logout-all).
    {
      id: 'your-choices',
      title: 'Your choices',
      body: (
        <>
          <ul>
            <li>Change your name, change your password or sign out everywhere on your {accountLink}.</li>
            <li>Export your books as PDF, EPUB, Word or HTML from each book’s Export tab, within what your plan allows.</li>
            <li>Unsubscribe from the newsletter with the link in any newsletter.</li>
            <li>Delete your account and its data as described above.</li>
          </ul>
          <p>
            To change the e-mail address of your account, or to ask for a copy, a correction or the deletion of data the
            account page does not reach (support messages, newsletter and lead addresses), write to <SupportAddress />.
          </p>
        </>
      ),
    },
    // Server: services/auth-service.ts (argon2id, SHA-256 tokens), db/schema/password-reset-tokens.ts, routes scoped by
    // user id (another user's book answers 404: services/book-service.ts).
    {
      id: 'security',
      title: 'How we protect it',
      body: (
        <ul>
          <li>Passwords are stored only as argon2id hashes.</li>
          <li>Sign-in tokens and password reset links are stored only as SHA-256 fingerprints; a reset link works once.</li>
          <li>Every book, cover and export is read for its owner only: another account’s book answers as not found.</li>
          <li>Card details are handled by Stripe and never reach our server.</li>
        </ul>
      ),
    },
    // Workspace spec section 1: "Minimum age stated: 13".
    {
      id: 'children',
      title: 'Children',
      body: <p>Quire is not meant for children under 13, and they must not create an account.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When what Quire keeps or how it uses it changes, we update this page and its “Last updated” date before the
          change applies.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          For any question about this policy or your data, write to <SupportAddress />.
        </p>
      ),
    },
  ];
}
