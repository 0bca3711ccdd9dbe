import { describe, expect, it } from 'vitest';
import { isLowOnDocuments, lowDocumentsLine, statusWords, usageLine, usagePercent } from './plan-usage.ts';

describe('usagePercent', () => {
  it('is booksUsed over booksLimit as a whole percentage, capped at 100', () => {
    expect(usagePercent({ booksUsed: 0, booksLimit: 5 })).toBe(0);
    expect(usagePercent({ booksUsed: 3, booksLimit: 5 })).toBe(60);
    expect(usagePercent({ booksUsed: 2, booksLimit: 15 })).toBe(13);
    expect(usagePercent({ booksUsed: 5, booksLimit: 5 })).toBe(100);
    expect(usagePercent({ booksUsed: 9, booksLimit: 5 })).toBe(100);
  });

  it('is null for an unlimited plan', () => {
    expect(usagePercent({ booksUsed: 40, booksLimit: null })).toBeNull();
  });
});

describe('isLowOnDocuments', () => {
  it('warns above 80 percent, not at it', () => {
    expect(isLowOnDocuments({ booksUsed: 4, booksLimit: 5 })).toBe(false);
    expect(isLowOnDocuments({ booksUsed: 13, booksLimit: 15 })).toBe(true);
    expect(isLowOnDocuments({ booksUsed: 5, booksLimit: 5 })).toBe(true);
    expect(isLowOnDocuments({ booksUsed: 400, booksLimit: null })).toBe(false);
  });
});

describe('usage words', () => {
  it('says the documents of the month', () => {
    expect(usageLine({ booksUsed: 3, booksLimit: 5 })).toBe('3 of 5 documents this month');
    expect(usageLine({ booksUsed: 1, booksLimit: null })).toBe('1 document this month');
    expect(usageLine({ booksUsed: 12, booksLimit: null })).toBe('12 documents this month');
    expect(lowDocumentsLine({ booksUsed: 14, booksLimit: 15 })).toBe('Only 1 document left this month. A larger plan gives you more.');
    expect(lowDocumentsLine({ booksUsed: 7, booksLimit: 5 })).toMatch(/^You have used all 5 documents of this month\./);
  });

  it('names every Stripe status in words, explaining those that pause the plan', () => {
    expect(statusWords('active')).toEqual({ label: 'Active', explanation: null });
    expect(statusWords('past_due').label).toBe('Payment past due');
    expect(statusWords('past_due').explanation).toMatch(/did not go through/);
    expect(statusWords('canceled').label).toBe('Canceled');
    expect(statusWords('incomplete').label).toBe('Payment incomplete');
    expect(statusWords('some_new_status').label).toBe('some new status');
  });
});
