/**
 * The user's arrangement of an extraction's passages before a book is made of them: their order, the ones left
 * out and the ones widened to their whole section. Pure; the Extract tab keeps one per extraction, so that looking
 * at another extraction and coming back keeps the choices made.
 */
import type { CompileBody, Extraction } from '@quire/contracts';

export type PassageArrangement = {
  /** Every passage id, in the user's order (the server's, best first, to begin with). */
  order: string[];
  /** Passages left out of the book. */
  excluded: string[];
  /** Passages (excerpts) to take as their whole section. */
  widened: string[];
};

/** Every passage in, in the order found, none widened. */
export function initialArrangement(extraction: Pick<Extraction, 'sections'>): PassageArrangement {
  return { order: extraction.sections.map((s) => s.passageId), excluded: [], widened: [] };
}

/** Moves a passage one place up (`-1`) or down (`1`); at either end it stays. */
export function movePassage(arrangement: PassageArrangement, passageId: string, step: -1 | 1): PassageArrangement {
  const from = arrangement.order.indexOf(passageId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= arrangement.order.length) return arrangement;
  const order = [...arrangement.order];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...arrangement, order };
}

function toggled(list: readonly string[], id: string, on: boolean): string[] {
  const without = list.filter((x) => x !== id);
  return on ? [...without, id] : without;
}

/** Puts a passage in the book or leaves it out. */
export function includePassage(arrangement: PassageArrangement, passageId: string, included: boolean): PassageArrangement {
  return { ...arrangement, excluded: toggled(arrangement.excluded, passageId, !included) };
}

/** Takes an excerpt as its whole section, or as found. */
export function widenPassage(arrangement: PassageArrangement, passageId: string, widen: boolean): PassageArrangement {
  return { ...arrangement, widened: toggled(arrangement.widened, passageId, widen) };
}

/** The passages of the book to make, in the user's order: what POST .../book is sent. */
export function chosenPassages(arrangement: PassageArrangement): CompileBody['passages'] {
  return arrangement.order
    .filter((id) => !arrangement.excluded.includes(id))
    .map((passageId) => ({ passageId, widen: arrangement.widened.includes(passageId) }));
}
