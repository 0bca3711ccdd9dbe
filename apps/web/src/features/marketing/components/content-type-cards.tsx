import { BookOpen, Feather, GraduationCap, Landmark, Library, NotebookPen } from 'lucide-react';
import { PointList, type Point } from '../../../components/marketing/point-list.tsx';
import { SectionHeading } from '../../../components/marketing/section-heading.tsx';

/** The kinds of text Quire is built for, each with what Quire does for it in particular. */
const CONTENT_TYPES: readonly Point[] = [
  {
    icon: GraduationCap,
    title: 'Theses and dissertations',
    detail: 'APA 7, MLA 9, Chicago and Harvard layouts, or upload your university’s style guide. Headings, notes and references keep their structure.',
  },
  {
    icon: NotebookPen,
    title: 'Novels and manuscripts',
    detail: 'Chapters found and opened on a fresh page, scene breaks kept, quotes curled and dashes set, as a trade paperback prints them.',
  },
  {
    icon: Library,
    title: 'Public-domain classics',
    detail: 'Paste a Project Gutenberg link: the licence and e-text credits go, the title and author fill themselves in, and the copyright page says public domain.',
  },
  {
    icon: Feather,
    title: 'Poetry and verse',
    detail: 'Lines of verse stay line by line and stanza by stanza, whether a poem sits inside prose or fills a collection like Leaves of Grass.',
  },
  {
    icon: Landmark,
    title: 'Non-fiction with notes',
    detail: 'Footnotes are linked to their markers and printed at the foot of their page, even in a history as dense with notes as Gibbon’s Decline and Fall.',
  },
  {
    icon: BookOpen,
    title: 'Collections and anthologies',
    detail: 'Combine up to 10 texts into one book, in your order, by author or by title, with one contents page.',
  },
];

/** The content-type cards of the landing page (accounts spec section 2): what kinds of books Quire formats. */
export function ContentTypeCards() {
  return (
    <section aria-labelledby="content-types-title" className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
      <SectionHeading
        id="content-types-title"
        eyebrow="What you can publish"
        title="One tool for every kind of book"
        lead="Quire recognises what kind of text it is reading and sets it accordingly."
      />
      <div className="mt-10">
        <PointList points={CONTENT_TYPES} marker="icons" />
      </div>
    </section>
  );
}
