/**
 * The words of the Terms of Service (/terms-of-service). Prices, plan names, documents per period and features come
 * from the price catalogue the caller passes (GET /api/plans, the list the server charges from), never from this
 * file; the comment above each section names the code its statements were checked against.
 */
import { Link } from 'wouter';
import { TRIAL_WORD_LIMIT, WEB_ROUTES, formatUsd, type OneTimeOffer, type PlanCatalogue } from '@quire/contracts';
import { PLAN_FEATURE_WORDS, documentsLine } from '../../../lib/plan-features.ts';
import { LegalTable } from '../components/legal-document.tsx';
import { SupportAddress } from '../components/support-address.tsx';
import { ACCOUNT_PATH, PRIVACY_POLICY_PATH, type LegalSection } from '../lib/legal-pages.ts';

/** Free exports of a new account (server db/schema/users.ts `free_exports_limit` default 1). */
const FREE_EXPORTS = 1;
/** Words of a page in the spec's reckoning (accounts spec section 9: "25 pages (about 12,500 words)"). */
const WORDS_PER_PAGE = 500;
/** Notice of a price change (workspace spec section 9: "pricing changes need 30 days notice"). */
const PRICE_NOTICE_DAYS = 30;

/** "One free export" / "2 free exports". */
function freeExportsInWords(n: number): string {
  return n === 1 ? 'one free export' : `${n} free exports`;
}

/** A one-time offer's price, with its list price struck through when there is one (the concierge's). */
function OneTimePrice({ offer }: { offer: OneTimeOffer }) {
  return (
    <>
      {offer.listPriceCents !== null && (
        <>
          {/* A struck-through price is not announced as struck; the hidden words say what it is. */}
          <span className="sr-only">listed at </span>
          <s>{formatUsd(offer.listPriceCents)}</s>
          <span className="sr-only">, now</span>{' '}
        </>
      )}
      {formatUsd(offer.priceCents)}
    </>
  );
}

