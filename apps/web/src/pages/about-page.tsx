import { Link } from 'wouter';
import { GraduationCap, Library, PenLine } from 'lucide-react';
import { PLAN_CATALOGUE, WEB_ROUTES, formatUsd, type PlanCatalogue } from '@quire/contracts';
import { PointList, type Point } from '../components/marketing/point-list.tsx';
import { SectionHeading } from '../components/marketing/section-heading.tsx';
import { Button } from '../components/ui/button.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { documentsLine } from '../lib/plan-features.ts';
import { findOneTime, findSubscription, usePlanCatalogue } from '../features/billing/api/get-plans.ts';
import { PageIntro, PublicPageFrame } from './public-page-frame.tsx';

/** What traditional formatting services charge per book (accounts spec section 1). */
const TRADITIONAL_PRICE = '$300–800';

/** The prices the page quotes, from the catalogue: '$5.99', '$19.99', '$7.99', '5 documents', '$29.99'. */
function pricesOf(catalogue: PlanCatalogue) {
  const standard = findSubscription(catalogue, 'standard');
  const cents = (priceCents: number | undefined) => (priceCents === undefined ? '' : formatUsd(priceCents));
  return {
    document: cents(findOneTime(catalogue, 'document')?.priceCents),
    thesis: cents(findOneTime(catalogue, 'thesis')?.priceCents),
    standardName: standard?.name ?? 'Standard',
    standard: cents(standard?.priceCents),
    standardDocuments: standard ? documentsLine(standard).replace(/ a month$/, '') : '',
    publisher: cents(findSubscription(catalogue, 'publisher')?.priceCents),
  };
}

type Prices = ReturnType<typeof pricesOf>;

/** The three audiences (accounts spec section 2, "About"). */
function audiences(prices: Prices): Point[] {
  return [
    {
      icon: GraduationCap,
      title: 'Graduate students and academics',
      detail: `Theses and dissertations in APA 7, MLA 9, Chicago and Harvard style: title page, front matter, headings, notes and page numbers as your graduate school checks them. The thesis package is ${prices.thesis}, once.`,
    },
    {
      icon: PenLine,
      title: 'Independent authors',
      detail: 'A novel, memoir or collection set like the books on your shelf: a 6 × 9 in paperback with chapter openings, drop caps, scene breaks and running heads, and an EPUB 3 for the e-book stores.',
    },
    {
      icon: Library,
      title: 'Publishers of public-domain texts',
      detail: `Project Gutenberg and other library texts cleaned of their boilerplate, with footnotes linked, verse kept as verse and chapters found. The Publisher plan (${prices.publisher} a month) imports and exports many books at once.`,
    },
  ];
}

/** What sets Quire apart, with the figures behind each claim. */
function differentiators(prices: Prices): Point[] {
  return [
    {
      title: 'Real book margins',
      detail: 'A 6 × 9 in page with a 0.9 in inside margin for the binding, 0.6 in outside and 0.76 in at top and bottom; 11 pt serif type at 1.15 line height.',
    },
    {
      title: 'Cleanup you can check',
      detail: 'Every change is counted in a cleanup report, and word counts before and after show that no word of the text was lost.',
    },
    {
      title: 'Files the stores accept',
      detail: 'A print-ready PDF with embedded fonts within KDP’s margin rules, an EPUB 3 that passes EPUBCheck, a Word file and HTML.',
    },
    {
      title: 'Academic styles built in',
      detail: 'APA, MLA, Chicago and Harvard templates with their margins, spacing, headings and title pages, or your own university’s guide.',
    },
    {
      title: 'Prices you can see',
      detail: `${prices.document} for a document, or ${prices.standard} a month for ${prices.standardDocuments} on the ${prices.standardName} plan. Traditional formatting services charge ${TRADITIONAL_PRICE} per book.`,
    },
    {
      title: 'Your files stay yours',
      detail: 'We format your text and keep it only while you do. Delete your account and your books, covers and exports go with it.',
    },
  ];
}

/** Two prices side by side with what a traditional service charges. */
function PriceComparison({ prices }: { prices: Prices }) {
  const figures = [
    { amount: TRADITIONAL_PRICE, label: 'a traditional formatting service, per book', muted: true },
    { amount: prices.document, label: 'Quire, one document, paid once', muted: false },
    { amount: prices.standard, label: `Quire ${prices.standardName}, ${prices.standardDocuments} a month`, muted: false },
  ];
  return (
    <div role="group" aria-label="What formatting costs">
    <dl className="grid gap-4 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col-reverse gap-1 rounded-xl border border-line bg-surface p-5 shadow-card">
          <dt className="text-sm text-ink-soft">{figure.label}</dt>
          <dd className={figure.muted ? 'font-display text-3xl font-semibold text-muted' : 'font-display text-3xl font-semibold text-ink'}>
            {figure.amount}
          </dd>
        </div>
      ))}
    </dl>
    </div>
  );
}

