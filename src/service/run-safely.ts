// Runs one service call so that every failure resolves to an outcome and none escapes as a throw.
import { DocumentCreationError, PagesmithError } from '../errors/index.js';
import { failureOutcome, type Outcome } from './outcome.js';
import type { Principal } from './deps.js';

export async function runSafely<Body>(principal: Principal, call: (accountId: string) => Promise<Outcome<Body>>): Promise<Outcome<Body>> {
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

export function asPagesmithError(error: unknown): PagesmithError {
  if (error instanceof PagesmithError) return error;
  return new DocumentCreationError({ detail: describeError(error), cause: error });
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
