import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHttp, pinnedLookup, type NetworkHooks, type NetworkPolicy } from './network.js';

// The only server is on 127.0.0.1, and every test here ends in a refusal. The hooks stand in for
// DNS (made-up `.test` names → 127.0.0.1) and let that one address pass the address check, so
// the checks after connecting (size, redirects, time) can be exercised without outside traffic.
let server: Server;
let port: number;
const hits: string[] = [];

const hooks: NetworkHooks = {
  resolveHost: async (hostname) => {
    if (hostname === 'rebind.test') return [{ address: '127.0.0.1', family: 4 }, { address: '10.0.0.1', family: 4 }];
    if (hostname.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
    throw new Error('ENOTFOUND');
  },
  isAddressAllowed: (address) => address === '127.0.0.1',
};

const policy = (overrides: Partial<NetworkPolicy> = {}): NetworkPolicy => ({
  hosts: ['a.test', 'b.test', 'rebind.test'],
  maxBytes: 1000,
  timeoutMs: 2000,
  ...overrides,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    const path = req.url ?? '/';
    if (path === '/streamed-big') {
      // No content-length: the limit has to be enforced while the body arrives.
      res.write(Buffer.alloc(800));
      res.write(Buffer.alloc(800));
      res.end(Buffer.alloc(800));
    } else if (path === '/declared-big') {
      res.writeHead(200, { 'content-length': '5000' });
      res.end(Buffer.alloc(5000));
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (path === '/to-other') {
      res.writeHead(301, { location: `http://evil.test:${port}/secret` });
      res.end();
    } else if (path === '/to-rebind') {
      res.writeHead(307, { location: `http://rebind.test:${port}/secret` });
      res.end();
    } else if (path === '/hang') {
      // Never answers: the time limit has to end the request.
    } else if (path === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('x');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const at = (host: string, path: string) => new URL(`http://${host}:${port}${path}`);

describe('loadHttp', () => {
  it('connects to the pinned address and cuts off a streamed body past maxBytes', async () => {
    expect(await loadHttp(at('a.test', '/streamed-big'), policy(), hooks)).toEqual({ ok: false, reason: 'response larger than 1000 bytes' });
    expect(hits).toContain(`a.test:${port}/streamed-big`);
  });

  it('refuses a declared content-length over maxBytes', async () => {
    expect(await loadHttp(at('a.test', '/declared-big'), policy(), hooks)).toEqual({ ok: false, reason: 'response larger than 1000 bytes' });
  });

  it('re-checks the allow-list on a redirect and never contacts the other host', async () => {
    expect(await loadHttp(at('a.test', '/to-other'), policy(), hooks)).toEqual({ ok: false, reason: 'host evil.test is not in the allow-list' });
    expect(hits.some((h) => h.startsWith('evil.test'))).toBe(false);
  });

  it('re-checks DNS on a redirect and refuses a host with any non-public answer', async () => {
    expect(await loadHttp(at('a.test', '/to-rebind'), policy(), hooks)).toEqual({ ok: false, reason: 'host rebind.test resolves to non-public address 10.0.0.1' });
    expect(hits.some((h) => h.startsWith('rebind.test'))).toBe(false);
  });

  it('follows at most three redirects', async () => {
    const before = hits.length;
    expect(await loadHttp(at('a.test', '/loop'), policy(), hooks)).toEqual({ ok: false, reason: 'more than 3 redirects' });
    expect(hits.length - before).toBe(4);
  });

  it('gives up after timeoutMs', async () => {
    const started = Date.now();
    expect(await loadHttp(at('a.test', '/hang'), policy({ timeoutMs: 200 }), hooks)).toEqual({ ok: false, reason: 'timed out after 200 ms' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses error statuses, unrequested encodings, credentials and unresolvable hosts', async () => {
    expect(await loadHttp(at('a.test', '/missing'), policy(), hooks)).toEqual({ ok: false, reason: 'HTTP 404' });
    expect(await loadHttp(at('a.test', '/gzip'), policy(), hooks)).toEqual({ ok: false, reason: 'unrequested content-encoding gzip' });
    expect(await loadHttp(new URL(`http://user:pw@a.test:${port}/`), policy(), hooks)).toEqual({ ok: false, reason: 'URL carries credentials' });
    expect(await loadHttp(new URL('http://nowhere.invalid/'), policy({ hosts: ['nowhere.invalid'] }), hooks)).toEqual({
      ok: false,
      reason: 'host nowhere.invalid does not resolve',
    });
  });

  it('refuses loopback with the real address check', async () => {
    const before = hits.length;
    const outcome = await loadHttp(at('a.test', '/streamed-big'), policy(), { resolveHost: hooks.resolveHost });
    expect(outcome).toEqual({ ok: false, reason: 'host a.test resolves to non-public address 127.0.0.1' });
    expect(hits.length).toBe(before);
  });
});

describe('pinnedLookup', () => {
  it('answers every query with the pinned address, in both callback shapes', () => {
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 });
    const answers: unknown[] = [];
    lookup('attacker-rebinds.example', { all: true }, (_err, address) => answers.push(address));
    lookup('attacker-rebinds.example', {}, (_err, address, family) => answers.push([address, family]));
    expect(answers).toEqual([[{ address: '93.184.216.34', family: 4 }], ['93.184.216.34', 4]]);
  });
});
