// Reads a request's JSON body within a byte limit, refusing it as soon as the limit is passed.
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/index.js';
import { parseJinjaJson } from '../template/jinja/index.js';

/** 10 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Throws UnsupportedMediaTypeError (415) for a non-JSON content type, PayloadTooLargeError (413)
 * once more than `maxBytes` have arrived (or are announced), ValidationError (422) for an empty
 * body or one that is not JSON. A body without a content type is read as JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  assertJsonContentType(request.headers.get('content-type'));
  const announced = Number(request.headers.get('content-length') ?? Number.NaN);
  if (announced > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new PayloadTooLargeError(maxBytes, { detail: `content-length ${announced}` });
  }
  const bytes = await readLimited(request.body, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson('body is not UTF-8');
  }
  if (text.trim() === '') throw new ValidationError([{ field: '', type: 'missing', message: 'Field required' }]);
  try {
    // As Python's json.loads reads it: `1180.0` stays a float, which Jinja2 prints `1180.0`.
    return parseJinjaJson(text);
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : String(error));
  }
}

function assertJsonContentType(header: string | null): void {
  if (header === null) return;
  const mediaType = header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'))) return;
  throw new UnsupportedMediaTypeError({ detail: `content-type ${header}` });
}

async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop here: the rest is never buffered. Node's adapter drains what is still on the wire.
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(maxBytes, { detail: `more than ${maxBytes} bytes arrived` });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function invalidJson(detail: string): ValidationError {
  return new ValidationError([{ field: '', type: 'json_invalid', message: 'JSON decode error' }], { detail });
}
