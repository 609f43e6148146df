// Webhook signatures as Stripe makes them: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the account's secret>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request header that carries the signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'Pagesmith-Signature';
/** How old a signature `verifyWebhookSignature` accepts by default, in seconds: replays past it are refused. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhookPayload(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received, before any JSON parsing. */
  readonly body: string;
  /** The Pagesmith-Signature header. */
  readonly header: string | null | undefined;
  /** The account's webhook secret. */
  readonly secret: string;
  /** Oldest (and furthest in the future) timestamp accepted; default 300 s. */
  readonly toleranceSeconds?: number;
  /** Unix seconds now; defaults to the clock. */
  readonly now?: number;
}

/**
 * True when the header holds a `v1` signature of `body` under `secret` made within the tolerance.
 * Compares in constant time; several `v1` entries (a secret being rotated) pass if any matches.
 */
export function verifyWebhookSignature(options: VerifyWebhookOptions): boolean {
  const parts = (options.header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([key]) => key === 't').map(([, value]) => Number(value));
  const signatures = parts.filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => value as string);
  const timestamp = timestamps[0];
  if (timestamps.length !== 1 || timestamp === undefined || !Number.isSafeInteger(timestamp) || signatures.length === 0) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmac(options.secret, timestamp, options.body), 'hex');
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
