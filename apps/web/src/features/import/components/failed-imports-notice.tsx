import { CircleAlert, X } from 'lucide-react';
import type { ImportCollectionResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';

type FailedImportsNoticeProps = {
  failedImports: ImportCollectionResponse['failedImports'];
  onDismiss: () => void;
};

/**
 * Shown on the workspace of a collection just created when some of its URLs could not be imported: each
 * URL with the reason the server gave, so the person can fix it (the issue: "a URL that fails is reported by
 * name and the others still import").
 */
export function FailedImportsNotice({ failedImports, onDismiss }: FailedImportsNoticeProps) {
  if (failedImports.length === 0) return null;
  const count = failedImports.length;
  return (
    <section
      aria-labelledby="failed-imports-title"
      className="relative rounded-xl border border-destructive/25 bg-destructive-soft/70 p-4 pr-12 sm:p-5 sm:pr-14"
    >
      <div className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-0">
          <h2 id="failed-imports-title" className="text-sm font-semibold text-ink">
            {count === 1 ? '1 text of the collection could not be imported' : `${count} texts of the collection could not be imported`}
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">The book was made from the others. Check these addresses:</p>
          <ul className="mt-3 flex flex-col gap-2">
            {failedImports.map((failure) => (
              <li key={failure.url} className="text-sm">
                <span className="block font-medium break-all text-ink">{failure.url}</span>
                <span className="text-ink-soft">{failure.message}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <Button variant="ghost" size="icon" className="absolute top-2 right-2 size-8" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
