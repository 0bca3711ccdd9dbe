import { useId, type KeyboardEvent, type Ref } from 'react';
import { Search, Sparkles } from 'lucide-react';
import { TOPIC_MAX_CHARS } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { FieldError } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ExtractTopicChips } from './extract-topic-chips.tsx';

type ExtractTopicFormProps = {
  topic: string;
  onTopicChange: (topic: string) => void;
  /** The validation message under the field, or null. */
  error: string | null;
  /** An extraction is running: the form waits (and cannot be sent twice). */
  pending: boolean;
  /** The topic shown in the results, marked among the suggestions. */
  shownTopic: string | null;
  onSubmit: () => void;
  onPickTopic: (topic: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Extract tab → the topic field, the Extract button and the suggested topics. The button is disabled while the
 * topic is empty (workspace spec section 5); Enter in the empty field still says why nothing happens.
 */
export function ExtractTopicForm({ topic, onTopicChange, error, pending, shownTopic, onSubmit, onPickTopic, inputRef }: ExtractTopicFormProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const empty = topic.trim() === '';

  // A disabled submit button blocks the browser's submit-on-Enter, which would leave an empty Enter unexplained.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && empty) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <form
      noValidate
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>Topic</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <Input
              ref={inputRef}
              id={id}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              spellCheck
              maxLength={TOPIC_MAX_CHARS}
              placeholder="e.g. mercy, or the sea"
              className="pl-9"
              value={topic}
              readOnly={pending}
              onChange={(event) => onTopicChange(event.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            />
          </div>
          <Button type="submit" className="sm:min-w-32" disabled={empty || pending}>
            {pending ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {pending ? 'Extracting...' : 'Extract'}
          </Button>
        </div>
        {error && <FieldError id={errorId}>{error}</FieldError>}
        <p id={hintId} className="text-[0.8125rem] text-muted">
          Quire also looks for the topic’s synonyms and related words, and tells you which.
        </p>
      </div>
      <ExtractTopicChips active={pending ? topic : shownTopic} disabled={pending} onPick={onPickTopic} />
    </form>
  );
}
