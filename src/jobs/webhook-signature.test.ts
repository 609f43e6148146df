import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWebhookSecrets } from './webhook-secrets.js';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_0123456789abcdef';

describe('webhook signatures', () => {
  it('verifies what it signs, and nothing changed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }), (body, other, t) => {
        const header = signWebhookPayload(body, secret, t);
        expect(verifyWebhookSignature({ body, header, secret, now: t })).toBe(true);
        expect(verifyWebhookSignature({ body, header, secret: `${secret}x`, now: t })).toBe(false);
        if (other !== body) expect(verifyWebhookSignature({ body: other, header, secret, now: t })).toBe(false);
        expect(verifyWebhookSignature({ body, header, secret, now: t + 301 })).toBe(false);
      }),
    );
  });

  it('is HMAC-SHA256 of "<t>.<body>" in hex, as the docs tell receivers to compute it', () => {
    const body = '{"event":"job.completed"}';
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhookPayload(body, secret, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('refuses headers that are missing, malformed or carry two timestamps', () => {
    const body = '{}';
    const good = signWebhookPayload(body, secret, 1_700_000_000);
    for (const header of [null, '', 't=1700000000', 'v1=00', `${good},t=1700000001`, good.replace('v1=', 'v0=')]) {
      expect(verifyWebhookSignature({ body, header, secret, now: 1_700_000_000 })).toBe(false);
    }
  });

  it('reads PAGESMITH_WEBHOOK_SECRETS as account:secret pairs', () => {
    expect([...parseWebhookSecrets(' acct-1:whsec_aaaaaaaaaaaaaaaa , acct-2:whsec:with:colons:xx ')]).toEqual([
      ['acct-1', 'whsec_aaaaaaaaaaaaaaaa'],
      ['acct-2', 'whsec:with:colons:xx'],
    ]);
    expect(() => parseWebhookSecrets('acct-1')).toThrow(/not account:secret/);
    expect(() => parseWebhookSecrets('acct-1:short')).toThrow(/shorter than 16/);
    expect(() => parseWebhookSecrets('a:whsec_aaaaaaaaaaaaaaaa,a:whsec_bbbbbbbbbbbbbbbb')).toThrow(/two webhook secrets/);
  });
});
