import type { Point } from '../../../components/marketing/point-list.tsx';
import type { ConciergeInquiry } from '@quire/contracts';

/**
 * The words of the Academic Concierge pages (accounts spec sections 2 and 9). The delivery is 14 days, from the
 * timeline; the spec's other reading (a 7-day turnaround) is not used, so the pages never promise two dates.
 */

/** Readable labels of the inquiry's current status (contracts CONCIERGE_STATUSES). */
export const STATUS_LABELS: Record<ConciergeInquiry['currentStatus'], string> = {
  completed: 'Completed and approved',
  'near-completion': 'Nearly complete',
  'defense-scheduled': 'Defense scheduled',
  revisions: 'In revisions',
};

/** What the service includes (accounts spec section 9). */
export const CONCIERGE_FEATURES: Point[] = [
  { title: 'Complete book formatting', detail: 'Your thesis or dissertation turned into a print-ready 6x9 paperback and an e-book.' },
  { title: '3 cover concepts', detail: 'Three cover designs to choose from, finished for print and for the e-book store.' },
  { title: 'Retail-platform account setup and upload', detail: 'We set up your author account with you and upload your files.' },
  { title: 'Book description writing', detail: 'A store description and keywords written for readers of your field.' },
  { title: 'ISBN guidance', detail: 'Whether to use a free or your own ISBN, and how to get one in your name.' },
  { title: '2 revision rounds', detail: 'Two rounds of changes to the formatting and the cover before publication.' },
  { title: '30 days of post-launch support', detail: 'Help with corrections, price changes and store questions after launch.' },
];

/** The 14-day timeline (accounts spec section 2). */
export const CONCIERGE_TIMELINE: Point[] = [
  { kicker: 'Days 1–2', title: 'Review', detail: 'We read your manuscript, agree on trim size and style, and list what needs attention.' },
  { kicker: 'Days 3–7', title: 'Formatting', detail: 'Front matter, chapters, figures, tables, notes and references laid out for print and e-book.' },
  { kicker: 'Days 8–10', title: 'Cover and marketing', detail: 'Three cover concepts, your chosen cover finished, and your book description and keywords.' },
  { kicker: 'Days 11–12', title: 'Retail-platform account setup', detail: 'Your author account prepared with you, book details entered, files uploaded for review.' },
  { kicker: 'Days 13–14', title: 'Publication', detail: 'Final proof check, then you press publish and your book goes live.' },
];

/** What stays with the author (accounts spec section 2). */
export const AUTHOR_RESPONSIBILITIES: string[] = [
  'Own the publishing account, in your name',
  'Provide your tax information to the platform',
  'Provide your banking details for royalties',
  'Approve and confirm the uploads',
  'Set your book’s price',
  'Hold the rights to publish your work (check your university’s and co-authors’ terms)',
  'Review the proofs and approve each stage',
];

/** The concierge page's questions and answers, in the order a graduate student asks them. */
export const CONCIERGE_FAQ: { question: string; answer: string }[] = [
  {
    question: 'Can I publish my thesis or dissertation as a book?',
    answer:
      'Usually, yes: in most cases you keep the copyright of your thesis. Check your university’s repository agreement and any journal articles the chapters were published in; we help you read them during the review.',
  },
  {
    question: 'How long does it take?',
    answer:
      '14 days from the day we receive your manuscript: review, formatting, cover, account setup and publication, as in the timeline above. Your reviews can add a day or two.',
  },
  {
    question: 'Why do I need my own publishing account?',
    answer:
      'The book, its royalties and its tax records must be yours. We never publish under our account: we set yours up with you, and you keep full control.',
  },
  {
    question: 'What happens after I pay?',
    answer:
      'You receive a confirmation email, and we contact you within 24 hours to ask for your manuscript and agree on the details. The 14 days start when we have your files.',
  },
  {
    question: 'What if I need changes?',
    answer:
      'Two rounds of revisions to the formatting and the cover are included. After launch, 30 days of support cover corrections and store questions.',
  },
  {
    question: 'Do I need an ISBN?',
    answer:
      'Not necessarily: the retail platform can assign a free one. If you want to be listed as your own publisher, we show you how to buy your own ISBN before publication.',
  },
  {
    question: 'Is it a one-time payment?',
    answer: 'Yes. One payment, no subscription. Printing is paid by the readers who buy your book, and the royalties go to you.',
  },
];

/** After the payment: what happens next (accounts spec section 2, "Concierge success"). */
export const NEXT_STEPS: { title: string; detail: string }[] = [
  { title: 'Check your email', detail: 'A receipt and a confirmation of your project are on their way to you.' },
  { title: 'We contact you within 24 hours', detail: 'To receive your manuscript and agree on the details of your book.' },
  { title: 'Your book in 14 days', detail: 'Review, formatting, cover, account setup and publication, with your approval at each stage.' },
];
