import { useState, type ReactNode } from 'react';
import { ArrowRight, CircleCheck, LayoutTemplate, Search } from 'lucide-react';
import type { Book, StyleGuideTemplate, TemplateListItem } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { cn } from '../../../../lib/cn.ts';
import { UpgradeOfferSlot } from '../../../../components/upgrade-offer-slot.tsx';
import { getErrorMessage, getUpgradeOffer } from '../../../../lib/errors.ts';
import { useFormatTemplate } from '../../api/format-template.ts';
import { useStyleGuides } from '../../api/list-style-guides.ts';
import { useTemplates } from '../../api/list-templates.ts';
import { LayoutPreview } from './layout-preview.tsx';
import { UploadStyleGuideDialog } from './upload-style-guide-dialog.tsx';
import {
  filterStyleGuides,
  filterTemplates,
  styleGuideFlags,
  styleGuideLines,
  templateLines,
  type RequirementLine,
} from '../../lib/template-catalogue.ts';

type Category = 'academic' | 'publishing';

/** One selectable card: a style guide or a formatting template. */
function TemplateCard({
  title,
  subtitle,
  description,
  lines,
  flags,
  selected,
  applied,
  onSelect,
}: {
  title: string;
  subtitle: string;
  description?: string;
  lines: RequirementLine[];
  flags?: string[];
  selected: boolean;
  applied: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={cn(
          'flex h-full w-full flex-col gap-2 rounded-xl border bg-surface p-4 text-left transition-colors',
          'hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
          selected ? 'border-2 border-accent bg-accent-soft/40 p-[15px]' : 'border-line',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{title}</span>
          {applied && (
            <Badge variant="secondary">
              <CircleCheck aria-hidden="true" /> Applied
            </Badge>
          )}
          {selected && !applied && <Badge>Selected</Badge>}
        </span>
        <span className="text-xs font-medium tracking-wide text-muted uppercase">{subtitle}</span>
        {description && <span className="text-sm text-ink-soft">{description}</span>}
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {lines.map((line) => (
            <div key={line.label} className="contents">
              <dt className="text-muted">{line.label}</dt>
              <dd className="text-ink-soft">{line.value}</dd>
            </div>
          ))}
        </dl>
        {flags && flags.length > 0 && (
          <span className="mt-1 flex flex-wrap gap-1.5">
            {flags.map((f) => (
              <Badge key={f} variant="outline">
                {f}
              </Badge>
            ))}
          </span>
        )}
      </button>
    </li>
  );
}

/** `APA style guide`, `Harvard · Harvard University`; an uploaded guide says so, with its university. */
function guideSubtitle(guide: StyleGuideTemplate): string {
  if (!guide.isBuiltIn) return guide.university ? `Uploaded · ${guide.university}` : 'Uploaded style guide';
  return guide.university && guide.university !== guide.name ? `${guide.styleGuide} · ${guide.university}` : `${guide.styleGuide} style guide`;
}

function guideCard(guide: StyleGuideTemplate, selectedId: string | null, appliedId: string | null, select: (id: string) => void) {
  return (
    <TemplateCard
      key={guide.id}
      title={guide.name}
      subtitle={guideSubtitle(guide)}
      lines={styleGuideLines(guide)}
      flags={styleGuideFlags(guide)}
      selected={selectedId === guide.id}
      applied={appliedId === guide.id}
      onSelect={() => select(guide.id)}
    />
  );
}

function templateCard(template: TemplateListItem, selectedId: string | null, appliedId: string | null, select: (id: string) => void) {
  return (
    <TemplateCard
      key={template.id}
      title={template.name}
      subtitle={template.isBuiltIn ? `${template.genre} template` : 'Your template'}
      description={template.description}
      lines={templateLines(template)}
      selected={selectedId === template.id}
      applied={appliedId === template.id}
      onSelect={() => select(template.id)}
    />
  );
}

function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {children}
    </ul>
  );
}

function NoMatch({ query }: { query: string }) {
  return (
    <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
      No templates match “{query.trim()}”.
    </p>
  );
}

/**
 * Format tab → Template Formatting (workspace spec section 2): search, Academic and Publishing tabs of style
 * guides (formatting templates listed under Publishing), the applied layout marked, an upload style-guide dialog,
 * the selected layout's rendered opening pages, and Apply Template, which formats the book (POST
 * /api/books/:id/format-template) and calls `onFormatted` on success.
 */
