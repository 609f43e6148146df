import { describe, expect, it } from 'vitest';
import { findRegressions, updateRecord } from '../../scripts/fidelity/ratchet.js';
import { median } from '../../scripts/fidelity/table.js';

describe('findRegressions', () => {
  const recorded = { 'a/one': 50, 'b/two': 40, 'c/three': 30 };

  it('flags only drops of more than the tolerance', () => {
    expect(findRegressions(recorded, { 'a/one': 48, 'b/two': 37.9, 'c/three': 35 })).toEqual([{ id: 'b/two', recorded: 40, current: 37.9 }]);
  });

  it('ignores documents without a record and records not measured this run', () => {
    expect(findRegressions(recorded, { 'd/new': 0 })).toEqual([]);
  });
});

describe('updateRecord', () => {
  const recorded = { 'a/one': 50, 'b/two': 40 };

  it('only raises scores, keeps unmeasured ones and adds new ones, sorted', () => {
    expect(updateRecord(recorded, { 'b/two': 45, 'a/one': 10, '0/new': 5 }, false)).toEqual({ '0/new': 5, 'a/one': 50, 'b/two': 45 });
    expect(Object.keys(updateRecord(recorded, { '0/new': 5 }, false))).toEqual(['0/new', 'a/one', 'b/two']);
  });

  it('lowers scores with force', () => {
    expect(updateRecord(recorded, { 'a/one': 10 }, true)).toEqual({ 'a/one': 10, 'b/two': 40 });
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
