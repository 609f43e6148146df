// The CLI's servers count the monthly quota on the real clock (they have no other), so a test
// that began in one UTC month and ended in the next would see the count restart halfway (a CI
// run at midnight on 30 November did: 100 documents made against a limit of 50). Within a few
// minutes of a month's end, a test first waits for the next month to begin.
import { beforeEach } from 'vitest';
import { msUntilNextQuotaMonth } from './quota-month.js';

const GUARD_MS = 5 * 60_000;

beforeEach(async () => {
  const wait = msUntilNextQuotaMonth(new Date());
  if (wait < GUARD_MS) await new Promise((resolve) => setTimeout(resolve, wait + 1_000));
}, GUARD_MS + 10_000);
