// Sends one webhook: a signed JSON POST to the checked address, within a time limit, with no redirects followed.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, pinnedLookup } from '../resources/network.js';
import { checkWebhookTarget, type WebhookAddressPolicy } from './webhook-target.js';
import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.js';

export interface WebhookDelivery {
  readonly url: string;
  /** The JSON body, signed as sent. */
  readonly body: string;
  readonly secret: string;
  /** Sent as Pagesmith-Webhook-Id: the same on every attempt, for receivers that drop repeats. */
  readonly id: string;
  readonly timeoutMs: number;
  /** Unix seconds; defaults to the clock. */
  readonly timestamp?: number;
}

/** `delivered` on a 2xx; `refused` when the address policy forbids the target (retrying would not help); `failed` otherwise. */
export type DeliveryResult = { readonly kind: 'delivered'; readonly status: number } | { readonly kind: 'refused' | 'failed'; readonly reason: string };

export async function deliverWebhook(delivery: WebhookDelivery, policy: WebhookAddressPolicy): Promise<DeliveryResult> {
  const url = new URL(delivery.url);
  const target = await checkWebhookTarget(url, policy);
  if ('reason' in target) return { kind: 'refused', reason: target.reason };
  const hostname = bareHost(url);
  const timestamp = delivery.timestamp ?? Math.floor(Date.now() / 1000);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryResult>((resolve) => {
    const req = request({
      protocol: url.protocol,
      hostname: isIP(hostname) !== 0 ? target.address : hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(delivery.body),
        'user-agent': 'pagesmith-webhooks',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(delivery.body, delivery.secret, timestamp),
        'Pagesmith-Webhook-Id': delivery.id,
      },
      lookup: pinnedLookup(target),
      ...(url.protocol === 'https:' && isIP(hostname) === 0 ? { servername: hostname } : {}),
      agent: false,
      signal: AbortSignal.timeout(delivery.timeoutMs),
    });
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // The receiver's answer body is not read beyond draining it.
      response.resume();
      resolve(status >= 200 && status <= 299 ? { kind: 'delivered', status } : { kind: 'failed', reason: `HTTP ${status}` });
    });
    req.on('error', (error) => resolve({ kind: 'failed', reason: error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${delivery.timeoutMs} ms` : error.message }));
    req.end(delivery.body);
  });
}
