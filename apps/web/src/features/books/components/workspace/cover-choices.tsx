import type { ReactNode } from 'react';
import { Info, Sparkles, Wand2 } from 'lucide-react';
import type { CoverOptions, CoverStyle, CoverTemplate } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { AI_STYLES, TEXT_TEMPLATES } from '../../lib/cover-catalogue.ts';
import { StyleSample, TemplateSample } from './cover-samples.tsx';

/** One template or style: a small drawing, its name, a line about it and a Generate button. */
function ChoiceCard({
  name,
  kind,
  description,
  sample,
  pending,
  disabled,
  onGenerate,
}: {
  name: string;
  /** `template` or `style`: tells the two Classic buttons apart for assistive technology. */
  kind: 'template' | 'style';
  description: string;
  sample: ReactNode;
  pending: boolean;
  disabled: boolean;
  onGenerate: () => void;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-start gap-3.5">
        {sample}
        <div className="min-w-0">
          <h4 className="font-semibold text-ink">{name}</h4>
          <p className="mt-0.5 text-sm text-ink-soft">{description}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        className="mt-auto w-full"
        onClick={onGenerate}
        disabled={disabled}
        aria-label={pending ? `Generating the ${name} ${kind} cover` : `Generate ${name} ${kind} cover`}
      >
        {pending ? <Spinner /> : kind === 'style' ? <Sparkles aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
        {pending ? 'Generating...' : 'Generate'}
      </Button>
    </li>
  );
}

/**
 * The line announced while a cover of this group renders; empty otherwise, but always present, so that assistive
 * technology is listening when it fills (the button says "Generating..." and the gallery shows the cover in the
 * making for sighted users).
 */
function PendingStatus({ name }: { name: string | null }) {
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {name ? `Generating the ${name} cover. This takes a few seconds.` : ''}
    </p>
  );
}

/** Covers tab → the four text templates (workspace spec sections 2 and 7). */
export function TemplateChoices({
  pending,
  disabled,
  onGenerate,
}: {
  /** The template being generated, if any. */
  pending: CoverTemplate | null;
  disabled: boolean;
  onGenerate: (template: CoverTemplate) => void;
}) {
  const pendingName = TEXT_TEMPLATES.find((t) => t.id === pending)?.name ?? null;
  return (
    <section aria-labelledby="cover-templates-title" className="flex flex-col gap-4">
      <div>
        <h3 id="cover-templates-title" className="font-display text-lg font-semibold">
          Text templates
        </h3>
        <p className="mt-1 text-sm text-ink-soft">Type and colour only: quick to make, sharp in print at any size.</p>
      </div>
      <ul aria-label="Text templates" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {TEXT_TEMPLATES.map((t) => (
          <ChoiceCard
            key={t.id}
            name={t.name}
            kind="template"
            description={t.description}
            sample={<TemplateSample template={t.id} />}
            pending={pending === t.id}
            disabled={disabled}
            onGenerate={() => onGenerate(t.id)}
          />
        ))}
      </ul>
      <PendingStatus name={pendingName ? `${pendingName} template` : null} />
    </section>
  );
}

/**
 * What draws the AI styles' artwork, said plainly: the configured image model by name, or Quire's own pattern
 * renderer when none is configured (then no cover of these styles contains AI-generated images).
 */
function ArtworkSourceNotice({ options, loading }: { options: CoverOptions | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-14 w-full" />;
  if (!options) return null;
  return (
    <p className="flex items-start gap-2.5 rounded-lg border border-line bg-paper-deep/60 px-4 py-3 text-sm text-ink-soft">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      {options.aiConfigured ? (
        <span>
          The artwork of these styles is made by the AI image model <span className="font-semibold text-ink">{options.aiModel ?? 'configured for Quire'}</span>.
          Covers made this way are marked “AI-generated artwork”: Amazon KDP asks about AI-generated images when you
          upload.
        </span>
      ) : (
        <span>
          No AI image model is configured: these styles are drawn by Quire's own pattern renderer, not by an AI model.
          The covers are marked “Pattern by Quire”, and contain no AI-generated images.
        </span>
      )}
    </p>
  );
}

/** Covers tab → the four AI styles (workspace spec sections 2 and 7), with what draws their artwork. */
export function StyleChoices({
  options,
  optionsLoading,
  pending,
  disabled,
  onGenerate,
}: {
  options: CoverOptions | undefined;
  optionsLoading: boolean;
  /** The style being generated, if any. */
  pending: CoverStyle | null;
  disabled: boolean;
  onGenerate: (style: CoverStyle) => void;
}) {
  const pendingName = AI_STYLES.find((s) => s.id === pending)?.name ?? null;
  return (
    <section aria-labelledby="cover-styles-title" className="flex flex-col gap-4">
      <div>
        <h3 id="cover-styles-title" className="font-display text-lg font-semibold">
          AI styles
        </h3>
        <p className="mt-1 text-sm text-ink-soft">An illustrated front, with your title and name set around it.</p>
      </div>
      <ArtworkSourceNotice options={options} loading={optionsLoading} />
      <ul aria-label="AI styles" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {AI_STYLES.map((s) => (
          <ChoiceCard
            key={s.id}
            name={s.name}
            kind="style"
            description={s.description}
            sample={<StyleSample style={s.id} />}
            pending={pending === s.id}
            disabled={disabled}
            onGenerate={() => onGenerate(s.id)}
          />
        ))}
      </ul>
      <PendingStatus name={pendingName ? `${pendingName} style` : null} />
    </section>
  );
}
