// The one place errors become responses: a known error renders its envelope, anything else a bare 500.
import { MethodNotAllowedError, PagesmithError, UnauthorizedError } from '../errors/index.js';
import { jsonResponse } from './json-response.js';

const INTERNAL_ERROR = { success: false, message: 'Internal server error. Please try again later.', data: [] } as const;

export function errorResponse(error: unknown): Response {
  if (!(error instanceof PagesmithError)) return jsonResponse(500, INTERNAL_ERROR);
  const headers: Record<string, string> = {};
  if (error instanceof UnauthorizedError) headers['www-authenticate'] = 'Bearer';
  if (error instanceof MethodNotAllowedError) headers['allow'] = error.allow.join(', ');
  return jsonResponse(error.status, error.toEnvelope(), headers);
}
