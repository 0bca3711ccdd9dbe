import { useState } from 'react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { JobProgress } from '../../../../components/job-progress.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { useActiveJob } from '../../api/book-jobs.ts';
import { bookKeys } from '../../api/book-keys.ts';
import { AdvancedCustomPanel } from './advanced-custom-panel.tsx';
import { LayoutReportNotice } from './layout-report-notice.tsx';
import { MetadataForm } from './metadata-form.tsx';
import { TemplateFormattingPanel } from './template-formatting-panel.tsx';

type FormatSubTab = 'template' | 'metadata' | 'advanced';

/** Sub-tabs share the width on phones, their labels wrapping onto two lines. */
const SUB_TAB_CLASS = 'h-auto min-h-8 flex-1 px-2 py-1.5 leading-tight whitespace-normal sm:flex-none sm:px-3';

/** Format tab: what the last format measured (when there was one), then Template Formatting, Basic Metadata, Advanced Custom. */
export function FormatTab({ book, onFormatted }: { book: Book; onFormatted: () => void }) {
  const [subTab, setSubTab] = useState<FormatSubTab>('template');
  const queryClient = useQueryClient();
  // Format sets the whole book in a job on the server (its page count and KDP's rules): its bar shows while a format
  // request of this page waits, and after a reload while the job runs (the book is fetched again when it ends).
  const formatting = useIsMutating({ mutationKey: bookKeys.formatRequests(), predicate: (m) => (m.state.variables as { id?: string } | undefined)?.id === book.id }) > 0;
  const job = useActiveJob(book.id, 'format', formatting, () => void queryClient.invalidateQueries({ queryKey: bookKeys.detail(book.id) }));
  return (
    <section aria-labelledby="format-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <h2 id="format-title" className="font-display text-xl font-semibold">
        Format & Metadata
      </h2>
      <p className="mt-1.5 text-sm text-ink-soft">Choose the layout, describe the book, then format it.</p>
      {job ? (
        <div role="status" className="mt-5 rounded-lg bg-accent-soft/60 px-4 py-3">
          <p className="text-sm text-accent-ink">Setting every page of the book to count them and apply KDP’s print rules. A long book takes up to a minute.</p>
          <JobProgress job={job} labelledBy="format-title" className="mt-2" />
        </div>
      ) : (
        book.layoutReport && <LayoutReportNotice report={book.layoutReport} className="mt-5" />
      )}
      <Tabs value={subTab} onValueChange={(v) => setSubTab(v as FormatSubTab)} className="mt-5">
        <TabsList aria-label="Formatting options" className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="template" className={SUB_TAB_CLASS}>
            Template Formatting
          </TabsTrigger>
          <TabsTrigger value="metadata" className={SUB_TAB_CLASS}>
            Basic Metadata
          </TabsTrigger>
          <TabsTrigger value="advanced" className={SUB_TAB_CLASS}>
            Advanced Custom
          </TabsTrigger>
        </TabsList>
        <TabsContent value="template" className="mt-6">
          <TemplateFormattingPanel book={book} onFormatted={onFormatted} onNext={() => setSubTab('metadata')} />
        </TabsContent>
        <TabsContent value="metadata" forceMount className="mt-6 data-[state=inactive]:hidden">
          <MetadataForm book={book} onFormatted={onFormatted} />
        </TabsContent>
        <TabsContent value="advanced" className="mt-6">
          <AdvancedCustomPanel book={book} onFormatted={onFormatted} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
