// Checks a pagesmith job webhook where pagesmith is not installed: node:crypto only (docs/http.md, "Queued jobs").
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * True when `signature` (the Pagesmith-Signature header, `t=<unix seconds>,v1=<hex>`) is the
 * HMAC-SHA256 of `"<t>.<rawBody>"` under the account's webhook secret, made in the last five minutes.
 * `rawBody` is the request body exactly as received, before any JSON parsing.
 */
export function isPagesmithWebhook(rawBody: string, signature: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const fields = new Map(signature.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