/**
 * /about (accounts spec section 2, "About"): the mission, the three audiences, the story, what sets Quire apart, and
 * calls to action to /register and /contact. Prices come from the catalogue (GET /api/plans; the built-in copy of the
 * same catalogue until it answers, so the page is whole before any request).
 */
export function AboutPage() {
  usePageMeta({
    title: 'About Quire — Book formatting for authors, academics and publishers',
    description:
      'Quire formats manuscripts, theses and public-domain texts as print-ready 6x9 paperbacks and EPUB 3 e-books, for the price of a coffee instead of $300–800 per book.',
    keywords: 'about Quire, book formatting service, thesis formatting, self-publishing, public domain publishing',
    canonicalPath: WEB_ROUTES.about.path,
  });
  const catalogue = usePlanCatalogue();
  const prices = pricesOf(catalogue.data ?? PLAN_CATALOGUE);

  return (
    <PublicPageFrame>
      <PageIntro eyebrow="About Quire" title="Every book deserves to look like a book">
        <p>
          Quire turns a manuscript, a thesis or a public-domain text into a print-ready paperback and an e-book in
          minutes, for {prices.document} a document instead of the {TRADITIONAL_PRICE} a formatting service charges.
        </p>
      </PageIntro>

      <div className="mx-auto flex max-w-6xl flex-col gap-16 px-5 py-12 sm:gap-20 sm:px-8 sm:py-16">
        <section aria-labelledby="about-mission-title" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
          <SectionHeading id="about-mission-title" eyebrow="Our mission" title="Professional formatting for everyone who writes" />
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-ink-soft">
            <p>
              A well-made book has margins that leave room for the binding, chapters that open on the right page, notes
              that link to their text and type that is easy to read for hours. Until now that meant learning typesetting
              software or paying someone who had.
            </p>
            <p>
              We build Quire so that a graduate student, an independent author or a small press gets that craft by
              pasting a link or uploading a file. We change how a text is set, never what it says.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-audiences-title" className="flex flex-col gap-8">
          <SectionHeading id="about-audiences-title" eyebrow="Who it is for" title="Made for three kinds of books" />
          <PointList points={audiences(prices)} marker="icons" size="lg" />
        </section>

        <section aria-labelledby="about-story-title" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
          <SectionHeading id="about-story-title" eyebrow="Our story" title="It started with one public-domain book" />
          <div className="flex flex-col gap-4 leading-relaxed text-ink-soft">
            <p>
              Quire began when we tried to publish a paperback of a classic from Project Gutenberg. The text was free; making
              it a book was not. It took days to strip the library&apos;s licence, remove page numbers left by the scan,
              rejoin words broken across lines, curl the quotes, find the chapters and set it all in a layout a printer
              would accept.
            </p>
            <p>
              Every one of those steps follows rules, so we wrote them down as software, tested them on hundreds of real
              books, from novels and verse to plays and histories with thousands of footnotes, and added the layouts of the
              publishing and academic styles people ask for.
            </p>
            <p>
              Today Quire formats fiction, non-fiction, poetry and theses, and exports the files self-publishing platforms
              and universities accept. We still check our output the way a reader would: page by page.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-different-title" className="flex flex-col gap-8">
          <SectionHeading id="about-different-title" eyebrow="What sets us apart" title="Craft you can measure" />
          <PointList points={differentiators(prices)} marker="checks" />
          <PriceComparison prices={prices} />
        </section>

        <section
          aria-labelledby="about-cta-title"
          className="flex flex-col items-start gap-6 rounded-2xl bg-ink px-6 py-10 text-paper sm:px-10 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="about-cta-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
              See your text as a book
            </h2>
            <p className="mt-2 max-w-xl text-paper/80">Your first export is free: up to 25 pages, no credit card. Questions first? We answer within a day.</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href={WEB_ROUTES.register.path}>Start Free Trial</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href="/contact">Contact Us</Link>
            </Button>
          </div>
        </section>
      </div>
    </PublicPageFrame>
  );
}
