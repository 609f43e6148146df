import { describe, expect, it } from 'vitest';
import { quotaPeriod } from '../../src/stores/index.js';
import { msUntilNextQuotaMonth } from './quota-month.js';

describe('msUntilNextQuotaMonth', () => {
  it('counts to the first instant of the next quota period', () => {
    expect(msUntilNextQuotaMonth(new Date('2026-11-30T23:59:00Z'))).toBe(60_000);
    expect(msUntilNextQuotaMonth(new Date('2026-12-31T23:59:59.500Z'))).toBe(500);
    expect(msUntilNextQuotaMonth(new Date('2028-02-01T00:00:00Z'))).toBe(29 * 86_400_000);
    for (const instant of ['2026-11-30T23:59:00Z', '2026-12-31T12:00:00Z', '2027-02-28T23:00:00Z']) {
      const now = new Date(instant);
      const next = new Date(now.getTime() + msUntilNextQuotaMonth(now));
      expect(quotaPeriod(next)).not.toBe(quotaPeriod(now));
      expect(quotaPeriod(new Date(next.getTime() - 1))).toBe(quotaPeriod(now));
    }
  });
});
