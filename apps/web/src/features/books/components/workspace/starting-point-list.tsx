import { useState } from 'react';
import { CircleCheck, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { StartingPoint } from '../../lib/starting-points.ts';

function PointButton({ point, selected, loading, onSelect }: { point: StartingPoint; selected: boolean; loading: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'flex w-full min-w-0 flex-1 flex-col gap-0.5 rounded-lg border bg-surface px-3.5 py-2.5 text-left transition-colors',
        'hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        selected ? 'border-accent bg-accent-soft/50 ring-1 ring-accent' : 'border-line',
      )}
    >
      <span className="flex items-center gap-1.5 font-medium text-ink">
        {selected && (loading ? <Spinner className="text-accent" /> : <CircleCheck aria-hidden="true" className="size-4 text-accent" />)}
        {point.name}
      </span>
      <span className="truncate text-[0.8125rem] text-muted" title={point.fontLabel}>
        {point.fontLabel}
      </span>
    </button>
  );
}

function Group({
  title,
  points,
  selectedId,
  loadingId,
  onSelect,
  onDelete,
  empty,
}: {
  title: string;
  points: StartingPoint[];
  selectedId: string | null;
  loadingId: string | null;
  onSelect: (point: StartingPoint) => void;
  onDelete?: (point: StartingPoint) => void;
  empty?: string;
}) {
  return (
    <section className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-ink">{title}</h4>
      {points.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-label={title} className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {points.map((p) => (
            <li key={p.id} className="flex min-w-0 items-stretch gap-1">
              <PointButton point={p} selected={selectedId === p.id} loading={loadingId === p.id} onSelect={() => onSelect(p)} />
              {onDelete && (
                <Button variant="ghost" size="icon" className="h-auto self-stretch" aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Advanced Custom → Templates: the starting points in three groups (book templates, style guides, the user's own
 * templates, each of these with a delete action behind a confirmation). Picking one loads its settings.
 */
export function StartingPointList({
  points,
  selectedId,
  loadingId,
  onSelect,
  onDelete,
  deleting,
}: {
  points: StartingPoint[];
  selectedId: string | null;
  /** The point whose settings are being fetched. */
  loadingId: string | null;
  onSelect: (point: StartingPoint) => void;
  onDelete: (point: StartingPoint, done: () => void) => void;
  deleting: boolean;
}) {
  const [toDelete, setToDelete] = useState<StartingPoint | null>(null);
  const groupProps = { selectedId, loadingId, onSelect };
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-soft">
        Start from a template or a style guide: its settings load into Typography and Layout, where you can change them.
      </p>
      <Group title="Book templates" points={points.filter((p) => p.kind === 'template')} {...groupProps} />
      <Group title="Style guides" points={points.filter((p) => p.kind === 'guide')} {...groupProps} />
      <Group
        title="Your templates"
        points={points.filter((p) => p.kind === 'custom')}
        empty="Templates you save appear here. Name your settings below and choose Save Template."
        onDelete={setToDelete}
        {...groupProps}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={<>Delete “{toDelete?.name}”?</>}
        description="The template leaves your list. Books already formatted with it keep their layout."
        cancelLabel="Keep template"
        confirmLabel="Delete template"
        pendingLabel="Deleting..."
        spinner
        pending={deleting}
        onConfirm={() => {
          if (toDelete) onDelete(toDelete, () => setToDelete(null));
        }}
      />
    </div>
  );
}
