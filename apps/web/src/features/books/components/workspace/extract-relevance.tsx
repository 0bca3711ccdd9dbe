import { percent, relevanceLabel } from '../../lib/extraction-display.ts';

/**
 * A passage's relevance: a small meter, its percent and a word for it. The meter carries the whole reading for
 * screen readers ("87%, strong match"), so the visible words are not read twice.
 */
export function ExtractRelevance({ score }: { score: number }) {
  const value = Math.round(Math.min(1, Math.max(0, score)) * 100);
  const label = relevanceLabel(score);
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <div
        role="meter"
        aria-label="Relevance"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${percent(score)}, ${label.toLocaleLowerCase('en')}`}
        className="h-1.5 w-14 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${value}%` }} />
      </div>
      <span aria-hidden="true" className="text-sm font-semibold text-ink tabular-nums">
        {percent(score)}
      </span>
      <span aria-hidden="true" className="text-xs text-muted">
        {label}
      </span>
    </div>
  );
}
