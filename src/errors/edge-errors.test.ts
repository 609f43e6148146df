// The errors of management and the HTTP edge: statuses, codes, envelopes, and what each message tells the caller to do.
import { describe, expect, it } from 'vitest';
import {
  ApplicationNotFoundError,
  HeadersTooLargeError,
  MalformedRequestError,
  MethodNotAllowedError,
  NoPageImagesError,
  NothingToUpdateError,
  PageImagesUnavailableError,
  PageNotFoundError,
  PagesmithError,
  PayloadTooLargeError,
  RequestTimeoutError,
  RouteNotFoundError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './index.js';

describe('edge and management errors', () => {
  it.each([
    [new ApplicationNotFoundError(), 404, 'APPLICATION_NOT_FOUND', 'Application not found.'],
    [new NothingToUpdateError(), 400, 'NOTHING_TO_UPDATE', 'No fields provided to update.'],
    [new UnauthorizedError(), 401, 'UNAUTHORIZED', 'Invalid or missing API key'],
    [new RouteNotFoundError(), 404, 'ROUTE_NOT_FOUND', 'Not found. The routes this service answers are listed at /v1/openapi.json.'],
    [new MethodNotAllowedError(['GET', 'POST']), 405, 'METHOD_NOT_ALLOWED', 'Method not allowed. Use GET, POST for this path.'],
    [new MethodNotAllowedError([]), 405, 'METHOD_NOT_ALLOWED', 'Method not allowed.'],
    [new PayloadTooLargeError(1024), 413, 'PAYLOAD_TOO_LARGE', 'Request body is larger than the limit of 1024 bytes. Send a smaller body.'],
    [new MalformedRequestError(), 400, 'MALFORMED_REQUEST', 'Bad request. The request line or headers could not be read; send a well-formed HTTP/1.1 request.'],
    [new RequestTimeoutError(), 408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Send it again, faster.'],
    [new HeadersTooLargeError(), 431, 'HEADERS_TOO_LARGE', 'Request headers are too large. Send fewer or shorter headers.'],
    [new PageNotFoundError(3), 404, 'PAGE_NOT_FOUND', 'Page not found. The document has 3 pages, numbered from 1.'],
    [new PageNotFoundError(1), 404, 'PAGE_NOT_FOUND', 'Page not found. The document has 1 page, numbered from 1.'],
    [new PageNotFoundError(null), 404, 'PAGE_NOT_FOUND', 'Page not found. Pages are numbered from 1, as in /pages/1.png.'],
    [
      new PageImagesUnavailableError(),
      501,
      'PAGE_IMAGES_UNAVAILABLE',
      'Page images are not available on this server: they need the native engine and @napi-rs/canvas, an optional peer dependency of pagesmith. Install it where the server runs: npm install @napi-rs/canvas',
    ],
    [
      new NoPageImagesError('protected'),
      409,
      'NO_PAGE_IMAGES',
      'Password-protected documents have no page images: the HTML they were printed from is not kept, so their content stays behind the password.',
    ],
    [
      new NoPageImagesError('not_kept'),
      409,
      'NO_PAGE_IMAGES',
      'This document has no page images: it was stored before pagesmith kept the HTML documents are printed from. Generate it again to get them.',
    ],
    [new UnsupportedMediaTypeError(), 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type. Send the body as JSON with Content-Type: application/json.'],
  ])('%s has its status, code and the { success, message, data: [] } envelope', (error, status, code, message) => {
    expect(error).toBeInstanceOf(PagesmithError);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.toEnvelope()).toEqual({ success: false, message, data: [] });
  });

  it('keeps what the edge needs for headers', () => {
    expect(new MethodNotAllowedError(['GET']).allow).toEqual(['GET']);
    expect(new PayloadTooLargeError(10).maxBytes).toBe(10);
  });

  it('keeps detail out of the envelope', () => {
    expect(JSON.stringify(new UnauthorizedError({ detail: 'key sk_live_abc unknown' }))).not.toContain('sk_live_abc');
  });
});
