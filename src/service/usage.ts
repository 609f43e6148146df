// Usage: documents generated this UTC month against the account's monthly maximum.
import { monthlyLimitFor, resolveDeps, type Principal, type ServiceDeps } from './deps.js';
import { quotaPeriod } from './document-names.js';
import type { UsageEnvelope } from './envelopes.js';
import { jsonOutcome, type Outcome } from './outcome.js';
import { runSafely } from './run-safely.js';

export async function usage(deps: ServiceDeps, principal: Principal): Promise<Outcome<UsageEnvelope>> {
  return runSafely(principal, async (accountId) => {
    const resolved = resolveDeps(deps);
    const period = quotaPeriod(resolved.clock());
    const limit = await monthlyLimitFor(resolved, accountId);
    const { used } = await resolved.quota.usage(accountId, period);
    return jsonOutcome<UsageEnvelope>({ success: true, message: 'Usage retrieved successfully', data: { used, limit, period } });
  });
}
