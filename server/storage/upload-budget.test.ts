import { describe, expect, it } from 'vitest';
import { createUploadBudgets } from './upload-budget';

describe('upload budgets (the bytes of one upload, counted across its PUTs in flight)', () => {
  it('lets the parts of one upload share its limit, stored and arriving', () => {
    const budgets = createUploadBudgets();
    const stored = new Map([[1, 4]]);
    const a = budgets.open('u', { maxBytes: 10, part: 2, storedParts: stored });
    const b = budgets.open('u', { maxBytes: 10, part: 3, storedParts: stored });
    expect(a.take(3)).toBe(true);
    expect(b.take(3)).toBe(true);
    expect(b.fits(1)).toBe(false);
    // Passing the limit refuses that PUT, and its bytes stop counting at once.
    expect(b.take(1)).toBe(false);
    expect(b.take(1)).toBe(false);
    expect(a.take(3)).toBe(true);
    a.done(6);
    expect(budgets.size).toBe(0);
    // Another upload is counted apart.
    expect(budgets.open('v', { maxBytes: 10 }).take(10)).toBe(true);
  });

  it('counts a part sent again instead of its stored self, and a stored part once it is done', () => {
    const budgets = createUploadBudgets();
    const again = budgets.open('u', { maxBytes: 10, part: 1, storedParts: new Map([[1, 8]]) });
    expect(again.take(9)).toBe(true);
    const other = budgets.open('u', { maxBytes: 10, part: 2 });
    expect(other.take(1)).toBe(true);
    again.done(9);
    // Part 1 now counts 9 as stored: part 2 may bring one byte in all.
    expect(other.take(1)).toBe(false);
  });

  it('counts concurrent PUTs of one whole object together (each would replace it)', () => {
    const budgets = createUploadBudgets();
    const first = budgets.open('incoming/x', { maxBytes: 5 });
    const second = budgets.open('incoming/x', { maxBytes: 5 });
    expect(first.take(3)).toBe(true);
    expect(second.take(3)).toBe(false);
    first.done(3);
    second.release();
    expect(budgets.size).toBe(0);
    // Stored, it does not count: a PUT replacing it may bring the whole limit again.
    expect(budgets.open('incoming/x', { maxBytes: 5 }).take(5)).toBe(true);
  });
});
