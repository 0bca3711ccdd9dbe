import { useId, useState } from 'react';
import { Check, Save, TriangleAlert, Undo2 } from 'lucide-react';
import { COVER_TEXT_LIMITS, CoverTextSchema, type Cover, type CoverOptions, type CoverPalette, type CoverText } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { cn } from '../../../../lib/cn.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useUpdateCover } from '../../api/update-cover.ts';
import { MIN_COVER_CONTRAST, contrastRatio } from '../../lib/colour-contrast.ts';

type TextField = keyof CoverText;
type Draft = { text: CoverText; palette: CoverPalette };

const PALETTE_KEYS = ['background', 'text', 'accent'] as const;
const PALETTE_LABELS: Record<(typeof PALETTE_KEYS)[number], string> = { background: 'Background', text: 'Text', accent: 'Accent' };

function draftOf(cover: Cover): Draft {
  return { text: { ...cover.text }, palette: { ...cover.palette } };
}

function samePalette(a: CoverPalette, b: CoverPalette): boolean {
  return PALETTE_KEYS.every((k) => a[k].toLowerCase() === b[k].toLowerCase());
}

function sameDraft(a: Draft, b: Draft): boolean {
  return (Object.keys(a.text) as TextField[]).every((k) => a.text[k] === b.text[k]) && samePalette(a.palette, b.palette);
}

const count = (n: number, limit: number) => `${n.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} characters`;

/** Three dots of a palette: ground, type, accent. */
function PaletteDots({ palette }: { palette: CoverPalette }) {
  return (
    <span aria-hidden="true" className="flex -space-x-1.5">
      {PALETTE_KEYS.map((k) => (
        <span key={k} className="size-5 rounded-full border border-ink/15 shadow-sm" style={{ backgroundColor: palette[k] }} />
      ))}
    </span>
  );
}

/**
 * Covers tab → the editor of one cover: its words (title, subtitle, author, back-cover text, within the contract's
 * `COVER_TEXT_LIMITS`) and its colours (the palettes suggested for the book's genre, or any three colours). Save
 * sends the changes (PATCH); the server draws the cover again. A refusal (400 naming the field) is shown with the
 * server's words and the edits stay in the form.
 */
export function CoverEditor({ cover, options }: { cover: Cover; options: CoverOptions | undefined }) {
  const update = useUpdateCover();
  const [draft, setDraft] = useState<Draft>(() => draftOf(cover));
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const formId = useId();
  const saved = draftOf(cover);
  const dirty = !sameDraft(draft, saved);
  const contrast = contrastRatio(draft.palette.text, draft.palette.background);

  const setText = (field: TextField, value: string) => {
    setDraft((d) => ({ ...d, text: { ...d.text, [field]: value } }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const setPalette = (palette: CoverPalette) => setDraft((d) => ({ ...d, palette }));

  const save = () => {
    const parsed = CoverTextSchema.safeParse(draft.text);
    if (!parsed.success) {
      const next: Partial<Record<TextField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as TextField | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setServerError(null);
    update.mutate(
      { bookId: cover.bookId, coverId: cover.id, body: { text: parsed.data, palette: draft.palette } },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer));
          toast({ variant: 'success', title: 'Cover saved', description: 'The cover was drawn again with your changes.' });
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'Failed to save the cover');
          setServerError(message);
          toast({ variant: 'destructive', title: 'Save failed', description: message });
        },
      },
    );
  };

  const textField = (field: TextField, label: string, opts: { optional?: boolean; long?: boolean; hint?: string } = {}) => {
    const limit = COVER_TEXT_LIMITS[field];
    const value = draft.text[field];
    const hint = opts.hint ? `${opts.hint} ${count(value.length, limit)}.` : `${count(value.length, limit)}.`;
    return (
      <Field label={label} optional={opts.optional} hint={hint} error={errors[field]}>
        {(control) =>
          opts.long ? (
            <Textarea {...control} rows={5} maxLength={limit} value={value} onChange={(e) => setText(field, e.target.value)} />
          ) : (
            <Input {...control} maxLength={limit} value={value} onChange={(e) => setText(field, e.target.value)} />
          )
        }
      </Field>
    );
  };

  return (
    <form
      id={formId}
      noValidate
      aria-label="Cover text and colours"
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-ink">Words</legend>
        {textField('title', 'Title')}
        {textField('subtitle', 'Subtitle', { optional: true })}
        {textField('author', 'Author')}
        {textField('blurb', 'Back-cover text', { optional: true, long: true, hint: 'Printed on the back of the paperback.' })}
      </fieldset>

      <fieldset disabled={update.isPending} className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold text-ink">Colours</legend>
        {options && options.palettes.length > 0 && (
          <ul aria-label="Suggested palettes" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {options.palettes.map(({ name, palette }) => {
              const selected = samePalette(palette, draft.palette);
              return (
                <li key={name}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => setPalette({ ...palette })}
                    className={cn(
                      'flex w-full items-center gap-2.5 rounded-lg border bg-surface px-3 py-2 text-left text-sm transition-colors',
                      'hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                      selected ? 'border-accent bg-accent-soft/50 ring-1 ring-accent' : 'border-line',
                    )}
                  >
                    <PaletteDots palette={palette} />
                    <span className="min-w-0 flex-1 leading-tight text-ink">{name}</span>
                    {selected && <Check aria-hidden="true" className="size-4 shrink-0 text-accent" />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="grid grid-cols-3 gap-2">
          {PALETTE_KEYS.map((key) => (
            <div key={key} className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={`${formId}-${key}`}>{PALETTE_LABELS[key]}</Label>
              <span className="flex items-center gap-1.5 rounded-md border border-line-strong bg-surface px-1.5 py-1.5 sm:gap-2 sm:px-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent">
                <input
                  id={`${formId}-${key}`}
                  type="color"
                  value={draft.palette[key].toLowerCase()}
                  onChange={(e) => setPalette({ ...draft.palette, [key]: e.target.value })}
                  className="h-7 w-6 shrink-0 cursor-pointer rounded border-0 bg-transparent p-0 focus-visible:outline-none sm:w-8"
                />
                <span aria-hidden="true" className="truncate font-mono text-[0.6875rem] text-muted uppercase sm:text-xs">
                  {draft.palette[key]}
                </span>
              </span>
            </div>
          ))}
        </div>
        {contrast < MIN_COVER_CONTRAST && (
          <p className="flex items-start gap-2 text-sm text-ink-soft">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            The text may be hard to read on this background (contrast {contrast.toFixed(1)}:1; aim for {MIN_COVER_CONTRAST}:1 or more).
          </p>
        )}
      </fieldset>

      {serverError && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2.5 text-sm text-destructive">
          <span className="font-semibold">Not saved.</span> {serverError}
        </p>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={!dirty || update.isPending}>
          {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {update.isPending ? 'Saving...' : 'Save cover'}
        </Button>
        <Button
          variant="ghost"
          disabled={!dirty || update.isPending}
          onClick={() => {
            setDraft(saved);
            setErrors({});
            setServerError(null);
          }}
        >
          <Undo2 aria-hidden="true" /> Discard changes
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-muted sm:ml-2">
          {update.isPending ? 'Drawing the cover again...' : dirty ? 'Unsaved changes: save to see them on the cover.' : ''}
        </p>
      </div>
    </form>
  );
}
