import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ExtractionSection } from '@quire/contracts';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogClose } from '../../../../components/ui/dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors.ts';
import { extractionKeys } from '../../api/extraction-keys.ts';
import { useExtractionPassage } from '../../api/get-extraction-passage.ts';
import { countOf, sourceDetails } from '../../lib/extraction-display.ts';

function ReaderSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> Loading the passage...
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

type PassageReaderProps = {
  bookId: string;
  extractionId: string;
  /** The passage to read; the dialog is open while there is one. */
  section: ExtractionSection | null;
  /** The excerpt is read (and will be put in the book) as its whole section. */
  widened: boolean;
  onWidenedChange: (widened: boolean) => void;
  included: boolean;
  onIncludedChange: (included: boolean) => void;
  onClose: () => void;
};

/**
 * Extract tab → a found passage in full, to read before choosing it. An excerpt of a long section can be shown as
 * its whole section, which is then what the book takes. Loading and error states; a text changed since the
 * extraction (409) says to run it again.
 */
export function ExtractPassageReader({ bookId, extractionId, section, widened, onWidenedChange, included, onIncludedChange, onClose }: PassageReaderProps) {
  const switchId = useId();
  const includeId = useId();
  const isWindow = section?.source.kind === 'window';
  const passage = useExtractionPassage(
    { bookId, extractionId, passageId: section?.passageId ?? '', widen: isWindow && widened },
    { enabled: section !== null },
  );
  const stale = getErrorStatus(passage.error) === 409;
  const queryClient = useQueryClient();

  // The list is asked again so that the extraction shows as out of date, with its offer to run it again.
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: extractionKeys.list(bookId) });
  }, [stale, bookId, queryClient]);

  return (
    <Dialog open={section !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl overflow-hidden sm:p-8" closeLabel="Close the passage">
        {section && (
          <>
            <div className="flex flex-col gap-1.5">
              <DialogTitle>{passage.data?.title ?? section.title}</DialogTitle>
              <DialogDescription className="text-[0.8125rem] text-muted">
                {/* Widened, the text starts at its section's beginning, not where the excerpt's position points. */}
                {sourceDetails(section.source, section.title, { withLength: false, withPosition: !(isWindow && widened) }).join(' · ')}
                {passage.data && ` · ${countOf(passage.data.wordCount, 'word', 'words')}`}
              </DialogDescription>
            </div>

            {isWindow && (
              <div className="flex items-start gap-3 rounded-lg border border-line bg-paper px-4 py-3">
                <Switch id={switchId} checked={widened} onCheckedChange={onWidenedChange} className="mt-0.5" aria-describedby={`${switchId}-hint`} />
                <div className="flex flex-col gap-0.5">
                  <Label htmlFor={switchId}>Show whole section</Label>
                  <p id={`${switchId}-hint`} className="text-[0.8125rem] text-ink-soft">
                    {widened
                      ? `The book will take the whole of “${section.source.sectionTitle}”, not only this excerpt.`
                      : `This is an excerpt of “${section.source.sectionTitle}”. Show the whole section to read it in context; the book then takes all of it.`}
                  </p>
                </div>
              </div>
            )}

            {/* Only the text scrolls: the title, the section switch and the footer stay in view in a long section. */}
            <div
              role="region"
              aria-label="Passage text"
              tabIndex={0}
              className="-mx-6 min-h-0 flex-1 overflow-y-auto px-6 py-1 sm:-mx-8 sm:px-8"
            >
              {passage.isPending ? (
                <ReaderSkeleton />
              ) : stale ? (
                <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive">
                  <span className="font-semibold">The book’s text has changed since this extraction.</span> Run the extraction again to read
                  the passages of the current text.
                </p>
              ) : passage.isError ? (
                <RetryAlert
                  title="The passage could not be loaded."
                  message={getErrorMessage(passage.error, 'Please try again.')}
                  onRetry={() => void passage.refetch()}
                />
              ) : (
                <article aria-label={passage.data.title} className="flex flex-col gap-4 font-display text-base leading-relaxed text-ink [overflow-wrap:anywhere]">
                  {passage.data.paragraphs.map((paragraph, i) => (
                    <p key={i} className="whitespace-pre-line">
                      {paragraph}
                    </p>
                  ))}
                </article>
              )}
            </div>

            <DialogFooter className="items-stretch sm:items-center sm:justify-between">
              <label htmlFor={includeId} className="flex cursor-pointer items-center gap-2 text-sm font-medium text-ink">
                <input
                  id={includeId}
                  type="checkbox"
                  checked={included}
                  onChange={(event) => onIncludedChange(event.target.checked)}
                  className="size-4 accent-accent"
                />
                Include in the book
              </label>
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
