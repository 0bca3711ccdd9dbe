import type { Ref } from 'react';
import { BookCopy, BookPlus, Layers, X } from 'lucide-react';
import type { BatchImportResponse, ImportCollectionResponse, ImportResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import type { FeatureAccess } from '../../../lib/plan-features.ts';
import { BatchImportTab } from './batch-import-tab.tsx';
import { CollectionImportTab } from './collection-import-tab.tsx';
import { SingleImportTab } from './single-import-tab.tsx';

type ImportPanelProps = {
  onClose: () => void;
  /**
   * Called with the new book after a successful single or collection import; a collection also passes the
   * URLs that could not be imported (empty when all were).
   */
  onImported: (book: Pick<ImportResponse, 'id' | 'title'>, failedImports?: ImportCollectionResponse['failedImports']) => void;
  /** Whether the user's plan has batch import (the Batch tab's form, or what it does and the way up). */
  batchAccess: FeatureAccess;
  /** Called after a batch import that made at least one book (the panel stays, showing the result). */
  onBatchImported: (result: BatchImportResponse) => void;
  ref?: Ref<HTMLElement>;
};

/**
 * The closable Import Books panel with its Single Book and Collection tabs (accounts spec section 2), and the
 * Publisher plan's Batch tab.
 */
export function ImportPanel({ onClose, onImported, batchAccess, onBatchImported, ref }: ImportPanelProps) {
  return (
    <section ref={ref} aria-labelledby="import-title" tabIndex={-1} className="scroll-mt-24 outline-none">
      <Card className="animate-fade-in">
        <div className="flex items-start justify-between gap-4 border-b border-line p-5 sm:px-6">
          <div>
            <h2 id="import-title" className="font-display text-2xl font-semibold tracking-tight">
              Import Books
            </h2>
            <p className="mt-1 text-sm text-muted">Bring in a public text by its address, a file (text, Markdown, HTML, Word, EPUB or PDF), a whole collection, or many books at once.</p>
          </div>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close import panel">
            <X aria-hidden="true" />
          </Button>
        </div>
        <Tabs defaultValue="single" className="p-5 sm:p-6">
          <TabsList aria-label="Import type" className="w-full sm:w-auto">
            <TabsTrigger value="single" className="flex-1 max-sm:px-2 max-sm:[&_svg]:hidden sm:flex-none">
              <BookPlus aria-hidden="true" />
              Single Book
            </TabsTrigger>
            <TabsTrigger value="collection" className="flex-1 max-sm:px-2 max-sm:[&_svg]:hidden sm:flex-none">
              <BookCopy aria-hidden="true" />
              Collection
            </TabsTrigger>
            <TabsTrigger value="batch" className="flex-1 max-sm:px-2 max-sm:[&_svg]:hidden sm:flex-none">
              <Layers aria-hidden="true" />
              Batch
            </TabsTrigger>
          </TabsList>
          <TabsContent value="single" className="mt-6">
            <SingleImportTab onImported={onImported} />
          </TabsContent>
          <TabsContent value="collection" className="mt-6">
            <CollectionImportTab onImported={onImported} />
          </TabsContent>
          <TabsContent value="batch" className="mt-6">
            <BatchImportTab access={batchAccess} onImported={onBatchImported} />
          </TabsContent>
        </Tabs>
      </Card>
    </section>
  );
}
