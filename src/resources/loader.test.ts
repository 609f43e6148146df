import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader } from './loader.js';

let root: string;
let base: string;

beforeAll(async () => {
  // root/
  //   secret.txt         outside the base folder
  //   base/logo.png      inside
  //   base/css/site.css
  //   base/link-out      symlink to ../secret.txt
  //   base/link-in       symlink to logo.png
  //   base/big.bin       1 KiB
  root = await mkdtemp(join(tmpdir(), 'pagesmith-resources-'));
  base = join(root, 'base');
  await mkdir(join(base, 'css'), { recursive: true });
  await writeFile(join(root, 'secret.txt'), 'secret');
  await writeFile(join(base, 'logo.png'), 'png-bytes');
  await writeFile(join(base, 'css', 'site.css'), 'p{}');
  await writeFile(join(base, 'big.bin'), Buffer.alloc(1024));
  await symlink(join(root, 'secret.txt'), join(base, 'link-out'));
  await symlink(join(base, 'logo.png'), join(base, 'link-in'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function recording(options: Parameters<typeof createResourceLoader>[0] = {}) {
  const refusals: { url: string; reason: string }[] = [];
  const loader = createResourceLoader({ ...options, onRefused: (url, reason) => refusals.push({ url, reason }) });
  return { loader, refusals };
}

const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('utf8') : undefined);

describe('createResourceLoader with no options', () => {
  it('reads data: URIs and nothing else', async () => {
    const { loader, refusals } = recording();
    expect(loader.documentBaseUrl).toBeNull();
    const png = await loader.load('data:image/png;base64,aGk=', 'image');
    expect(png).toEqual({ url: 'data:image/png;base64,aGk=', bytes: new Uint8Array([0x68, 0x69]), mimeType: 'image/png' });
    const css = await loader.load('data:text/css,p%7Bcolor%3Ared%7D', 'stylesheet');
    expect(text(css?.bytes)).toBe('p{color:red}');

    expect(await loader.load('logo.png', 'image')).toBeNull();
    expect(await loader.load(pathToFileURL(join(base, 'logo.png')).href, 'image')).toBeNull();
    expect(await loader.load('https://example.com/a.png', 'image')).toBeNull();
    expect(await loader.load('javascript:alert(1)', 'image')).toBeNull();
    expect(refusals.map((r) => r.reason)).toEqual([
      'relative URL and no base folder',
      'file access not enabled (no baseDir)',
      'network access not enabled (no allowNetwork)',
      'scheme javascript: not allowed',
    ]);
  });
});

describe('createResourceLoader with a base folder', () => {
  it('exposes the folder as a file URL with a trailing slash', () => {
    const { loader } = recording({ baseDir: base });
    expect(loader.documentBaseUrl).toBe(`${pathToFileURL(base).href}/`);
  });

  it('reads files inside by relative, absolute-path and file: URLs', async () => {
    const { loader, refusals } = recording({ baseDir: base });
    const logo = await loader.load('logo.png', 'image');
    expect(text(logo?.bytes)).toBe('png-bytes');
    expect(logo?.mimeType).toBe('image/png');
    expect(logo?.url).toBe(`${pathToFileURL(base).href}/logo.png`);
    expect(text((await loader.load('css/site.css', 'stylesheet'))?.bytes)).toBe('p{}');
    expect(text((await loader.load(join(base, 'logo.png'), 'image'))?.bytes)).toBe('png-bytes');
    expect(text((await loader.load(pathToFileURL(join(base, 'logo.png')).href, 'image'))?.bytes)).toBe('png-bytes');
    expect(text((await loader.load('./css/../logo.png', 'image'))?.bytes)).toBe('png-bytes');
    expect(text((await loader.load('link-in', 'image'))?.bytes)).toBe('png-bytes');
    expect(refusals).toEqual([]);
  });

  it('resolves against the baseUrl of the referring resource', async () => {
    const { loader } = recording({ baseDir: base });
    const cssUrl = `${pathToFileURL(base).href}/css/site.css`;
    expect(text((await loader.load('../logo.png', 'image', cssUrl))?.bytes)).toBe('png-bytes');
    expect(await loader.load('../../secret.txt', 'image', cssUrl)).toBeNull();
  });

  it.each([
    ['../secret.txt', '.. traversal'],
    ['css/../../secret.txt', 'nested .. traversal'],
    ['%2e%2e/secret.txt', 'percent-encoded traversal'],
    ['%2E%2E/%2e%2E/secret.txt', 'mixed-case encoded traversal'],
    ['..%2fsecret.txt', 'encoded slash'],
    ['..%5csecret.txt', 'encoded backslash'],
    ['..\\secret.txt', 'backslash traversal'],
    ['/etc/passwd', 'absolute path elsewhere'],
    ['file:///etc/passwd', 'file: URL elsewhere'],
    ['file://otherhost/etc/passwd', 'file: URL on another host'],
    ['link-out', 'symlink pointing outside'],
    ['logo.png%00.css', 'NUL byte'],
    ['css/', 'a directory'],
    ['.', 'the base folder itself'],
    ['missing.png', 'a missing file'],
  ])('refuses %s (%s)', async (url) => {
    const { loader, refusals } = recording({ baseDir: base });
    expect(await loader.load(url, 'image')).toBeNull();
    expect(refusals).toHaveLength(1);
    expect(refusals[0].url).toBe(url);
  });

  it('says why a symlink out is refused', async () => {
    const { loader, refusals } = recording({ baseDir: base });
    await loader.load('link-out', 'image');
    expect(refusals[0].reason).toBe('resolves (through a symlink) outside the base folder');
  });

  it('refuses special files', async () => {
    const { loader, refusals } = recording({ baseDir: base });
    const fifo = join(base, 'pipe');
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [fifo]);
    try {
      expect(await loader.load('pipe', 'image')).toBeNull();
      expect(refusals[0].reason).toBe('not a regular file');
    } finally {
      await rm(fifo);
    }
  });

  it('enforces the size limit on files and data: URIs', async () => {
    const { loader, refusals } = recording({ baseDir: base, maxBytes: 1000 });
    expect(await loader.load('big.bin', 'image')).toBeNull();
    expect(await loader.load(`data:,${'x'.repeat(1001)}`, 'image')).toBeNull();
    expect(refusals.map((r) => r.reason)).toEqual(['file larger than 1000 bytes', 'data: URI larger than 1000 bytes']);
    const roomy = createResourceLoader({ baseDir: base, maxBytes: 1024 });
    expect((await roomy.load('big.bin', 'image'))?.bytes.byteLength).toBe(1024);
  });

  it('never throws, even when onRefused does', async () => {
    const loader = createResourceLoader({
      onRefused: () => {
        throw new Error('strict');
      },
    });
    await expect(loader.load('nope.png', 'image')).resolves.toBeNull();
    await expect(loader.load('http://[::1', 'image')).resolves.toBeNull();
  });
});

describe('createResourceLoader and the network', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('should never be served');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('refuses http(s) unless allowNetwork is given', async () => {
    const { loader, refusals } = recording({ baseDir: base });
    expect(await loader.load(`http://127.0.0.1:${port}/a.png`, 'image')).toBeNull();
    expect(refusals[0].reason).toBe('network access not enabled (no allowNetwork)');
    expect(hits).toBe(0);
  });

  it('refuses hosts outside the allow-list', async () => {
    const { loader, refusals } = recording({ allowNetwork: { hosts: ['cdn.example.com'] } });
    expect(await loader.load(`http://127.0.0.1:${port}/a.png`, 'image')).toBeNull();
    expect(await loader.load('https://evil.example.com/a.png', 'image')).toBeNull();
    expect(await loader.load('ftp://cdn.example.com/a.png', 'image')).toBeNull();
    expect(refusals.map((r) => r.reason)).toEqual([
      'host 127.0.0.1 is not in the allow-list',
      'host evil.example.com is not in the allow-list',
      'scheme ftp: not allowed',
    ]);
    expect(hits).toBe(0);
  });

  it('refuses loopback even when the host is allow-listed', async () => {
    const { loader, refusals } = recording({ allowNetwork: { hosts: ['localhost', '127.0.0.1', '[::1]', '[::ffff:7f00:1]'] } });
    expect(await loader.load(`http://localhost:${port}/a.png`, 'image')).toBeNull();
    expect(await loader.load(`http://127.0.0.1:${port}/a.png`, 'image')).toBeNull();
    expect(await loader.load(`http://[::1]:${port}/a.png`, 'image')).toBeNull();
    expect(await loader.load(`http://[::ffff:127.0.0.1]:${port}/a.png`, 'image')).toBeNull();
    expect(refusals[0].reason).toMatch(/^host localhost resolves to non-public address (127\.0\.0\.1|::1)$/);
    expect(refusals[1].reason).toBe('host 127.0.0.1 resolves to non-public address 127.0.0.1');
    expect(refusals[3].reason).toBe('host ::ffff:7f00:1 resolves to non-public address ::ffff:7f00:1');
    expect(hits).toBe(0);
  });
});
