import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, TriangleAlert, WandSparkles } from 'lucide-react';
import type { AiCleanupStatus, Book } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useAiCleanupStatus, useStartAiCleanup } from '../../api/ai-cleanup.ts';
import { bookKeys } from '../../api/book-keys.ts';

/** Shown instead of the button when the server has no AI service configured. */
export const AI_UNAVAILABLE_NOTE = 'AI cleanup is not available on this server (no AI service is configured).';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function Progress({ status }: { status: AiCleanupStatus }) {
  const total = status.chunksTotal;
  const percent = total > 0 ? Math.round((status.chunksDone / total) * 100) : 0;
  const label = total > 0 ? `${status.chunksDone} of ${total} chunks` : 'Choosing the paragraphs to check...';
  return (
    <div className="flex flex-col gap-2" role="status">
      <div
        role="progressbar"
        aria-label="AI cleanup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-paper-deep"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink-soft">{label}</p>
    </div>
  );
}

/**
 * The optional AI pass of the Clean tab: it sends the paragraphs that look damaged by OCR to the
 * server's AI service and keeps only character-level fixes. Polls the status while it runs, and
 * refreshes the book (text and report) when it ends.
 */
export function AiCleanupPanel({ book }: { book: Book }) {
  const queryClient = useQueryClient();
  const statusQuery = useAiCleanupStatus(book.id);
  const start = useStartAiCleanup();
  const status = statusQuery.data;

  // When a run ends, the server has written the corrected text and report: show them.
  const previous = useRef<AiCleanupStatus['state'] | undefined>(undefined);
  useEffect(() => {
    const state = status?.state;
    if (previous.current === 'running' && state === 'done') {
      void queryClient.invalidateQueries({ queryKey: bookKeys.detail(book.id) });
      toast({ variant: 'success', title: 'AI cleanup finished' });
    } else if (previous.current === 'running' && state === 'failed') {
      toast({ variant: 'destructive', title: 'AI cleanup failed', description: status?.message });
    }
    previous.current = state;
  }, [status?.state, status?.message, book.id, queryClient]);

  const run = () =>
    start.mutate(book.id, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'AI cleanup failed', description: getErrorMessage(error, 'Could not start AI cleanup') }),
    });

  const running = status?.state === 'running';
  return (
    <Card role="region" aria-labelledby="ai-cleanup-title">
      <CardHeader>
        <CardTitle id="ai-cleanup-title" className="text-lg">
          AI cleanup (optional)
        </CardTitle>
        <CardDescription>
          An AI model proofreads the paragraphs that look damaged by OCR (misread letters such as “tbe”, stray symbols,
          words split by the scan). It never rewrites: an edit is kept only when it changes a few characters, and
          refused otherwise.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {statusQuery.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : statusQuery.isError ? (
          <p className="text-sm text-muted">{getErrorMessage(statusQuery.error, 'The AI cleanup status could not be loaded.')}</p>
        ) : !status?.available ? (
          <p className="text-sm text-muted">{AI_UNAVAILABLE_NOTE}</p>
        ) : (
          <>
            {running && <Progress status={status} />}
            {status.state === 'done' && (
              <div role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft/60 px-4 py-3 text-sm text-accent-ink">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <div>
                  <p>
                    AI cleanup finished: {plural(status.paragraphsChanged, 'paragraph', 'paragraphs')} corrected,{' '}
                    {plural(status.paragraphsRejected, 'edit', 'edits')} refused.
                  </p>
                  {status.message && <p className="mt-1">{status.message}</p>}
                </div>
              </div>
            )}
            {status.state === 'failed' && (
              <div role="alert" className="flex items-start gap-2 rounded-lg bg-destructive-soft px-4 py-3 text-sm text-destructive">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <p>{status.message ?? 'AI cleanup failed. The text was not changed.'}</p>
              </div>
            )}
            <div>
              <Button variant="secondary" onClick={run} disabled={running || start.isPending}>
                {running || start.isPending ? <Spinner /> : <WandSparkles aria-hidden="true" />}
                {running ? 'Running AI cleanup...' : 'Run AI cleanup'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
