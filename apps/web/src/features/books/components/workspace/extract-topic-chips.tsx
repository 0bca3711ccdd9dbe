import { useId } from 'react';
import { SUGGESTED_TOPICS } from '@quire/contracts';
import { cn } from '../../../../lib/cn.ts';

/**
 * Extract tab → the suggested topics (workspace spec section 9), as buttons. Picking one searches for it at once,
 * as a suggestion under a search box does; the topic being searched or shown is marked pressed.
 */
export function ExtractTopicChips({ active, disabled, onPick }: { active: string | null; disabled: boolean; onPick: (topic: string) => void }) {
  const labelId = useId();
  const current = active?.trim().toLocaleLowerCase('en') ?? null;
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-ink">
        Suggested topics
      </p>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {SUGGESTED_TOPICS.map((topic) => {
          const pressed = current === topic.toLocaleLowerCase('en');
          return (
            <li key={topic}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={disabled}
                onClick={() => onPick(topic)}
                className={cn(
                  'inline-flex h-8 items-center rounded-full border px-3.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                  'disabled:cursor-not-allowed disabled:opacity-55',
                  pressed
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-line-strong bg-surface text-ink-soft hover:border-accent/60 hover:bg-accent-soft/60 hover:text-accent-ink',
                )}
              >
                {topic}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
