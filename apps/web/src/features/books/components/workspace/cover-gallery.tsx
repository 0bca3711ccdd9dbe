import { useId, useState } from 'react';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { BookImage, CircleCheck, Pencil, Trash2 } from 'lucide-react';
import type { Cover } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { cn } from '../../../../lib/cn.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useDeleteCover } from '../../api/delete-cover.ts';
import { useUpdateCover } from '../../api/update-cover.ts';
import { artworkOrigin, coverKindLabel } from '../../lib/cover-catalogue.ts';
import { CoverImage } from './cover-image.tsx';

/** A cover's artwork badge (KDP asks at upload whether a cover contains AI-generated images). */
export function ArtworkBadge({ cover }: { cover: Cover }) {
  const origin = artworkOrigin(cover.artwork);
  return (
    <Badge variant={origin.aiGenerated ? 'outline' : 'secondary'} title={origin.explanation} className={cn(origin.aiGenerated && 'border-accent/50 text-accent-ink')}>
      {origin.label}
    </Badge>
  );
}

/** A cover's badges: 'Book cover' when it is the chosen one, and how its artwork was made. */
export function CoverBadges({ cover }: { cover: Cover }) {
  return (
    <>
      {cover.chosen && (
        <Badge>
          <CircleCheck aria-hidden="true" /> Book cover
        </Badge>
      )}
      <ArtworkBadge cover={cover} />
    </>
  );
}

function GalleryCard({
  cover,
  editing,
  busy,
  choosing,
  onChoose,
  onEdit,
  onDelete,
}: {
  cover: Cover;
  editing: boolean;
  busy: boolean;
  choosing: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        // A row on phones (the image beside its details), a column from sm up.
        'flex min-w-0 flex-row gap-4 rounded-xl border bg-surface p-3 sm:flex-col sm:gap-3 sm:p-4',
        editing ? 'border-accent ring-1 ring-accent' : 'border-line',
      )}
    >
      <div className="w-28 shrink-0 sm:w-auto sm:px-3 sm:pt-1">
        <CoverImage cover={cover} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h4 id={headingId} className="text-sm font-semibold text-ink">
            {coverKindLabel(cover)}
            {editing && <span className="ml-1.5 font-normal text-accent-ink">(editing)</span>}
          </h4>
          <div className="flex flex-wrap gap-1.5">
            <CoverBadges cover={cover} />
          </div>
          <p className="text-xs text-muted">Made {formatDateTime(cover.createdAt)}</p>
        </div>
        <div className="mt-auto flex flex-col gap-1.5">
          {!cover.chosen && (
            <Button variant="secondary" size="sm" className="w-full" onClick={onChoose} disabled={busy}>
              {choosing ? <Spinner /> : <BookImage aria-hidden="true" />}
              {choosing ? 'Choosing...' : 'Use as book cover'}
            </Button>
          )}
          <div className="grid grid-cols-2 gap-1">
            <Button variant="ghost" size="sm" className="px-2" onClick={onEdit} aria-pressed={editing} disabled={busy && !editing}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button variant="ghost" size="sm" className="px-2 text-destructive hover:bg-destructive-soft hover:text-destructive" onClick={onDelete} disabled={busy}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

function GallerySkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your covers" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-row gap-4 rounded-xl border border-line p-3 sm:flex-col sm:gap-3 sm:p-4">
          <Skeleton className="aspect-[5/8] w-28 shrink-0 sm:w-full" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-8 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Covers tab → the gallery of the book's covers, newest first: each one's e-book image, how its artwork was made,
 * the book's cover marked 'Book cover', and Use as book cover, Edit and Delete (after a confirmation). Empty,
 * loading and error states.
 */
