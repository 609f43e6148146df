// Management call outcomes: the service's outcomes plus 201 for records created.
import type { Principal } from '../deps.js';
import { failureOutcome, type Outcome, type OutcomeHeaders } from '../outcome.js';
import { asPagesmithError } from '../run-safely.js';
import { DocumentCreationError } from '../../errors/index.js';

export interface CreatedOutcome<Body> {
  readonly ok: true;
  readonly status: 201;
  readonly headers: OutcomeHeaders;
  readonly body: Body;
}

export type ManagementOutcome<Body> = Outcome<Body> | CreatedOutcome<Body>;

export function createdOutcome<Body>(body: Body): CreatedOutcome<Body> {
  return { ok: true, status: 201, headers: { 'content-type': 'application/json' }, body };
}

/** Like runSafely, for calls that may also answer 201: every failure resolves to an outcome. */
export async function runManaged<Body>(
  principal: Principal,
  call: (accountId: string) => Promise<ManagementOutcome<Body>>,
): Promise<ManagementOutcome<Body>> {
  try {
    const accountId: unknown = principal?.accountId;
    if (typeof accountId !== 'string' || accountId === '') {
      throw new DocumentCreationError({ detail: 'principal.accountId must be a non-empty string' });
    }
    return await call(accountId);
  } catch (error) {
    return failureOutcome(asPagesmithError(error));
  }
}
