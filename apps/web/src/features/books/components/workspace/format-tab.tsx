import { useState } from 'react';
import { ArrowRight, CircleCheck } from 'lucide-react';
import type { Book } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { MetadataForm } from './metadata-form.tsx';

type FormatSubTab = 'template' | 'metadata' | 'advanced';

/** Sub-tabs share the width on phones, their labels wrapping onto two lines. */
const SUB_TAB_CLASS = 'h-auto min-h-8 flex-1 px-2 py-1.5 leading-tight whitespace-normal sm:flex-none sm:px-3';

/** Page diagram of the 6 x 9 layout, margins to scale. */
function PageDiagram() {
  // 6 x 9 in page; margins 0.76 top/bottom, 0.9 inside, 0.6 outside (a recto: inside on the left).
  const scale = 12;
  return (
    <svg viewBox={`0 0 ${6 * scale} ${9 * scale}`} aria-hidden="true" className="h-28 w-auto shrink-0 drop-shadow-sm">
      <rect width={6 * scale} height={9 * scale} rx="1.5" fill="var(--color-surface)" stroke="var(--color-line-strong)" />
      <rect
        x={0.9 * scale}
        y={0.76 * scale}
        width={(6 - 0.9 - 0.6) * scale}
        height={(9 - 1.52) * scale}
        fill="var(--color-accent-soft)"
        stroke="var(--color-accent)"
        strokeDasharray="2 2"
        strokeWidth="0.75"
      />
      {Array.from({ length: 11 }, (_, i) => (
        <line
          key={i}
          x1={0.9 * scale + 4}
          x2={(6 - 0.6) * scale - (i === 10 ? 24 : 4)}
          y1={0.76 * scale + 18 + i * 7}
          y2={0.76 * scale + 18 + i * 7}
          stroke="var(--color-accent)"
          strokeOpacity="0.45"
          strokeWidth="1.6"
        />
      ))}
      <line x1={2.2 * scale} x2={3.8 * scale} y1={0.76 * scale + 7} y2={0.76 * scale + 7} stroke="var(--color-accent)" strokeWidth="2.2" />
    </svg>
  );
}

function TemplatePanel({ onNext }: { onNext: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="font-display text-lg font-semibold">Layout</h3>
        <p className="mt-1 text-sm text-muted">The layout your book is set in.</p>
      </div>
      <div className="grid gap-3">
        <div
          className="flex flex-col gap-4 rounded-xl border-2 border-accent bg-accent-soft/40 p-4 sm:flex-row sm:items-center sm:p-5"
        >
          <PageDiagram />
          <div className="flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold text-ink">Amazon KDP 6x9</p>
              <Badge>
                <CircleCheck aria-hidden="true" /> Selected
              </Badge>
            </div>
            <p className="mt-1.5 text-sm text-ink-soft">
              6 x 9 in, Times New Roman-metric serif (Tinos) 11 pt, line height 1.15, margins 0.76 in top/bottom, 0.9
              in inside, 0.6 in outside
            </p>
            <p className="mt-2 text-xs text-muted">The trim size most paperbacks on Amazon KDP use, for fiction and non-fiction.</p>
          </div>
        </div>
      </div>
      <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-muted">
        More publishing templates and the academic style guides (APA, MLA, Chicago, Harvard) are coming in a later
        version of Quire.
      </p>
      <Button variant="secondary" className="self-start" onClick={onNext}>
        Next: Basic Metadata <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Format tab: Template Formatting, Basic Metadata, Advanced Custom. */
export function FormatTab({ book, onFormatted }: { book: Book; onFormatted: () => void }) {
  const [subTab, setSubTab] = useState<FormatSubTab>('template');
  return (
    <section aria-labelledby="format-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <h2 id="format-title" className="font-display text-xl font-semibold">
        Format & Metadata
      </h2>
      <p className="mt-1.5 text-sm text-ink-soft">Choose the layout, describe the book, then format it.</p>
      <Tabs value={subTab} onValueChange={(v) => setSubTab(v as FormatSubTab)} className="mt-5">
        <TabsList aria-label="Formatting options" className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="template" className={SUB_TAB_CLASS}>
            Template Formatting
          </TabsTrigger>
          <TabsTrigger value="metadata" className={SUB_TAB_CLASS}>
            Basic Metadata
          </TabsTrigger>
          <TabsTrigger value="advanced" className={SUB_TAB_CLASS}>
            <span>
              Advanced Custom{' '}
              <span className="ml-0.5 inline-block rounded-full bg-line px-1.5 py-px align-[1px] text-[0.625rem] font-semibold tracking-wide text-muted uppercase">
                Soon
              </span>
            </span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="template" className="mt-6">
          <TemplatePanel onNext={() => setSubTab('metadata')} />
        </TabsContent>
        <TabsContent value="metadata" forceMount className="mt-6 data-[state=inactive]:hidden">
          <MetadataForm book={book} onFormatted={onFormatted} />
        </TabsContent>
        <TabsContent value="advanced" className="mt-6">
          <div className="rounded-xl border border-dashed border-line-strong bg-paper/60 px-5 py-8 text-center">
            <h3 className="font-display text-lg font-semibold">Advanced customization is coming</h3>
            <p className="mx-auto mt-2 max-w-lg text-sm text-muted">
              Custom typography, margins, chapter openings and saved templates will arrive in a later version. Until
              then, books are set in the Amazon KDP 6x9 layout.
            </p>
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}