export function CoverGallery({
  bookId,
  covers,
  loading,
  error,
  onRetry,
  editingId,
  onEdit,
  disabled,
  making = null,
}: {
  bookId: string;
  covers: Cover[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  editingId: string | null;
  onEdit: (coverId: string) => void;
  /** A cover is being made: wait. */
  disabled: boolean;
  /** What is being made (`Bold template`), shown as a card in the making; null when nothing is. */
  making?: string | null;
}) {
  const update = useUpdateCover();
  const remove = useDeleteCover();
  const [toDelete, setToDelete] = useState<Cover | null>(null);
  const busy = disabled || update.isPending || remove.isPending;
  const choosingId = update.isPending && update.variables?.body.chosen ? update.variables.coverId : null;

  const choose = (cover: Cover) =>
    update.mutate(
      { bookId, coverId: cover.id, body: { chosen: true } },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Book cover chosen', description: 'Your EPUB and the cover downloads now use this cover.' }),
        onError: (err) => toast({ variant: 'destructive', title: 'Could not choose the cover', description: getErrorMessage(err, 'Failed to update the cover') }),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { bookId, coverId: toDelete.id },
      {
        onSuccess: () => {
          setToDelete(null);
          toast({ variant: 'success', title: 'Cover deleted' });
        },
        onError: (err) => {
          setToDelete(null);
          toast({ variant: 'destructive', title: 'Delete failed', description: getErrorMessage(err, 'Failed to delete the cover') });
        },
      },
    );
  };

  return (
    <section aria-labelledby="cover-gallery-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id="cover-gallery-title" className="scroll-mt-24 font-display text-lg font-semibold">
            Your covers
          </h3>
          <p className="mt-1 text-sm text-ink-soft">The one marked Book cover goes into your EPUB and the cover downloads.</p>
        </div>
        {covers && covers.length > 0 && (
          <p className="text-sm text-muted">
            {covers.length} {covers.length === 1 ? 'cover' : 'covers'}
          </p>
        )}
      </div>

      {loading ? (
        <GallerySkeleton />
      ) : error ? (
        <RetryAlert title="Your covers could not be loaded." message={getErrorMessage(error, 'Please try again.')} onRetry={onRetry} />
      ) : (!covers || covers.length === 0) && !making ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong px-6 py-10 text-center">
          <BookImage aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink">No covers yet</p>
          <p className="max-w-md text-sm text-muted">Generate one from a template or a style above, or upload your own artwork. Your covers appear here.</p>
        </div>
      ) : (
        <ul aria-label="Covers" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {making && (
            <li aria-hidden="true" className="flex min-w-0 flex-row gap-4 rounded-xl border border-dashed border-line-strong p-3 sm:flex-col sm:gap-3 sm:p-4">
              <div className="w-28 shrink-0 sm:w-auto sm:px-3 sm:pt-1">
                <div className="flex aspect-[5/8] w-full animate-pulse items-center justify-center rounded-[3px] bg-paper-deep">
                  <Spinner className="size-6 text-muted" />
                </div>
              </div>
              <div className="flex flex-col gap-1.5">
                <p className="text-sm font-semibold text-ink">{making}</p>
                <p className="text-xs text-muted">Being drawn...</p>
              </div>
            </li>
          )}
          {(covers ?? []).map((cover) => (
            <GalleryCard
              key={cover.id}
              cover={cover}
              editing={cover.id === editingId}
              busy={busy}
              choosing={choosingId === cover.id}
              onChoose={() => choose(cover)}
              onEdit={() => onEdit(cover.id)}
              onDelete={() => setToDelete(cover)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this cover?"
        description={
          <>
            This cover{toDelete ? ` (${coverKindLabel(toDelete)})` : ''} and its files are removed. This cannot be undone.
            {toDelete?.chosen && ' It is your book cover: your newest other cover takes its place.'}
          </>
        }
        cancelLabel="Keep cover"
        confirmLabel={
          <>
            <Trash2 aria-hidden="true" />
            Delete cover
          </>
        }
        pendingLabel="Deleting..."
        spinner
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