/** The sections of the Terms of Service, in order, with the prices of `catalogue`. */
export function termsOfServiceSections(catalogue: PlanCatalogue): LegalSection[] {
  // The trial has the standard plan's features (server entitlement-service.ts TRIAL_FEATURES).
  const entryPlan = catalogue.subscriptions.find((s) => s.id === 'standard');
  const oneTime = (id: OneTimeOffer['id']) => catalogue.oneTime.find((o) => o.id === id);
  const perDocument = [oneTime('document'), oneTime('thesis')].filter((o): o is OneTimeOffer => o !== undefined);
  const concierge = oneTime('concierge');
  const accountLink = <Link href={ACCOUNT_PATH}>account page</Link>;
  const privacyLink = <Link href={PRIVACY_POLICY_PATH}>Privacy Policy</Link>;

  return [
    // Workspace spec section 1 ("Minimum age stated: 13"); web lib/auth-storage.ts (the token kept in the browser).
    {
      id: 'agreement',
      title: 'Agreement',
      body: (
        <>
          <p>
            These terms are the agreement between you and Quire for the use of the Quire website and service. By creating
            an account or paying for a plan or service, you accept them. Our {privacyLink} says what we keep about you and
            why.
          </p>
          <p>
            You must be at least 13 years old to use Quire. If you use it for an organisation, you accept these terms for
            that organisation. Keep your password to yourself: you are responsible for what is done with your account. If
            you think someone else has used it, change your password and use “Sign out everywhere” on your {accountLink}.
          </p>
        </>
      ),
    },
    // Server: services/import-service.ts, packages/engine clean passes (cleanup report), services/export-service.ts.
    {
      id: 'service',
      title: 'What Quire does',
      body: (
        <>
          <p>
            Quire imports a text (an uploaded file or a public web address), cleans its formatting, lays it out in a
            publishing or academic template, makes a cover if you want one, and exports it as a print-ready PDF, an EPUB,
            a Word file or HTML, as your plan allows.
          </p>
          <p>
            Quire cleans formatting, not content. Cleanup changes how the text is set (quotes, dashes, words broken across
            lines, page numbers and library boilerplate) and counts every change in a cleanup report. It does not check
            facts, spelling of names or citations. Read the result before you publish or submit it.
          </p>
        </>
      ),
    },
    // Server: services/billing/entitlement-service.ts (trial footing, TRIAL_FEATURES = the first plan's features, the
    // free export's book may be exported again), services/book-service.ts (cut at TRIAL_WORD_LIMIT, `trial_remainder`
    // put back once paid), db/schema/users.ts.
    {
      id: 'free-trial',
      title: 'The free trial',
      body: (
        <>
          <p>
            A new account comes with {freeExportsInWords(FREE_EXPORTS)}, with no card needed. While you have no plan, a book
            you import is a trial book: its working text is limited to the first {TRIAL_WORD_LIMIT.toLocaleString('en-US')}{' '}
            words (about {Math.round(TRIAL_WORD_LIMIT / WORDS_PER_PAGE)} pages). The rest of the text is kept, and is put
            back when you pay for that document or start a plan.
          </p>
          {entryPlan && (
            <p>
              The trial includes Word and HTML files and the features of the {entryPlan.name} plan:{' '}
              {entryPlan.features.map((f) => PLAN_FEATURE_WORDS[f]).join('; ')}. Once the free export is used, you may export
              the same book again; other books need a plan or a one-time payment.
            </p>
          )}
        </>
      ),
    },
    // Contracts PLAN_CATALOGUE (served by GET /api/plans); the server charges the catalogue's amounts
    // (services/billing/checkout-service.ts `priceDataOf`, `payForDocument`, `payForConcierge`).
    {
      id: 'plans',
      title: 'Plans and prices',
      body: (
        <>
          <p>
            Prices are in US dollars and are read from the same price list we charge from. Every plan includes Word and
            HTML files.
          </p>
          <LegalTable
            caption="Monthly plans"
            head={['Plan', 'Price', 'Documents', 'Includes']}
            rows={catalogue.subscriptions.map((plan) => [
              plan.name,
              `${formatUsd(plan.priceCents)} a month`,
              documentsLine(plan),
              plan.features.map((f) => PLAN_FEATURE_WORDS[f]).join('; '),
            ])}
          />
          <LegalTable
            caption="One-time purchases"
            head={['Offer', 'Price', 'For']}
            rows={catalogue.oneTime.map((offer) => [offer.name, <OneTimePrice offer={offer} />, offer.summary])}
          />
        </>
      ),
    },
    // Server: checkout-service.ts (`recurring: month`, `changePlan` prorated, `setCancelAtPeriodEnd` for 'Cancel
    // Plan', `cancelSubscription` at once on account deletion), entitlement-service.ts (`recordExport`: one usage row per book and period;
    // `isLive`: only active/trialing), db/schema/user-subscriptions.ts (`books_used` back to 0 each period),
    // webhook-service.ts (plan and status written from Stripe's events).
    {
      id: 'billing',
      title: 'Billing, documents and cancellation',
      body: (
        <>
          <ul>
            <li>
              A plan is paid monthly in advance through Stripe, from the day it starts, and renews every month until it is
              cancelled.
            </li>
            <li>
              A document counts against your plan the first time one of its files is exported in a billing period.
              Exporting the same book again in that period, in any format, does not count again. Documents you do not use
              do not carry over to the next period.
            </li>
            <li>
              You can change plans on your {accountLink}. The change applies at once, and Stripe adjusts your next invoice
              for the part of the month already paid.
            </li>
            <li>If a monthly payment fails, the plan’s features pause until it is paid.</li>
            <li>
              <strong>Price changes:</strong> we tell you by e-mail at least {PRICE_NOTICE_DAYS} days before a new price
              applies to your plan. Until then your plan keeps its price, and a new price never applies to a month you have
              already paid for.
            </li>
          </ul>
          <h3>Cancelling</h3>
          <p>
            To cancel a plan, use Cancel Plan on your plan’s card (on your home page or your {accountLink}). It ends at
            the end of the month you have paid for, you keep the plan until then, and nothing more is charged; until that
            day, Keep My Plan undoes it. Deleting your account cancels the plan at once,
            and the rest of that month is not refunded. When a plan ends, your books stay in your account; exporting them
            again needs a plan or a one-time payment.
          </p>
          <p>
            If you believe a charge is wrong, write to <SupportAddress />.
          </p>
        </>
      ),
    },
    // Server: entitlement-service.ts (a purchased book exports in every format, uncounted), checkout-service.ts
    // `payForDocument` (one book; ALREADY_PAID once paid), book-service.ts (the trial's cut text put back).
    {
      id: 'one-time',
      title: 'Paying for a single document',
      body: (
        <>
          <ul>
            {perDocument.map((offer) => (
              <li key={offer.id}>
                <strong>{offer.name}</strong>, {formatUsd(offer.priceCents)}: {offer.summary}
              </li>
            ))}
          </ul>
          <p>
            Either is one payment for one book, made from that book. Once it is paid, that book exports in every format as
            often as you like, and counts against no plan; if the trial shortened its text, the whole text comes back. It
            does not renew.
          </p>
        </>
      ),
    },
    // Server: checkout-service.ts `payForConcierge` (one-time, signed in), app.ts `onConciergePaid` (the inquiry mailed
    // to SUPPORT_EMAIL), services/mail/concierge-inquiry-mail.ts (contact within 24 hours, 14-day timeline).
    // Web: features/concierge/lib/concierge-content.ts (features, timeline, AUTHOR_RESPONSIBILITIES).
    ...(concierge
      ? [
          {
            id: 'concierge',
            title: 'The Academic Concierge',
            body: (
              <>
                <p>
                  The {concierge.name} is a one-time payment of <OneTimePrice offer={concierge} />, ordered with the
                  inquiry form on the <Link href={WEB_ROUTES.academicConcierge.path}>Academic Concierge page</Link> and
                  paid through Stripe. It includes what that page lists: the formatting of your thesis or dissertation,
                  three cover concepts, help setting up your own retail-platform account, your book’s description, ISBN
                  guidance, two rounds of revisions and 30 days of support after launch.
                </p>
                <p>
                  We contact you within 24 hours of your payment. The 14 days of the timeline start when we have your
                  manuscript, and the time you take for reviews adds to them.
                </p>
                <p>You remain responsible for:</p>
                <ul>
                  <li>your publishing account, which is in your name (we never publish under ours);</li>
                  <li>your tax information and banking details at the platform;</li>
                  <li>approving the uploads and setting your book’s price;</li>
                  <li>holding the rights to publish your work (check your university’s and co-authors’ terms);</li>
                  <li>reviewing the proofs and approving each stage.</li>
                </ul>
              </>
            ),
          },
        ]
      : []),
    // Web: components/layout/site-footer.tsx ("You remain responsible for the accuracy, copyright and citations of
    // what you publish"); server: services/account-service.ts (the data is processed for its owner only).
    {
      id: 'your-content',
      title: 'Your content and your responsibility',
      body: (
        <>
          <p>
            You keep every right in what you import and make with Quire. You allow us only to store, process and send it
            as needed to provide Quire to you, including to the services named in our {privacyLink}.
          </p>
          <p>You remain responsible for what you publish or submit, in particular:</p>
          <ul>
            <li>
              <strong>copyright:</strong> that you may use and publish the text and images; a work in the public domain in
              one country may still be protected in another;
            </li>
            <li>
              <strong>accuracy:</strong> the facts, names, figures and wording of the text;
            </li>
            <li>
              <strong>citations:</strong> references and quotations as your institution or publisher requires them;
            </li>
            <li>checking every file before you publish or submit it.</li>
          </ul>
        </>
      ),
    },
    // Server: net/address-policy.ts (URL import refuses private addresses), services/rate-limiter.ts.
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>When you use Quire, do not:</p>
          <ul>
            <li>import or publish material you have no right to use, or that is unlawful;</li>
            <li>try to reach other people’s accounts or data, or test or break Quire’s security;</li>
            <li>use imports by web address to reach addresses that are not public;</li>
            <li>overload the service, or get around its limits, such as opening several accounts for more free exports;</li>
            <li>share an account, or resell access to Quire.</li>
          </ul>
          <p>We may suspend or close an account that breaks these rules, and we tell you why.</p>
        </>
      ),
    },
    {
      id: 'acceptance',
      title: 'No guarantee of acceptance',
      body: (
        <p>
          Our layouts follow published requirements, such as the margin rules of print-on-demand platforms, EPUB 3 and the
          APA, MLA, Chicago and Harvard guides. Retail platforms, universities, graduate schools and publishers make their
          own decisions and change their rules, so we do not guarantee that any of them accepts a file made with Quire.
          Check their current requirements, and leave time before a deadline.
        </p>
      ),
    },
    {
      id: 'availability',
      title: 'The service as it is',
      body: (
        <p>
          We work to keep Quire available and its files correct, but it is provided as it is, and it may be interrupted or
          make mistakes. We may change or withdraw features. Keep your own copies of your manuscripts and of the files
          you export.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          As far as the law allows, Quire is not liable for indirect losses, such as lost royalties, missed deadlines,
          rejected submissions or lost data, and our total liability for any claim is limited to what you paid us in the
          12 months before it arose. Nothing in these terms limits a liability that the law does not allow to be limited.
        </p>
      ),
    },
    // Server: routes/user.ts DELETE /api/user, services/account-service.ts, app.ts `beforeDelete` (immediate cancel).
    {
      id: 'ending',
      title: 'Ending your use of Quire',
      body: (
        <p>
          You may stop using Quire at any time, and delete your account on your {accountLink}; the {privacyLink} says what
          that deletes. Deleting your account cancels a plan at once, without a refund of the rest of the month. We may
          suspend or close an account that breaks these terms.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. The new version is posted on this page with a new “Last updated” date. Price changes
          follow the {PRICE_NOTICE_DAYS} days’ notice above, and we tell you of other important changes by e-mail before
          they apply. If you keep using Quire after a change applies, the new terms apply to you.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          For any question about these terms, write to <SupportAddress />.
        </p>
      ),
    },
  ];
}
