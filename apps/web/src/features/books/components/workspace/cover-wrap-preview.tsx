import { useId, useState, type ReactNode, type SVGProps } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import type { Cover, WrapGeometry } from '@quire/contracts';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { cn } from '../../../../lib/cn.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { WRAP_PREVIEW_WIDTH_PX, wrapPreviewQueryOptions } from '../../api/cover-files.ts';
import { useObjectUrl } from '../../hooks/use-object-url.ts';
import { wrapFigures, wrapGuides, type PercentRect } from '../../lib/wrap-guides.ts';

/** Colours of the guides: each drawn over a dark halo so that it shows on light and dark covers alike. */
const GUIDE = { trim: '#e11d48', fold: '#2563eb', safe: '#10b981', bleed: 'rgb(225 29 72 / 0.22)' } as const;
const HALO = 'rgb(0 0 0 / 0.45)';

const pct = (n: number) => `${n}%`;

function Rect({ box, ...props }: { box: PercentRect } & SVGProps<SVGRectElement>) {
  return <rect x={pct(box.x)} y={pct(box.y)} width={pct(box.width)} height={pct(box.height)} {...props} />;
}

/** A line or box drawn twice: a dark halo under the guide's colour. */
function HaloRect({ box, stroke, dashed = false }: { box: PercentRect; stroke: string; dashed?: boolean }) {
  const dash = dashed ? '5 4' : undefined;
  return (
    <>
      <Rect box={box} fill="none" stroke={HALO} strokeWidth={3} strokeDasharray={dash} />
      <Rect box={box} fill="none" stroke={stroke} strokeWidth={1.25} strokeDasharray={dash} />
    </>
  );
}

function Fold({ x }: { x: number }) {
  return (
    <>
      <line x1={pct(x)} x2={pct(x)} y1="0" y2="100%" stroke={HALO} strokeWidth={3} />
      <line x1={pct(x)} x2={pct(x)} y1="0" y2="100%" stroke={GUIDE.fold} strokeWidth={1.25} />
    </>
  );
}

/**
 * The print guides over the wrap, in percent of it: the bleed shaded outside the trim line, the spine folds, the
 * safe areas (dashed) and the barcode box.
 */
export function WrapGuidesOverlay({ geometry }: { geometry: WrapGeometry }) {
  const g = wrapGuides(geometry);
  const { trim } = g;
  const right = trim.x + trim.width;
  const bottom = trim.y + trim.height;
  const barcodeCentre = { x: g.barcode.x + g.barcode.width / 2, y: g.barcode.y + g.barcode.height / 2 };
  return (
    <svg
      role="img"
      aria-label="Print guides: trim line, spine folds, safe areas and the barcode area"
      data-testid="wrap-guides"
      className="pointer-events-none absolute inset-0 size-full overflow-visible"
    >
      {/* The bleed: cut off when the cover is trimmed. */}
      <g fill={GUIDE.bleed}>
        <Rect box={{ x: 0, y: 0, width: 100, height: trim.y }} />
        <Rect box={{ x: 0, y: bottom, width: 100, height: 100 - bottom }} />
        <Rect box={{ x: 0, y: trim.y, width: trim.x, height: trim.height }} />
        <Rect box={{ x: right, y: trim.y, width: 100 - right, height: trim.height }} />
      </g>
      <HaloRect box={trim} stroke={GUIDE.trim} />
      <Fold x={g.folds[0]} />
      <Fold x={g.folds[1]} />
      <HaloRect box={g.safe.back} stroke={GUIDE.safe} dashed />
      <HaloRect box={g.safe.spine} stroke={GUIDE.safe} dashed />
      <HaloRect box={g.safe.front} stroke={GUIDE.safe} dashed />
      <Rect box={g.barcode} fill="rgb(255 255 255 / 0.92)" stroke="#1d1a16" strokeWidth={1} />
      <text
        x={pct(barcodeCentre.x)}
        y={pct(barcodeCentre.y)}
        textAnchor="middle"
        dominantBaseline="central"
        fill="#1d1a16"
        className="font-sans text-[10px] font-semibold sm:text-xs"
      >
        Barcode
      </text>
    </svg>
  );
}

function LegendItem({ label, swatch }: { label: string; swatch: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      <svg aria-hidden="true" viewBox="0 0 18 10" className="h-2.5 w-[1.125rem] shrink-0">
        {swatch}
      </svg>
      {label}
    </li>
  );
}

