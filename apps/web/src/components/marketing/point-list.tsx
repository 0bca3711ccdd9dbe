import { Check, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * One point of a PointList: its title, a sentence of detail, an optional kicker above the title ('Days 1-2') and, on
 * an `icons` card, its icon. An `arrows` list shows the title alone, so its points have no detail.
 */
export interface Point {
  title: string;
  detail?: string;
  kicker?: string;
  icon?: LucideIcon;
}

/**
 * The two sizes of `icons` cards: `md` cards (a 40 px icon tile, an 18 px title with the detail just under it, in
 * muted text) fill one column on phones, two from `sm` and three from `lg`, for a grid of six; `lg` cards (a 44 px
 * icon tile, a 20 px title, 16 px between tile, title and detail) stack on phones and stand three in a row from `md`,
 * for three.
 */
const ICON_CARDS = {
  md: {
    list: 'sm:grid-cols-2 lg:grid-cols-3',
    card: '',
    icon: 'size-10',
    title: 'mt-4 text-lg text-ink',
    detail: 'mt-1.5 text-muted',
  },
  lg: {
    list: 'md:grid-cols-3',
    card: 'flex flex-col gap-4',
    icon: 'size-11',
    title: 'text-xl',
    detail: 'text-ink-soft',
  },
} as const;

/**
 * The public pages' list of points over data, always a list (`ul`, or `ol` for steps) of `li`s:
 * - `checks`: an unordered list of features, each with a check mark, in two columns from tablets up;
 * - `steps`: an ordered list of numbered cards, side by side from `md` up (`columns` of them, 3 to 5) and stacked on
 *   phones;
 * - `icons`: an unordered list of cards, each with its point's icon (decorative, hidden from screen readers) over its
 *   title as a level-3 heading (for a list under a section's h2) and its detail, `size` setting the cards and their
 *   grid (see ICON_CARDS);
 * - `arrows`: an unordered list of one-line changes in small text, each after a decorative arrow, in two columns from
 *   `sm` up; a point shows its title only.
 * The list sets no margin around itself: a caller that needs one wraps it.
 */
export function PointList({ points, marker, columns = 5, size = 'md', label }: {
  points: readonly Point[];
  marker: 'checks' | 'steps' | 'icons' | 'arrows';
  /** Cards per row from `md` up, for steps. */
  columns?: 3 | 4 | 5;
  /** The size of the cards and their grid, for icons. */
  size?: keyof typeof ICON_CARDS;
  /** An accessible name for the list when no heading labels it. */
  label?: string;
}) {
  if (marker === 'checks') {
    return (
      <ul aria-label={label} className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
        {points.map((point) => (
          <li key={point.title} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Check aria-hidden="true" className="size-3.5" />
            </span>
            <PointText point={point} />
          </li>
        ))}
      </ul>
    );
  }
  if (marker === 'icons') {
    const card = ICON_CARDS[size];
    return (
      <ul aria-label={label} className={cn('grid gap-5', card.list)}>
        {points.map((point) => (
          <li key={point.title} className={cn(card.card, 'rounded-xl border border-line bg-surface p-6 shadow-card')}>
            {point.icon && (
              <span className={cn('flex items-center justify-center rounded-lg bg-accent-soft text-accent-ink', card.icon)}>
                <point.icon aria-hidden="true" className="size-5" />
              </span>
            )}
            <h3 className={cn(card.title, 'font-display font-semibold')}>{point.title}</h3>
            {point.detail && <p className={cn(card.detail, 'text-sm leading-relaxed')}>{point.detail}</p>}
          </li>
        ))}
      </ul>
    );
  }
  if (marker === 'arrows') {
    return (
      <ul aria-label={label} className="grid gap-x-8 gap-y-2 text-sm text-ink-soft sm:grid-cols-2">
        {points.map((point) => (
          <li key={point.title} className="flex gap-2">
            <span aria-hidden="true" className="text-accent">
              →
            </span>
            {point.title}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ol aria-label={label} className={cn('grid gap-4', { 3: 'md:grid-cols-3', 4: 'md:grid-cols-4', 5: 'md:grid-cols-5' }[columns])}>
      {points.map((point, i) => (
        <li key={point.title} className="flex gap-4 rounded-xl border border-line bg-surface p-4 shadow-card md:flex-col md:gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-on-accent tabular-nums">
            {i + 1}
          </span>
          <PointText point={point} />
        </li>
      ))}
    </ol>
  );
}

function PointText({ point }: { point: Point }) {
  return (
    <div>
      {point.kicker && <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase">{point.kicker}</p>}
      <p className={cn('font-semibold text-ink', point.kicker ? 'mt-0.5' : 'font-medium')}>{point.title}</p>
      {point.detail && <p className="mt-1 text-sm text-ink-soft">{point.detail}</p>}
    </div>
  );
}
