import { useId } from 'react';
import { BookOpenText, ChevronDown, ChevronUp, Expand } from 'lucide-react';
import type { ExtractionSection } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { highlightRuns, sourceDetails } from '../../lib/extraction-display.ts';
import { ExtractRelevance } from './extract-relevance.tsx';

/** The id of a passage's move button, so that focus can follow the passage it moved. */
export function moveButtonId(prefix: string, passageId: string, direction: 'up' | 'down'): string {
  return `${prefix}-${direction}-${passageId}`;
}

/** A preview with the matched words marked (plain text runs; nothing is parsed as markup). */
function HighlightedPreview({ section }: { section: ExtractionSection }) {
  return (
    <blockquote className="border-l-2 border-line-strong pl-3 font-display text-[0.9375rem] leading-relaxed text-ink-soft [overflow-wrap:anywhere]">
      {highlightRuns(section.contentPreview, section.highlights).map((run, i) =>
        run.marked ? (
          <mark key={i} className="rounded-[3px] bg-accent-soft font-medium text-accent-ink [box-decoration-break:clone]">
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </blockquote>
  );
}

type PassageCardProps = {
  section: ExtractionSection;
  /** The name that tells this passage from the others (see `passageNames`), for its controls' labels. */
  name: string;
  /** 1-based place in the user's order. */
  position: number;
  total: number;
  included: boolean;
  /** The excerpt will be taken as its whole section. */
  widened: boolean;
  /** Prefix of the move buttons' ids (see {@link moveButtonId}). */
  idPrefix: string;
  /** The extraction is out of date: the passage can be looked at, not read in full, chosen or moved. */
  readOnly: boolean;
  onIncludedChange: (included: boolean) => void;
  onMove: (step: -1 | 1) => void;
  onRead: () => void;
};

/**
 * Extract tab → one passage found: its title, where it stands in the book, its relevance and themes, its preview
 * with the matched words marked, and the controls that put it in the book, move it and open it in full.
 */
export function ExtractPassageCard({ section, name, position, total, included, widened, idPrefix, readOnly, onIncludedChange, onMove, onRead }: PassageCardProps) {
  const titleId = useId();
  const { source } = section;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 transition-colors sm:p-5',
        included || readOnly ? 'border-line bg-surface' : 'border-dashed border-line-strong bg-paper/60',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          {!readOnly && (
            <input
              type="checkbox"
              checked={included}
              onChange={(event) => onIncludedChange(event.target.checked)}
              aria-label={`Include “${name}” in the book`}
              className="mt-1 size-4 shrink-0 cursor-pointer accent-accent"
            />
          )}
          <h4 id={titleId} className={cn('min-w-0 font-display text-lg leading-snug font-semibold', included || readOnly ? 'text-ink' : 'text-ink-soft')}>
            <span className="mr-1.5 text-muted tabular-nums">{position}.</span>
            {section.title}
          </h4>
        </div>
        <div className={cn('sm:pt-1', !readOnly && 'pl-7 sm:pl-0')}>
          <ExtractRelevance score={section.relevanceScore} />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <Badge variant={source.kind === 'window' ? 'outline' : 'secondary'}>{source.kind === 'window' ? 'Excerpt' : 'Whole section'}</Badge>
        {/* One run of text, each dot held to the detail before it, so that a wrapped line never starts with one. */}
        <p className="min-w-0">{sourceDetails(source, section.title).join('\u00a0· ')}</p>
      </div>

      <HighlightedPreview section={section} />

      {section.themes.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-muted">Themes:</span>
          {section.themes.map((theme) => (
            <Badge key={theme} variant="secondary">
              {theme}
            </Badge>
          ))}
        </div>
      )}

      {!readOnly && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={onRead} aria-describedby={titleId}>
              <BookOpenText aria-hidden="true" /> Read passage
            </Button>
            {widened && (
              <Badge variant="outline" className="border-accent/50 text-accent-ink">
                <Expand aria-hidden="true" /> Whole section in the book
              </Badge>
            )}
            {!included && <span className="text-xs font-medium text-muted">Left out of the book</span>}
          </div>
          <div className="flex items-center gap-1">
            <Button
              id={moveButtonId(idPrefix, section.passageId, 'up')}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move “${name}” up`}
              disabled={position === 1}
              onClick={() => onMove(-1)}
            >
              <ChevronUp aria-hidden="true" />
            </Button>
            <Button
              id={moveButtonId(idPrefix, section.passageId, 'down')}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move “${name}” down`}
              disabled={position === total}
              onClick={() => onMove(1)}
            >
              <ChevronDown aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
