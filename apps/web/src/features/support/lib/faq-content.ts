import { PLAN_CATALOGUE, TRIAL_WORD_LIMIT, formatUsd, type PlanCatalogue } from '@quire/contracts';

/** One question of the FAQ and its answer (plain sentences). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** One category of the FAQ, with the anchor id the sitemap's quick links point to. */
export interface FaqCategory {
  id: string;
  title: string;
  entries: FaqEntry[];
}

/**
 * The /contact page's FAQ in the six categories of the workspace spec (section 2, "Contact and Support page"):
 * Getting Started, Formatting & Templates, Export & Files, Covers & Design, Academic Use, Billing & Plans. The
 * answers describe what Quire does; prices come from `catalogue` (the server's GET /api/plans, or the built-in copy).
 */
export function faqCategories(catalogue: PlanCatalogue = PLAN_CATALOGUE): FaqCategory[] {
  const price = (id: string) => {
    const offer = [...catalogue.subscriptions, ...catalogue.oneTime].find((o) => o.id === id);
    return offer ? formatUsd(offer.priceCents) : '';
  };
  const docs = (id: string) => catalogue.subscriptions.find((s) => s.id === id)?.documentsPerPeriod;
  const words = TRIAL_WORD_LIMIT.toLocaleString('en-US');
  return [
    {
      id: 'getting-started',
      title: 'Getting Started',
      entries: [
        {
          question: 'What do I need to start?',
          answer: `An account and a text. Create a free account (no credit card), then import a book: paste the address of a public text such as a Project Gutenberg book, or upload a file smaller than 10MB. Your first export is free for up to 25 pages (about ${words} words).`,
        },
        {
          question: 'Which files can I import?',
          answer: 'Plain text, Markdown, HTML, Word (.docx), EPUB and PDF files with a text layer, up to 10MB and 5MB of text. You can also combine up to 10 addresses into one collection, in order or grouped by author or title.',
        },
        {
          question: 'How long does it take?',
          answer: 'Cleanup usually takes a few seconds, and formatting and a PDF export well under a minute, even for a long novel. Very long books with thousands of notes take a little longer.',
        },
        {
          question: 'Will cleanup change my words?',
          answer: 'No. Cleanup changes formatting, never content: it removes library boilerplate and page numbers left by a scan, rejoins broken words and paragraphs, curls quotes and finds chapters. The cleanup report counts every change, and you can edit the text by hand before formatting.',
        },
      ],
    },
    {
      id: 'formatting',
      title: 'Formatting & Templates',
      entries: [
        {
          question: 'What does the 6 × 9 paperback layout look like?',
          answer: 'A 6 × 9 in page with mirrored margins: 0.9 in on the inside for the binding, 0.6 in outside and 0.76 in at top and bottom, serif type at 11 pt with a line height of 1.15, chapters opening on a new page, and running heads and page numbers.',
        },
        {
          question: 'Can I change fonts, margins and spacing?',
          answer: 'Yes. Choose a publishing or academic template, then adjust the font size (8 to 20 pt), line height, each margin (0.25 to 2 in), paragraph indent and spacing. Quire raises any margin that would break the print rules of self-publishing platforms and tells you why.',
        },
        {
          question: 'Does Quire handle poetry, plays and footnotes?',
          answer: 'Yes. Verse keeps its line breaks and indents, scene breaks stay scene breaks, and footnotes are linked to their markers and set as notes in the PDF and EPUB.',
        },
      ],
    },
    {
      id: 'export',
      title: 'Export & Files',
      entries: [
        {
          question: 'Which files do I get?',
          answer: 'A print-ready PDF for paperbacks with embedded fonts, an EPUB 3 for e-book stores, a Word file (.docx) for your editor, and print- or EPUB-ready HTML. Word and HTML are in every plan.',
        },
        {
          question: 'Will a self-publishing platform accept my PDF and EPUB?',
          answer: 'Quire builds them to the platforms’ published rules (trim size, margins, embedded fonts; EPUB 3 checked with EPUBCheck), which is what their reviews look at. Each platform still reviews every book itself, so check its preview before you publish.',
        },
        {
          question: 'Can I export again after a change?',
          answer: 'Yes. Export a book as often as you like: re-exports of the same book do not count again against your plan in the same billing period.',
        },
      ],
    },
    {
      id: 'covers',
      title: 'Covers & Design',
      entries: [
        {
          question: 'Can Quire make my cover?',
          answer: 'Yes. Text covers come in four designs (elegant, bold, academic and classic) on every plan; AI-style cover artwork in four styles comes with the Premium and Publisher plans. You can also skip covers and use your own.',
        },
        {
          question: 'What sizes are the cover files?',
          answer: 'An e-book cover of 1600 × 2560 px (JPEG) for the stores, and a paperback cover PDF with the back, spine and front at the size your page count needs, with bleed.',
        },
      ],
    },
    {
      id: 'academic',
      title: 'Academic Use',
      entries: [
        {
          question: 'Which citation styles are supported?',
          answer: 'APA 7, MLA 9, Chicago and Harvard, each with its margins, double spacing, page numbers and title page. On the Premium and Publisher plans you can upload your university’s own style guide (PDF or Word).',
        },
        {
          question: 'Can I publish my thesis as a book?',
          answer: `Yes. Format it as a 6 × 9 paperback and an e-book, or let us do everything with the Academic Publishing Concierge (${price('concierge')}, one payment): formatting, three cover concepts, store setup and upload, in 14 days.`,
        },
        {
          question: 'Does Quire check my citations?',
          answer: 'No. Quire formats citations and references as your style asks, but it does not check that they are complete or correct. You remain responsible for the accuracy and citations of what you publish.',
        },
      ],
    },
    {
      id: 'billing',
      title: 'Billing & Plans',
      entries: [
        {
          question: 'What do the plans cost?',
          answer: `Standard is ${price('standard')} a month for ${docs('standard') ?? ''} documents, Premium ${price('premium')} a month for ${docs('premium') ?? ''} documents, and Publisher ${price('publisher')} a month for unlimited documents. You can also pay ${price('document')} for one document, or ${price('thesis')} once for the thesis package.`,
        },
        {
          question: 'What counts as a document?',
          answer: 'A book counts the first time one of its files is exported in a billing period. Exporting it again, in any format, does not count again in that period.',
        },
        {
          question: 'How do I cancel or change plans?',
          answer: 'Change plans from the plan card on your home page at any time; the change is prorated. To cancel, use Cancel Plan on the same card: the plan stays yours until the end of the month you paid for, then ends, and nothing more is charged (Keep My Plan undoes it until then). Deleting your account cancels it at once, and removes your books and files.',
        },
        {
          question: 'Is my card safe?',
          answer: 'Payments are processed by Stripe. Your card number goes straight to Stripe and never reaches or is stored by Quire.',
        },
      ],
    },
  ];
}
