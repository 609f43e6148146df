// The one place errors become responses: a known error renders its envelope, anything else a bare 500.
import { MethodNotAllowedError, PagesmithError, UnauthorizedError } from '../errors/index.js';

const INTERNAL_ERROR = { success: false, message: 'Internal server error. Please try again later.', data: [] } as const;

/** An error's answer as plain parts, for writers that have no Response (a raw socket). */
export interface ErrorAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON envelope, serialised. */
  readonly body: string;
}

export function errorAnswer(error: unknown): ErrorAnswer {
  if (!(error instanceof PagesmithError)) return { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify(INTERNAL_ERROR) };
  const headers: Record<string, string> = {};
  if (error instanceof UnauthorizedError) headers['www-authenticate'] = 'Bearer';
  if (error instanceof MethodNotAllowedError) headers['allow'] = error.allow.join(', ');
  headers['content-type'] = 'application/json';
  return { status: error.status, headers, body: JSON.stringify(error.toEnvelope()) };
}

export function errorResponse(error: unknown): Response {
  const { status, headers, body } = errorAnswer(error);
  return new Response(body, { status, headers });
}
