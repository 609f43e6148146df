// Turns a service outcome into a Response: PDF bytes as they are, envelopes as JSON, failures via errorResponse.
import type { ManagementOutcome } from '../service/index.js';
import { errorResponse } from './error-response.js';
import { jsonResponse } from './json-response.js';

export function outcomeResponse(outcome: ManagementOutcome<unknown>): Response {
  if (!outcome.ok) return errorResponse(outcome.error);
  if (outcome.body instanceof Uint8Array) {
    return new Response(outcome.body as Uint8Array<ArrayBuffer>, { status: outcome.status, headers: outcome.headers });
  }
  return jsonResponse(outcome.status, outcome.body, outcome.headers);
}
