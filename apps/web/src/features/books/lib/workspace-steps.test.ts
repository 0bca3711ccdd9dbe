import { describe, expect, it } from 'vitest';
import { getWorkspaceState, type StepInput } from './workspace-steps.ts';

function statuses(book: StepInput) {
  const state = getWorkspaceState(book);
  return Object.fromEntries(state.steps.map((s) => [s.id, s.status]));
}

const imported: StepInput = { status: 'imported', cleanedText: null, formattedText: null };
const cleaned: StepInput = { status: 'imported', cleanedText: '# One\n\nText.', formattedText: null };
const formatted: StepInput = { status: 'ready', cleanedText: '# One\n\nText.', formattedText: '# One\n\nText.' };

describe('getWorkspaceState', () => {
  it('labels the four steps in order', () => {
    expect(getWorkspaceState(imported).steps.map((s) => s.label)).toEqual([
      'Clean Text',
      'Format & Metadata',
      'Generate Covers',
      'Export Files',
    ]);
  });

  it('a freshly imported book: clean is current, the rest pending', () => {
    expect(statuses(imported)).toEqual({ clean: 'current', format: 'pending', covers: 'pending', export: 'pending' });
    const { disabledTabs, initialTab } = getWorkspaceState(imported);
    expect(disabledTabs).toEqual({ clean: false, format: true, extract: false, covers: true, export: true });
    expect(initialTab).toBe('clean');
  });

  it('a cleaned book: clean completed, format current', () => {
    expect(statuses(cleaned)).toEqual({ clean: 'completed', format: 'current', covers: 'pending', export: 'pending' });
    const { disabledTabs, initialTab } = getWorkspaceState(cleaned);
    expect(disabledTabs).toEqual({ clean: false, format: false, extract: false, covers: true, export: true });
    expect(initialTab).toBe('format');
  });

  it('a formatted, ready book: covers completed (status ready), export current', () => {
    expect(statuses(formatted)).toEqual({ clean: 'completed', format: 'completed', covers: 'completed', export: 'current' });
    const { disabledTabs, initialTab } = getWorkspaceState(formatted);
    expect(Object.values(disabledTabs).every((d) => !d)).toBe(true);
    expect(initialTab).toBe('export');
  });

  it('formatted text without the ready status: covers is the current step', () => {
    const state = getWorkspaceState({ ...formatted, status: 'imported' });
    expect(statuses({ ...formatted, status: 'imported' })).toEqual({
      clean: 'completed',
      format: 'completed',
      covers: 'current',
      export: 'pending',
    });
    expect(state.initialTab).toBe('covers');
    expect(state.disabledTabs.export).toBe(true);
  });

  it('a generated cover completes the covers step', () => {
    expect(statuses({ ...formatted, status: 'imported', coverCount: 1 }).covers).toBe('completed');
  });

  it('a book neither imported nor cleaned: clean pending, so Clean and Extract are disabled', () => {
    const state = getWorkspaceState({ status: 'ready', cleanedText: null, formattedText: null });
    expect(state.steps[0]?.status).toBe('pending');
    expect(state.disabledTabs.clean).toBe(true);
    expect(state.disabledTabs.extract).toBe(true);
    // Ready: covers completed and export current.
    expect(state.initialTab).toBe('export');
  });

  it('an empty cleaned text does not count as cleaned', () => {
    expect(statuses({ ...imported, cleanedText: '' }).clean).toBe('current');
  });
});
