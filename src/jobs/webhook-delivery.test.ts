import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook } from './webhook-delivery.js';
import { verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_0123456789abcdef';
const seen: { signature: string; id: string; body: string }[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ signature: String(req.headers['pagesmith-signature']), id: String(req.headers['pagesmith-webhook-id']), body });
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 2000);
      if (req.url === '/moved') return void res.writeHead(302, { location: '/ok' }).end();
      res.writeHead(req.url === '/ok' ? 204 : 503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allowed = { allowHosts: ['127.0.0.1'] };
const send = (path: string, policy = allowed, timeoutMs = 5000) => deliverWebhook({ url: `${base}${path}`, body: '{"event":"job.completed"}', secret, id: 'job-1', timeoutMs }, policy);

describe('deliverWebhook', () => {
  it('delivers on a 2xx, signed, with the job id', async () => {
    expect(await send('/ok')).toEqual({ kind: 'delivered', status: 204 });
    const last = seen.at(-1)!;
    expect(last.id).toBe('job-1');
    expect(verifyWebhookSignature({ body: last.body, header: last.signature, secret })).toBe(true);
  });

  it('fails (to be tried again) on any other answer, a redirect included, and on a timeout', async () => {
    expect(await send('/down')).toEqual({ kind: 'failed', reason: 'HTTP 503' });
    expect(await send('/moved')).toEqual({ kind: 'failed', reason: 'HTTP 302' });
    expect(await send('/slow', allowed, 200)).toEqual({ kind: 'failed', reason: 'no answer within 200 ms' });
  });

  it('refuses a loopback receiver that is not allow-listed, without connecting', async () => {
    const before = seen.length;
    const result = await send('/ok', { allowHosts: [] });
    expect(result).toMatchObject({ kind: 'refused' });
    expect(seen.length).toBe(before);
  });
});
