import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff, RefreshCw } from 'lucide-react';
import type { Cover } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { cn } from '../../../../lib/cn.ts';
import { coverImageQueryOptions } from '../../api/cover-files.ts';
import { useObjectUrl } from '../../hooks/use-object-url.ts';

/** The alt text of a cover image (issue: "Cover of <title>"). */
export function coverAlt(cover: Pick<Cover, 'text'>): string {
  return `Cover of ${cover.text.title}`;
}

/**
 * A cover's e-book JPEG (1600 x 2560 px, 5:8), fetched with the bearer token and shown through an object URL; a
 * skeleton while it loads, the previous version (dimmed) while an edited one loads, and a retry when it fails. The
 * image is not lazy: its bytes are already in memory, and a lazy image would stay blank in a full-page capture.
 */
export function CoverImage({ cover, className }: { cover: Cover; className?: string }) {
  const image = useQuery({ ...coverImageQueryOptions(cover), placeholderData: keepPreviousData });
  const url = useObjectUrl(image.data);
  const updating = image.isPlaceholderData;
  return (
    <div
      className={cn(
        'relative aspect-[5/8] w-full overflow-hidden rounded-[3px] bg-paper-deep shadow-[0_1px_2px_rgb(29_26_22/0.14),0_8px_20px_-8px_rgb(29_26_22/0.35)]',
        className,
      )}
      aria-busy={image.isFetching}
    >
      {url ? (
        <img
          src={url}
          alt={coverAlt(cover)}
          width={1600}
          height={2560}
          decoding="async"
          className={cn('block size-full object-cover transition-opacity duration-200', updating && 'opacity-50')}
        />
      ) : image.isError ? (
        <div role="img" aria-label={`${coverAlt(cover)} (could not be loaded)`} className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-xs text-muted">
          <ImageOff aria-hidden="true" className="size-6" />
          <span aria-hidden="true">The image could not be loaded.</span>
          <Button variant="secondary" size="sm" onClick={() => void image.refetch()} aria-label={`Load ${coverAlt(cover)} again`}>
            <RefreshCw aria-hidden="true" /> Retry
          </Button>
        </div>
      ) : (
        <Skeleton className="size-full rounded-none" />
      )}
    </div>
  );
}
