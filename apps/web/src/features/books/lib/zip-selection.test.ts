import { describe, expect, it } from 'vitest';
import { BATCH_EXPORT_MAX_BOOKS } from '@quire/contracts';
import { canExportSelection, selectionHint } from './zip-selection.ts';

const ready = (title: string) => ({ title, status: 'ready' as const });
const imported = (title: string) => ({ title, status: 'imported' as const });

describe('selectionHint', () => {
  it('asks for books while none is chosen, and says nothing once formatted books are', () => {
    expect(selectionHint([])).toEqual({ tone: 'muted', text: 'Choose the books to put in the ZIP.' });
    expect(selectionHint([ready('Emma'), ready('Persuasion')])).toBeNull();
  });

  it('names the books not formatted yet', () => {
    expect(selectionHint([ready('Emma'), imported('Persuasion')])?.text).toBe(
      '“Persuasion” is not formatted yet. Format it before exporting, or leave it out.',
    );
    expect(selectionHint([imported('A'), imported('B')])?.text).toBe('“A” and “B” are not formatted yet. Format them before exporting, or leave them out.');
    expect(selectionHint(['A', 'B', 'C', 'D', 'E'].map(imported))).toEqual({
      tone: 'warning',
      text: '“A”, “B” and 3 more are not formatted yet. Format them before exporting, or leave them out.',
    });
  });

  it(`stops at ${BATCH_EXPORT_MAX_BOOKS} books`, () => {
    const many = Array.from({ length: BATCH_EXPORT_MAX_BOOKS + 1 }, (_, i) => ready(`Book ${i}`));
    expect(selectionHint(many)).toEqual({ tone: 'error', text: `At most ${BATCH_EXPORT_MAX_BOOKS} books at once: ${BATCH_EXPORT_MAX_BOOKS + 1} are selected.` });
    expect(canExportSelection(BATCH_EXPORT_MAX_BOOKS)).toBe(true);
    expect(canExportSelection(BATCH_EXPORT_MAX_BOOKS + 1)).toBe(false);
    expect(canExportSelection(0)).toBe(false);
  });
});
