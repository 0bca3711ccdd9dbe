import { useState } from 'react';
import { useLocation } from 'wouter';
import { BookPlus, RotateCcw } from 'lucide-react';
import { COMPILED_TITLE_MAX_CHARS, CompileBodySchema, type CompileBody, type Extraction } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '../../../../components/ui/dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors.ts';
import { useCompileExtraction } from '../../api/compile-extraction.ts';
import { countOf, passageNames } from '../../lib/extraction-display.ts';

type CompileDialogProps = {
  extraction: Extraction;
  /** The title of the book the passages come from. */
  bookTitle: string;
  /** The chosen passages in the user's order. */
  passages: CompileBody['passages'];
  /** The title offered. */
  defaultTitle: string;
  /** Runs the extraction's topic again (offered when the text changed since). */
  onRunAgain: () => void;
};

type Failure = { message: string; stale: boolean };

/**
 * Extract tab → the "Create a book from these passages" button (disabled while no passage is chosen) and its dialog:
 * the new book's title and the passages it gathers, in order. On success the new book opens in its own workspace;
 * a 409 (the text changed since) offers to run the extraction again.
 */
export function ExtractCompileDialog({ extraction, bookTitle, passages, defaultTitle, onRunAgain }: CompileDialogProps) {
  const [, navigate] = useLocation();
  const compile = useCompileExtraction();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(defaultTitle);
  const [titleError, setTitleError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<Failure | null>(null);
  const byId = new Map(extraction.sections.map((s) => [s.passageId, s]));
  const names = passageNames(extraction.sections);
  // A section taken whole holds the other chosen excerpts of it; the server prints overlapping text once.
  const sectionOf = (passageId: string) => byId.get(passageId)?.source.sectionIndex;
  const overlapping = passages.some(
    (p) => p.widen && passages.some((q) => q.passageId !== p.passageId && sectionOf(q.passageId) === sectionOf(p.passageId)),
  );

  const openChange = (next: boolean) => {
    if (compile.isPending) return;
    if (next) {
      setTitleError(undefined);
      setFailure(null);
    }
    setOpen(next);
  };

  const create = () => {
    if (compile.isPending) return;
    const parsed = CompileBodySchema.safeParse({ title, passages });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'title') setTitleError(issue.message);
      else setFailure({ message: issue?.message ?? 'Choose at least one passage', stale: false });
      return;
    }
    setTitleError(undefined);
    setFailure(null);
    compile.mutate(
      { bookId: extraction.bookId, extractionId: extraction.id, body: parsed.data },
      {
        onSuccess: ({ bookId }) => {
          toast({
            variant: 'success',
            title: 'Book created',
            description: `“${parsed.data.title}” gathers ${countOf(parsed.data.passages.length, 'passage', 'passages')}. Clean and format it like any other book.`,
          });
          setOpen(false);
          navigate(`/book/${encodeURIComponent(bookId)}`);
        },
        onError: (error) =>
          setFailure({ message: getErrorMessage(error, 'Failed to create the book'), stale: getErrorStatus(error) === 409 }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button disabled={passages.length === 0} className="w-full sm:w-auto">
          <BookPlus aria-hidden="true" /> Create a book from these passages
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            create();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <DialogTitle>Create a book from these passages</DialogTitle>
            <DialogDescription>
              A new book of {countOf(passages.length, 'passage', 'passages')} on “{extraction.topic}”, in the order you set, each under its own
              heading. “{bookTitle}” itself is not changed.
            </DialogDescription>
          </div>

          <Field label="Title of the new book" error={titleError}>
            {(control) => (
              <Input
                {...control}
                value={title}
                maxLength={COMPILED_TITLE_MAX_CHARS}
                onChange={(event) => setTitle(event.target.value)}
                readOnly={compile.isPending}
              />
            )}
          </Field>

          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-ink">Passages, in order</p>
            <ol aria-label="Passages of the new book" className="max-h-52 overflow-y-auto rounded-lg border border-line bg-paper px-4 py-2 text-sm">
              {passages.map(({ passageId, widen }, i) => (
                <li key={passageId} className="flex gap-2 py-1">
                  <span className="w-6 shrink-0 text-right text-muted tabular-nums">{i + 1}.</span>
                  <span className="min-w-0 text-ink-soft">
                    {names.get(passageId) ?? passageId}
                    {widen && <span className="text-muted"> (whole section)</span>}
                  </span>
                </li>
              ))}
            </ol>
            {overlapping && (
              <p className="text-[0.8125rem] text-muted">
                Some excerpts lie in a section you take whole: their text is printed once, where the whole section stands.
              </p>
            )}
          </div>

          {failure && (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive">
              <p>
                <span className="font-semibold">The book could not be created.</span> {failure.message}
              </p>
              {failure.stale && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setOpen(false);
                    onRunAgain();
                  }}
                >
                  <RotateCcw aria-hidden="true" /> Run the extraction again
                </Button>
              )}
            </div>
          )}

          <DialogFooter>
            <Button variant="secondary" onClick={() => openChange(false)} disabled={compile.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={compile.isPending || passages.length === 0}>
              {compile.isPending ? <Spinner /> : <BookPlus aria-hidden="true" />}
              {compile.isPending ? 'Creating...' : 'Create book'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
