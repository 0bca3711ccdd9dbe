import { useRef, useState } from 'react';
import { ExtractBodySchema, type Book, type Extraction } from '@quire/contracts';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useCreateExtraction } from '../../api/create-extraction.ts';
import { useActiveJob } from '../../api/book-jobs.ts';
import { useExtractions } from '../../api/list-extractions.ts';
import { countOf } from '../../lib/extraction-display.ts';
import { initialArrangement, type PassageArrangement } from '../../lib/passage-arrangement.ts';
import { ExtractHistory } from './extract-history.tsx';
import { ExtractResultsIntro, ExtractSearching } from './extract-results-placeholder.tsx';
import { ExtractResults } from './extract-results.tsx';
import { ExtractTopicForm } from './extract-topic-form.tsx';

/** What the results region says to screen readers when it changes. */
function resultsAnnouncement(extraction: Extraction | null, searching: string | null): string {
  if (searching !== null) return `Searching for “${searching}”.`;
  if (!extraction) return '';
  return extraction.sectionsFound === 0
    ? `No passages about “${extraction.topic}” were found.`
    : `${countOf(extraction.sectionsFound, 'relevant section', 'relevant sections')} found for “${extraction.topic}”.`;
}

/**
 * Extract tab (workspace spec sections 2, 5, 8, 9): search the cleaned text for a topic (typed or suggested), see
 * the passages found with their place in the book and relevance, choose, order and read them, make a new book of
 * them, and come back to previous extractions.
 */
export function ExtractTab({ book }: { book: Book }) {
  const extractions = useExtractions(book.id);
  const extract = useCreateExtraction();
  const [topic, setTopic] = useState('');
  const [topicError, setTopicError] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  // The newest result, in case the list of previous extractions could not be loaded.
  const [latest, setLatest] = useState<Extraction | null>(null);
  const [arrangements, setArrangements] = useState<Record<string, PassageArrangement>>({});
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shown = extractions.data?.find((e) => e.id === shownId) ?? (latest && latest.id === shownId ? latest : null);
  const searching = extract.isPending ? (extract.variables?.topic ?? topic) : null;
  // The search is a job on the server: its bar shows while this page's request waits.
  const job = useActiveJob(book.id, 'extract', extract.isPending, () => undefined);

  // Bring the results into view only when their heading is out of sight or low on the screen, so that trying one
  // suggestion after another does not scroll the suggestions away each time.
  const reveal = ({ focus }: { focus: boolean }) =>
    requestAnimationFrame(() => {
      const heading = headingRef.current;
      if (!heading) return;
      const { top } = heading.getBoundingClientRect();
      if (top < 0 || top > window.innerHeight * 0.6) heading.scrollIntoView?.({ block: 'start' });
      if (focus) heading.focus({ preventScroll: true });
    });

  const run = (raw: string) => {
    if (extract.isPending) return;
    const parsed = ExtractBodySchema.safeParse({ topic: raw });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter a topic to search for';
      setTopicError(message);
      toast({ variant: 'destructive', title: raw.trim() ? 'Topic too long' : 'Topic required', description: message });
      inputRef.current?.focus();
      return;
    }
    setTopicError(null);
    extract.mutate(
      { bookId: book.id, topic: parsed.data.topic },
      {
        onSuccess: (extraction) => {
          setLatest(extraction);
          setShownId(extraction.id);
          toast({
            variant: 'success',
            title: 'Content extracted successfully',
            description:
              extraction.sectionsFound === 0
                ? 'No relevant sections were found.'
                : `Found ${countOf(extraction.sectionsFound, 'relevant section', 'relevant sections')}.`,
          });
          reveal({ focus: false });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Extraction failed', description: getErrorMessage(error, 'Failed to extract content') }),
      },
    );
  };

  const pick = (chosen: string) => {
    setTopic(chosen);
    run(chosen);
  };

  const show = (extraction: Extraction) => {
    setShownId(extraction.id);
    reveal({ focus: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="extract-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
        <div className="mb-5 max-w-2xl">
          <h2 id="extract-title" className="font-display text-xl font-semibold">
            Extract passages by topic
          </h2>
          <p className="mt-1.5 text-sm text-ink-soft">
            Find the passages of this book about one topic (prayer, grace, Christmas…), read them, choose and order
            them, and gather them into a book of their own. This step is optional and does not hold up formatting or
            export.
          </p>
        </div>
        <ExtractTopicForm
          topic={topic}
          onTopicChange={(value) => {
            setTopic(value);
            if (topicError && value.trim()) setTopicError(null);
          }}
          error={topicError}
          pending={extract.isPending}
          shownTopic={shown?.topic ?? null}
          onSubmit={() => run(topic)}
          onPickTopic={pick}
          inputRef={inputRef}
        />
      </section>

      <p role="status" className="sr-only">
        {resultsAnnouncement(shown, searching)}
      </p>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
        {/* Nothing to show on a phone before a search: no empty cell above the history. */}
        <div className={searching === null && !shown ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          {searching !== null ? (
            <ExtractSearching topic={searching} job={job} />
          ) : shown ? (
            <ExtractResults
              key={shown.id}
              book={book}
              extraction={shown}
              arrangement={arrangements[shown.id] ?? initialArrangement(shown)}
              onArrangementChange={(next) => setArrangements((all) => ({ ...all, [shown.id]: next }))}
              onRunAgain={() => pick(shown.topic)}
              running={extract.isPending}
              headingRef={headingRef}
            />
          ) : (
            <ExtractResultsIntro />
          )}
        </div>
        <ExtractHistory
          className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7.5rem)]"
          extractions={extractions.data}
          loading={extractions.isPending}
          error={extractions.isError ? extractions.error : null}
          onRetry={() => void extractions.refetch()}
          shownId={shown?.id ?? null}
          onShow={show}
        />
      </div>
    </div>
  );
}
