import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, Settings2, X } from 'lucide-react';
import { PreferencesSchema, type Preferences } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { usePreferences } from '../api/get-preferences.ts';
import { useSavePreferences } from '../api/save-preferences.ts';

type ChoiceField = 'defaultGenre' | 'preferredCoverStyle' | 'defaultExportFormat';

/** The three choices, their labels and the words of each value (values: accounts spec section 3). */
const CHOICES: { field: ChoiceField; label: string; options: Record<string, string> }[] = [
  {
    field: 'defaultGenre',
    label: 'Default genre',
    options: { literature: 'Literature', philosophy: 'Philosophy', devotional: 'Devotional', general: 'General' },
  },
  {
    field: 'preferredCoverStyle',
    label: 'Cover style',
    options: { skip: 'Skip covers', minimalist: 'Minimalist text cover', ai_generated: 'AI-generated cover' },
  },
  {
    field: 'defaultExportFormat',
    label: 'Export format',
    options: { pdf: 'Print PDF', epub: 'EPUB', both: 'PDF and EPUB' },
  },
];

function PreferencesSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** The controls, once the preferences are loaded. Each change posts the whole object. */
function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const baseId = useId();
  const save = useSavePreferences();
  // While a save is on its way, show what was asked for; if it fails, the saved values come back.
  const shown = save.isPending && save.variables ? save.variables : preferences;

  const change = <K extends keyof Preferences>(field: K, value: Preferences[K]) => {
    const next = PreferencesSchema.parse({ ...shown, [field]: value });
    save.mutate(next, {
      onSuccess: () => toast({ variant: 'success', title: 'Preferences saved' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save preferences') }),
    });
  };

  const switchId = `${baseId}-autoclean`;
  const switchHintId = `${baseId}-autoclean-hint`;
  return (
    <div className="flex flex-col gap-4">
      {CHOICES.map(({ field, label, options }) => {
        const id = `${baseId}-${field}`;
        return (
          <div key={field} className="flex flex-col gap-1.5">
            <Label htmlFor={id}>{label}</Label>
            <NativeSelect
              id={id}
              value={shown[field]}
              onChange={(event) => change(field, event.target.value as Preferences[typeof field])}
            >
              {Object.entries(options).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </NativeSelect>
          </div>
        );
      })}
      <div className="flex items-start justify-between gap-4 rounded-lg bg-paper-deep/60 p-3">
        <div className="flex flex-col gap-0.5">
          <Label htmlFor={switchId}>Clean imports automatically</Label>
          <p id={switchHintId} className="text-xs text-muted">
            Clean the text automatically when a book is imported
          </p>
        </div>
        <Switch
          id={switchId}
          aria-describedby={switchHintId}
          checked={shown.autoCleanImports}
          onCheckedChange={(checked) => change('autoCleanImports', checked)}
        />
      </div>
      {/* Always in the page so that "Saving..." is announced; takes no room while idle. */}
      <p role="status" className={save.isPending ? 'flex items-center gap-1.5 text-xs text-muted' : 'sr-only'}>
        {save.isPending && (
          <>
            <Spinner className="size-3.5" /> Saving...
          </>
        )}
      </p>
    </div>
  );
}

/** The expanded card: loads the preferences (only now: accounts spec section 4) and shows the controls. */
function PreferencesPanel({ onClose, titleId }: { onClose: () => void; titleId: string }) {
  const query = usePreferences({ enabled: true });
  return (
    <Card className="animate-fade-in">
      <div className="flex items-start justify-between gap-3 border-b border-line p-5">
        <div>
          <h2 id={titleId} className="font-display text-lg font-semibold tracking-tight">
            Preferences
          </h2>
          <p className="mt-0.5 text-sm text-muted">Your defaults for new books. Each change is saved at once.</p>
        </div>
        <Button variant="ghost" size="icon" className="-mt-1 -mr-2 shrink-0" onClick={onClose} aria-label="Close preferences">
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="p-5" aria-busy={query.isPending}>
        {query.isPending ? (
          <>
            <p role="status" className="sr-only">
              Loading preferences...
            </p>
            <PreferencesSkeleton />
          </>
        ) : query.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-ink-soft">
              {getErrorMessage(query.error, 'Your preferences could not be loaded.')}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching && <Spinner />}
              Try again
            </Button>
          </div>
        ) : (
          <PreferencesForm preferences={query.data} />
        )}
      </div>
    </Card>
  );
}

/**
 * The preferences card of the home screen's side panel (accounts spec section 2 "Preferences card"):
 * collapsed behind a button; expanded, it shows the four controls and a close control.
 */
export function PreferencesCard() {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const toggledRef = useRef(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Keyboard focus follows the change: into the panel when it opens, back to the button when it closes.
  useEffect(() => {
    if (!toggledRef.current) return;
    (expanded ? panelRef.current : openerRef.current)?.focus();
  }, [expanded]);
  const toggle = (next: boolean) => {
    toggledRef.current = true;
    setExpanded(next);
  };

  if (!expanded) {
    return (
      <Card>
        <button
          ref={openerRef}
          type="button"
          aria-expanded={false}
          onClick={() => toggle(true)}
          className="flex w-full items-center gap-3 rounded-xl p-5 text-left transition-colors hover:bg-paper-deep/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
            <Settings2 aria-hidden="true" className="size-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold text-ink">Preferences</span>
            <span className="text-sm text-muted">Genre, cover, export format and automatic cleanup</span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
        </button>
      </Card>
    );
  }
  return (
    <section ref={panelRef} tabIndex={-1} aria-labelledby={titleId} className="outline-none">
      <PreferencesPanel titleId={titleId} onClose={() => toggle(false)} />
    </section>
  );
}
