import type { Book } from '@quire/contracts';

/**
 * Step and tab state of the book workspace (workspace spec sections 2 and 4).
 * Pure: takes the fields of the book it reads, returns what the progress strip and the tabs show.
 */

export type StepStatus = 'completed' | 'current' | 'pending';
export type StepId = 'clean' | 'format' | 'covers' | 'export';
export type WorkspaceTab = 'clean' | 'format' | 'extract' | 'covers' | 'export';

export type WorkspaceStep = { id: StepId; label: string; status: StepStatus };

export type WorkspaceState = {
  steps: WorkspaceStep[];
  /** Tabs that cannot be opened yet. */
  disabledTabs: Record<WorkspaceTab, boolean>;
  /** The tab to open first: the first current step's tab. */
  initialTab: WorkspaceTab;
};

export type StepInput = Pick<Book, 'status' | 'cleanedText' | 'formattedText'> & {
  /** Number of the book's covers (GET /api/books/:id/covers); absent counts as none. */
  coverCount?: number;
};

export const STEP_LABELS: Record<StepId, string> = {
  clean: 'Clean Text',
  format: 'Format & Metadata',
  covers: 'Generate Covers',
  export: 'Export Files',
};

function has(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.length > 0;
}

export function getWorkspaceState(book: StepInput): WorkspaceState {
  const cleaned = has(book.cleanedText);
  const formatted = has(book.formattedText);
  const ready = book.status === 'ready';

  const clean: StepStatus = cleaned ? 'completed' : book.status === 'imported' ? 'current' : 'pending';
  const format: StepStatus = formatted ? 'completed' : cleaned ? 'current' : 'pending';
  const covers: StepStatus = (book.coverCount ?? 0) > 0 || ready ? 'completed' : formatted ? 'current' : 'pending';
  const exportStep: StepStatus = ready ? 'current' : 'pending';

  const status: Record<StepId, StepStatus> = { clean, format, covers, export: exportStep };
  const steps = (Object.keys(STEP_LABELS) as StepId[]).map((id) => ({ id, label: STEP_LABELS[id], status: status[id] }));

  const disabledTabs: Record<WorkspaceTab, boolean> = {
    clean: clean === 'pending',
    format: format === 'pending',
    extract: clean === 'pending',
    covers: covers === 'pending',
    export: exportStep === 'pending',
  };

  const firstCurrent = steps.find((step) => step.status === 'current');
  const firstOpen = (['clean', 'format', 'covers', 'export'] as const).find((tab) => !disabledTabs[tab]);
  const initialTab: WorkspaceTab = firstCurrent?.id ?? firstOpen ?? 'clean';

  return { steps, disabledTabs, initialTab };
}