function Legend() {
  return (
    <ul aria-label="Guide legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-ink-soft">
      <LegendItem label="Trim line" swatch={<line x1="0" x2="18" y1="5" y2="5" stroke={GUIDE.trim} strokeWidth="2" />} />
      <LegendItem label="Spine folds" swatch={<line x1="0" x2="18" y1="5" y2="5" stroke={GUIDE.fold} strokeWidth="2" />} />
      <LegendItem label="Safe area for text" swatch={<line x1="0" x2="18" y1="5" y2="5" stroke={GUIDE.safe} strokeWidth="2" strokeDasharray="4 3" />} />
      <LegendItem label="Bleed, trimmed off" swatch={<rect width="18" height="10" fill="rgb(225 29 72 / 0.35)" />} />
      <LegendItem label="Barcode area, kept empty" swatch={<rect x="0.5" y="0.5" width="17" height="9" fill="#fff" stroke="#1d1a16" />} />
    </ul>
  );
}

/** The wrap's figures: trim, pages, paper, spine width, spine text, full size. */
export function WrapFigures({ geometry }: { geometry: WrapGeometry }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {wrapFigures(geometry).map((f) => (
        <div key={f.label} className="flex min-w-0 flex-col">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{f.label}</dt>
          <dd className="text-ink">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The wrap image with its guides and panel labels. */
function WrapFigure({ cover, geometry, guides }: { cover: Cover; geometry: WrapGeometry; guides: boolean }) {
  const image = useQuery({ ...wrapPreviewQueryOptions(cover, geometry, WRAP_PREVIEW_WIDTH_PX), placeholderData: keepPreviousData });
  const url = useObjectUrl(image.data);
  const g = wrapGuides(geometry);
  return (
    <figure className="flex flex-col gap-2">
      <div className="rounded-xl bg-paper-deep/70 p-2 sm:p-5">
        <div
          className="relative w-full overflow-hidden bg-paper-deep shadow-[0_1px_2px_rgb(29_26_22/0.14),0_8px_20px_-8px_rgb(29_26_22/0.35)]"
          style={{ aspectRatio: `${geometry.widthIn} / ${geometry.heightIn}` }}
          aria-busy={image.isFetching}
        >
          {url ? (
            <img
              src={url}
              alt={`Paperback cover of ${cover.text.title}: back, spine and front`}
              className={cn('block size-full object-fill transition-opacity', image.isPlaceholderData && 'opacity-50')}
            />
          ) : image.isError ? (
            <RetryAlert
              className="size-full items-center justify-center gap-2 rounded-none border-0 bg-transparent p-4 text-center"
              title="The paperback cover could not be drawn."
              message={getErrorMessage(image.error, 'Please try again.')}
              onRetry={() => void image.refetch()}
            />
          ) : (
            <Skeleton className="size-full rounded-none" />
          )}
          {guides && <WrapGuidesOverlay geometry={geometry} />}
          {image.isFetching && url && (
            <span className="absolute top-2 right-2 flex items-center gap-1.5 rounded-md bg-surface/90 px-2 py-1 text-xs text-ink-soft shadow-sm">
              <Spinner /> Updating...
            </span>
          )}
        </div>
        <div aria-hidden="true" className="relative mt-1.5 h-4 text-[0.6875rem] font-medium tracking-wide text-muted uppercase">
          <span className="absolute text-center" style={{ left: `${g.panels.back.x}%`, width: `${g.panels.back.width}%` }}>
            Back
          </span>
          <span className="absolute text-center" style={{ left: `${g.panels.front.x}%`, width: `${g.panels.front.width}%` }}>
            Front
          </span>
        </div>
      </div>
      {guides && (
        <figcaption>
          <Legend />
        </figcaption>
      )}
    </figure>
  );
}

/**
 * Covers tab → the paperback's full wrap (back, spine, front) of a cover, drawn by the server for the book's current
 * page count, with print guides that can be switched off and the figures it is sized from. Before the book is
 * formatted there is no page count, so no wrap: the tab says so.
 */
export function CoverWrapPreview({ cover, geometry }: { cover: Cover; geometry: WrapGeometry | null }) {
  const [guides, setGuides] = useState(true);
  const switchId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 id={headingId} className="font-display text-lg font-semibold">
            Paperback cover
          </h4>
          <p className="text-sm text-ink-soft">The full wrap KDP prints in one piece: back cover, spine and front cover.</p>
        </div>
        {geometry && (
          <div className="flex items-center gap-2.5">
            <Switch id={switchId} checked={guides} onCheckedChange={setGuides} />
            <Label htmlFor={switchId}>Show guides</Label>
          </div>
        )}
      </div>
      {geometry ? (
        <>
          <WrapFigure key={cover.id} cover={cover} geometry={geometry} guides={guides} />
          <WrapFigures geometry={geometry} />
        </>
      ) : (
        <p className="flex items-start gap-2.5 rounded-lg border border-dashed border-line-strong px-4 py-5 text-sm text-ink-soft">
          <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          The paperback cover needs the book formatted first: its spine width comes from the page count. Format the book,
          then come back for the full wrap.
        </p>
      )}
    </section>
  );
}
