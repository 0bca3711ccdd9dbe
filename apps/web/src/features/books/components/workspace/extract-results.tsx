import { useEffect, useId, useState, type Ref } from 'react';
import { Link } from 'wouter';
import { BookCopy, RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import type { Book, Extraction } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { countOf, defaultCompiledTitle, otherSearchedTerms, passageNames, percent } from '../../lib/extraction-display.ts';
import {
  chosenPassages,
  includePassage,
  movePassage,
  widenPassage,
  type PassageArrangement,
} from '../../lib/passage-arrangement.ts';
import { ExtractCompileDialog } from './extract-compile-dialog.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { ExtractPassageCard, moveButtonId } from './extract-passage-card.tsx';
import { ExtractPassageReader } from './extract-passage-reader.tsx';

/** The words searched and the themes of the whole set. */
function SearchSummary({ extraction }: { extraction: Extraction }) {
  const others = otherSearchedTerms(extraction.searchedTerms, extraction.topic);
  return (
    <>
      {extraction.extractedThemes.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-sm text-ink-soft">Themes:</span>
          {extraction.extractedThemes.map((theme) => (
            <Badge key={theme} variant="outline" className="border-accent/40 bg-accent-soft/50 text-accent-ink">
              {theme}
            </Badge>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <p className="text-sm text-ink-soft">
          <span className="text-muted">Also searched:</span> {others.join(', ')}
        </p>
      )}
    </>
  );
}

/** No passage passed the relevance threshold: said plainly, with what to try next. */
function NoPassages({ extraction }: { extraction: Extraction }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong px-6 py-10 text-center">
      <SearchX aria-hidden="true" className="size-8 text-muted" />
      <p className="font-medium text-ink">No passages about “{extraction.topic}” were found</p>
      <p className="max-w-md text-sm text-muted">
        This book does not seem to dwell on it. Try a related or broader word, or one of the suggested topics above.
      </p>
    </div>
  );
}

type ExtractResultsProps = {
  book: Book;
  extraction: Extraction;
  arrangement: PassageArrangement;
  onArrangementChange: (arrangement: PassageArrangement) => void;
  /** Runs the extraction's topic again on the current text. */
  onRunAgain: () => void;
  /** An extraction is running: running it again waits. */
  running: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * Extract tab → one extraction's results: how many sections were found and how relevant, the themes and the words
 * searched, then each passage to include or leave out, reorder and read, and the button that makes a book of the
 * chosen ones. An extraction whose text changed since is shown read-only, with an offer to run it again.
 */
export function ExtractResults({ book, extraction, arrangement, onArrangementChange, onRunAgain, running, headingRef }: ExtractResultsProps) {
  const idPrefix = useId();
  const [readingId, setReadingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ passageId: string; direction: 'up' | 'down' } | null>(null);

  const byId = new Map(extraction.sections.map((s) => [s.passageId, s]));
  const names = passageNames(extraction.sections);
  const ordered = arrangement.order.flatMap((id) => byId.get(id) ?? []);
  const chosen = chosenPassages(arrangement);
  const readOnly = extraction.textChanged;
  const reading = readingId ? (byId.get(readingId) ?? null) : null;

  // Moving a passage re-orders the list; keep the keyboard on the button that moved it, or on its twin at an end.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { passageId, direction } = focusAfterMove;
    const same = document.getElementById(moveButtonId(idPrefix, passageId, direction));
    const other = document.getElementById(moveButtonId(idPrefix, passageId, direction === 'up' ? 'down' : 'up'));
    const target = same && !(same as HTMLButtonElement).disabled ? same : other;
    target?.focus();
  }, [focusAfterMove, idPrefix]);

  const move = (passageId: string, step: -1 | 1) => {
    const next = movePassage(arrangement, passageId, step);
    onArrangementChange(next);
    setFocusAfterMove({ passageId, direction: step === -1 ? 'up' : 'down' });
    setAnnouncement(`“${names.get(passageId) ?? passageId}” moved to position ${next.order.indexOf(passageId) + 1} of ${next.order.length}.`);
  };

  return (
    <section aria-labelledby="extract-results-title" className="rounded-xl border border-line bg-surface shadow-card">
      <div className="flex flex-col gap-3 border-b border-line p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <p className="text-xs text-muted">Extracted {formatDateTime(extraction.createdAt)}</p>
          <h3 id="extract-results-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 font-display text-xl font-semibold outline-none">
            Passages on “{extraction.topic}”
          </h3>
          <p className="text-sm text-ink-soft">
            <span className="font-semibold text-ink">{countOf(extraction.sectionsFound, 'section', 'sections')} found</span>
            {extraction.sectionsFound > 0 && <> · average relevance {percent(extraction.averageRelevance)}</>}
          </p>
        </div>
        <SearchSummary extraction={extraction} />
        {extraction.compiledBookId && (
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-ink-soft">
            <BookCopy aria-hidden="true" className="size-4 text-accent" />
            You made a book from these passages:
            <Link href={`/book/${encodeURIComponent(extraction.compiledBookId)}`} className="font-medium text-accent-ink underline underline-offset-4">
              {extraction.compiledTitle ?? 'open it'}
            </Link>
          </p>
        )}
      </div>

      {readOnly && (
        <div role="note" className="mx-5 mt-5 flex flex-col items-start gap-3 rounded-lg border border-line-strong bg-paper px-4 py-3 text-sm sm:mx-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-ink-soft">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>
              <span className="font-semibold text-ink">The book’s text has changed since this extraction.</span> These passages may no longer
              match it; run the extraction again to read them or make a book of them.
            </span>
          </p>
          <Button variant="secondary" size="sm" onClick={onRunAgain} disabled={running}>
            <RotateCcw aria-hidden="true" /> Run again
          </Button>
        </div>
      )}

      <div className="px-3 py-4 sm:p-6">
        {ordered.length === 0 ? (
          <NoPassages extraction={extraction} />
        ) : (
          <ol aria-label={`Passages on “${extraction.topic}”`} className="flex flex-col gap-3">
            {ordered.map((section, i) => (
              <ExtractPassageCard
                key={section.passageId}
                section={section}
                name={names.get(section.passageId) ?? section.title}
                position={i + 1}
                total={ordered.length}
                included={!arrangement.excluded.includes(section.passageId)}
                widened={arrangement.widened.includes(section.passageId)}
                idPrefix={idPrefix}
                readOnly={readOnly}
                onIncludedChange={(included) => onArrangementChange(includePassage(arrangement, section.passageId, included))}
                onMove={(step) => move(section.passageId, step)}
                onRead={() => setReadingId(section.passageId)}
              />
            ))}
          </ol>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>

      {ordered.length > 0 && !readOnly && (
        // Stays in view at the bottom of the screen while the list scrolls past.
        <div className="sticky bottom-0 flex flex-col gap-3 rounded-b-xl border-t border-line bg-surface/95 px-5 py-4 backdrop-blur-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-ink-soft">
            <span className="font-semibold text-ink tabular-nums">
              {chosen.length} of {ordered.length}
            </span>{' '}
            {ordered.length === 1 ? 'passage' : 'passages'} chosen
            {chosen.length === 0 && <span className="text-muted">: tick at least one to make a book</span>}
          </p>
          <ExtractCompileDialog
            extraction={extraction}
            bookTitle={book.title}
            passages={chosen}
            defaultTitle={defaultCompiledTitle(extraction.topic, book.title)}
            onRunAgain={onRunAgain}
          />
        </div>
      )}

      <ExtractPassageReader
        bookId={book.id}
        extractionId={extraction.id}
        section={reading}
        widened={reading ? arrangement.widened.includes(reading.passageId) : false}
        onWidenedChange={(widen) => reading && onArrangementChange(widenPassage(arrangement, reading.passageId, widen))}
        included={reading ? !arrangement.excluded.includes(reading.passageId) : false}
        onIncludedChange={(included) => reading && onArrangementChange(includePassage(arrangement, reading.passageId, included))}
        onClose={() => setReadingId(null)}
      />
    </section>
  );
}
