import { useId, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';

/** Adds `value` to `list` when it is non-empty after trimming and not already present (workspace spec section 5). */
export function addChip(list: readonly string[], value: string): string[] {
  const trimmed = value.trim();
  if (!trimmed || list.includes(trimmed)) return [...list];
  return [...list, trimmed];
}

type ChipInputProps = {
  label: string;
  /** Singular name for buttons: "keyword", "category". */
  itemName: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
};

/** A list of short texts: type, press Enter or Add; each chip can be removed. */
export function ChipInput({ label, itemName, value, onChange, placeholder, hint, disabled }: ChipInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [draft, setDraft] = useState('');

  const add = () => {
    onChange(addChip(value, draft));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-describedby={hint ? hintId : undefined}
          disabled={disabled}
        />
        <Button variant="secondary" onClick={add} disabled={disabled || !draft.trim()} aria-label={`Add ${itemName}`}>
          <Plus aria-hidden="true" />
          <span className="hidden sm:inline">Add</span>
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="text-[0.8125rem] text-muted">
          {hint}
        </p>
      )}
      {value.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`${label} added`}>
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full border border-line-strong bg-paper-deep/70 py-0.5 pr-1 pl-3 text-sm text-ink"
            >
              {item}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== item))}
                disabled={disabled}
                aria-label={`Remove ${itemName} ${item}`}
                className="flex size-5 items-center justify-center rounded-full text-muted transition-colors hover:bg-line hover:text-ink focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
