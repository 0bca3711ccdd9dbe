import { describe, expect, it } from 'vitest';
import { chosenPassages, includePassage, initialArrangement, movePassage, widenPassage } from './passage-arrangement.ts';

const found = { sections: [{ passageId: 's1' }, { passageId: 's4:10-30' }, { passageId: 's9' }] } as never;

describe('passage arrangement', () => {
  it('starts with every passage in, in the order found', () => {
    expect(chosenPassages(initialArrangement(found))).toEqual([
      { passageId: 's1', widen: false },
      { passageId: 's4:10-30', widen: false },
      { passageId: 's9', widen: false },
    ]);
  });

  it('moves, leaves out and widens passages', () => {
    let arrangement = initialArrangement(found);
    arrangement = movePassage(arrangement, 's9', -1);
    arrangement = movePassage(arrangement, 's1', -1); // already first: stays
    arrangement = includePassage(arrangement, 's1', false);
    arrangement = widenPassage(arrangement, 's4:10-30', true);
    expect(arrangement.order).toEqual(['s1', 's9', 's4:10-30']);
    expect(chosenPassages(arrangement)).toEqual([
      { passageId: 's9', widen: false },
      { passageId: 's4:10-30', widen: true },
    ]);
    arrangement = includePassage(widenPassage(arrangement, 's4:10-30', false), 's1', true);
    expect(chosenPassages(arrangement).map((p) => p.widen)).toEqual([false, false, false]);
    expect(movePassage(arrangement, 's4:10-30', 1)).toBe(arrangement);
  });
});
