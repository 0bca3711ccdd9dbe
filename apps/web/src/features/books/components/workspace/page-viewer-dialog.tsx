import type { RefObject } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PreviewPage } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../../components/ui/dialog.tsx';

/**
 * One rendered page at reading size (a phone shows preview pages too small to judge type): the page, its number
 * and side, Previous and Next (and the arrow keys) through the pages shown. `index` is the page open, null when
 * closed.
 */
export function PageViewerDialog({
  pages,
  index,
  onIndexChange,
  trim,
  returnFocusTo,
}: {
  pages: readonly PreviewPage[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  trim: { widthIn: number; heightIn: number };
  /** The element focused again on close (the dialog has no trigger of its own: it opens from any page). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const page = index === null ? undefined : pages[index];
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < pages.length) onIndexChange(next);
  };
  return (
    <Dialog open={page !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="max-w-3xl gap-3 p-4 sm:p-6"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') go(-1);
          if (event.key === 'ArrowRight') go(1);
        }}
      >
        {page && (
          <>
            <DialogTitle className="text-lg">Page {page.pageNumber}</DialogTitle>
            <DialogDescription>
              {page.side === 'single' ? 'As it will print.' : `A ${page.side} page, as it will print.`} Use the arrow keys to turn pages.
            </DialogDescription>
            <div
              className="mx-auto w-full max-w-[min(100%,calc((100dvh-12rem)*var(--trim-ratio)))] bg-white shadow-[0_1px_2px_rgb(29_26_22/0.12),0_4px_14px_-6px_rgb(29_26_22/0.25)]"
              style={{ aspectRatio: `${trim.widthIn} / ${trim.heightIn}`, ['--trim-ratio' as string]: String(trim.widthIn / trim.heightIn) }}
            >
              <img src={page.imageDataUrl} alt={`Page ${page.pageNumber}, enlarged`} className="block size-full object-contain" />
            </div>
            <div className="flex items-center justify-between gap-2">
              <Button variant="secondary" size="sm" onClick={() => go(-1)} disabled={index === 0}>
                <ChevronLeft aria-hidden="true" /> Previous
              </Button>
              <span className="text-sm text-muted tabular-nums">
                {index! + 1} of {pages.length}
              </span>
              <Button variant="secondary" size="sm" onClick={() => go(1)} disabled={index === pages.length - 1}>
                Next <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