export function TemplateFormattingPanel({ book, onFormatted, onNext }: { book: Book; onFormatted: () => void; onNext: () => void }) {
  const guides = useStyleGuides();
  const templates = useTemplates();
  const formatTemplate = useFormatTemplate();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<Category>('academic');
  const [selectedId, setSelectedId] = useState<string | null>(book.layoutId);
  const appliedId = book.layoutId;

  const loading = guides.isPending || templates.isPending;
  const failed = guides.isError || templates.isError;
  const academic = filterStyleGuides((guides.data ?? []).filter((g) => g.category === 'academic'), query);
  const publishing = filterStyleGuides((guides.data ?? []).filter((g) => g.category === 'publishing'), query);
  const bookTemplates = filterTemplates(templates.data ?? [], query);
  const canApply = selectedId !== null && !formatTemplate.isPending && !loading && !failed;

  const apply = () => {
    if (selectedId === null) return;
    formatTemplate.mutate(
      { id: book.id, templateId: selectedId },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Document formatted successfully' });
          onFormatted();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Formatting failed', description: getErrorMessage(error, 'Failed to format document') }),
      },
    );
  };
  // A template refused for the user's plan (a premium template) shows the way up beside Apply Template.
  const refusal = formatTemplate.isError && getUpgradeOffer(formatTemplate.error) ? formatTemplate.error : null;

  const select = (id: string) => {
    if (!formatTemplate.isPending) setSelectedId(id);
  };

  // A guide just uploaded is shown and selected, so its preview follows.
  const showUploaded = (guide: StyleGuideTemplate) => {
    setQuery('');
    setCategory(guide.category);
    select(guide.id);
  };

  const selectedName =
    (guides.data ?? []).find((g) => g.id === selectedId)?.name ?? (templates.data ?? []).find((t) => t.id === selectedId)?.name ?? null;

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="font-display text-lg font-semibold">Templates and style guides</h3>
        <p className="mt-1 text-sm text-ink-soft">
          Pick the layout your book is set in. Each card names the font actually used: open fonts that match or
          resemble the commercial faces the guides ask for.
        </p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            aria-label="Search templates"
            placeholder="Search templates"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-9"
          />
        </div>
        <UploadStyleGuideDialog onUploaded={showUploaded} bookId={book.id} />
      </div>

      {loading ? (
        <div aria-busy="true" aria-label="Loading templates" className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive">
          <p>
            {getErrorMessage(guides.error ?? templates.error, 'Could not load the templates.')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void guides.refetch();
              void templates.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <Tabs value={category} onValueChange={(v) => setCategory(v as Category)}>
          <TabsList aria-label="Template categories">
            <TabsTrigger value="academic">Academic</TabsTrigger>
            <TabsTrigger value="publishing">Publishing</TabsTrigger>
          </TabsList>
          <TabsContent value="academic" className="mt-4">
            {academic.length === 0 ? (
              query.trim() ? <NoMatch query={query} /> : <p className="text-sm text-muted">No academic style guides are available.</p>
            ) : (
              <CardGrid label="Academic style guides">{academic.map((g) => guideCard(g, selectedId, appliedId, select))}</CardGrid>
            )}
          </TabsContent>
          <TabsContent value="publishing" className="mt-4 flex flex-col gap-5">
            {publishing.length === 0 && bookTemplates.length === 0 ? (
              query.trim() ? <NoMatch query={query} /> : <p className="text-sm text-muted">No publishing templates are available.</p>
            ) : (
              <>
                {publishing.length > 0 && (
                  <section className="flex flex-col gap-2">
                    <h4 className="text-sm font-semibold text-ink">Publisher specifications</h4>
                    <CardGrid label="Publishing style guides">{publishing.map((g) => guideCard(g, selectedId, appliedId, select))}</CardGrid>
                  </section>
                )}
                {bookTemplates.length > 0 && (
                  <section className="flex flex-col gap-2">
                    <h4 className="text-sm font-semibold text-ink">Book templates</h4>
                    <CardGrid label="Book templates">{bookTemplates.map((t) => templateCard(t, selectedId, appliedId, select))}</CardGrid>
                  </section>
                )}
              </>
            )}
          </TabsContent>
        </Tabs>
      )}

      {!loading && !failed && (
        <div className="border-t border-line pt-5">
          {selectedId !== null && selectedName !== null ? (
            <LayoutPreview bookId={book.id} layoutId={selectedId} heading={`Preview: ${selectedName}`} />
          ) : (
            <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
              Select a template to see your book’s opening pages set in it.
            </p>
          )}
        </div>
      )}

      {refusal !== null && (
        <UpgradeOfferSlot error={refusal} fallback="Failed to format document" bookId={book.id} onDismiss={() => formatTemplate.reset()} />
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button onClick={apply} disabled={!canApply} className="sm:self-start">
          {formatTemplate.isPending ? <Spinner /> : <LayoutTemplate aria-hidden="true" />}
          {formatTemplate.isPending ? 'Applying Template...' : 'Apply Template'}
        </Button>
        <Button variant="ghost" onClick={onNext} className="sm:self-start">
          Or describe the book: Basic Metadata <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
