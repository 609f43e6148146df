// `pagesmith serve --data-dir` against real processes: one server per folder, and a restart after SIGKILL under load that counts what was delivered.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, serve } from './cli-harness.js';
import { ALICE_KEY, client } from './harness.js';

const env = { PAGESMITH_API_KEYS: `${ALICE_KEY}:acct-alice` };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-cli-data-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid the folder's lock file names. */
async function ownerPid(dataDir: string): Promise<number> {
  return (JSON.parse(await readFile(join(dataDir, 'pagesmith.lock'), 'utf8')) as { pid: number }).pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function allFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('two pagesmith serve processes on one --data-dir', () => {
  it('refuses to start the second, naming the first one’s pid and the coming database store', async () => {
    const dataDir = join(dir, 'shared');
    const first = await serve(['--data-dir', dataDir, '--monthly-limit', '20'], env);
    try {
      const pid = first.serverPid();
      expect(await ownerPid(dataDir)).toBe(pid);
      const second = await run(['serve', '--port', '0', '--data-dir', dataDir, '--monthly-limit', '20'], env);
      expect(second.code).toBe(1);
      expect(second.stdout.toString()).not.toContain('listening');
      expect(second.stderr).toContain(`in use by another pagesmith process (pid ${pid}`);
      expect(second.stderr).toContain('PostgreSQL');
      // The first one goes on serving, alone.
      const call = client(first.url);
      expect((await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } })).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // A clean stop gives the folder back.
    expect(await readdir(dataDir)).not.toContain('pagesmith.lock');
    const again = await serve(['--data-dir', dataDir], env);
    try {
      expect((await client(again.url)('GET', '/v1/usage')).json.data.used).toBe(1);
    } finally {
      await again.stop();
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const dataDir = join(dir, 'stale');
    await mkdir(dataDir, { recursive: true });
    const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    await writeFile(join(dataDir, 'pagesmith.lock'), JSON.stringify({ pid: gone, hostname: hostname(), since: '2026-01-01T00:00:00.000Z', token: 'old' }));
    const server = await serve(['--data-dir', dataDir], env);
    try {
      expect(await ownerPid(dataDir)).not.toBe(gone);
    } finally {
      await server.stop();
    }
  });
});

describe('pagesmith serve killed with SIGKILL under load', () => {
  it('restarts on the same folder with no debris, counting exactly the documents it kept', async () => {
    const dataDir = join(dir, 'killed');
    const first = await serve(['--data-dir', dataDir, '--monthly-limit', '1000'], env);
    const pid = first.serverPid();
    const call = client(first.url);
    const returned: string[] = [];
    let killed = false;
    const worker = async (): Promise<void> => {
      for (let n = 0; !killed; n += 1) {
        try {
          const answer = await call('POST', '/v1/documents/quick/generate', {
            body: { html: `<h1>{{ n }}</h1>${'<p>Some text to lay out and store.</p>'.repeat(40)}`, data: { n }, response_type: 'document_id' },
          });
          if (answer.status === 200) returned.push(answer.json.data.document_id as string);
        } catch {
          return; // The connection died with the server.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    while (returned.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(pid, 'SIGKILL');
    killed = true;
    await load;
    await first.exited;
    expect(alive(pid)).toBe(false);

    // What a crash at other points of a write leaves, made by hand so that every case is there.
    const documents = join(dataDir, 'documents');
    await writeFile(join(documents, 'document-00000000-0000-4000-8000-000000000001.pdf'), '%PDF-1.7 orphan');
    await writeFile(join(documents, 'document-00000000-0000-4000-8000-000000000002.json.5f1c.tmp'), '{"id":');
    await writeFile(join(dataDir, 'quota', 'cut-short.json.0a1b.tmp'), '');
    const [kept] = returned;
    const record = JSON.parse(await readFile(join(documents, `${kept}.json`), 'utf8')) as Record<string, unknown>;
    const uncounted = 'document-00000000-0000-4000-8000-000000000003';
    await writeFile(join(documents, `${uncounted}.pdf`), await readFile(join(documents, `${kept}.pdf`)));
    await writeFile(join(documents, `${uncounted}.json`), JSON.stringify({ ...record, id: uncounted }));
    await writeFile(join(documents, 'document-00000000-0000-4000-8000-000000000004.json'), JSON.stringify({ ...record, id: 'document-00000000-0000-4000-8000-000000000004' }));

    const second = await serve(['--data-dir', dataDir, '--monthly-limit', '1000'], env);
    try {
      const files = await allFiles(dataDir);
      expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
      const names = new Set(files.filter((file) => file.startsWith(documents)).map((file) => file.slice(documents.length + 1)));
      for (const name of names) {
        // A document's HTML (what its page images are painted from) is kept only beside its record and PDF.
        const id = name.replace(/\.(json|pdf|html)$/, '');
        expect(names.has(`${id}.json`) && names.has(`${id}.pdf`), `${name} without its pair`).toBe(true);
      }

      const again = client(second.url);
      const listed = ((await again('GET', '/v1/documents')).json.data as { document_id: string }[]).map((document) => document.document_id);
      const used = (await again('GET', '/v1/usage')).json.data.used as number;
      // Every id a client got back is there; a document made and stored whose answer the kill cut off can be downloaded, so it counts.
      for (const id of returned) expect(listed).toContain(id);
      expect(listed).toContain(uncounted);
      expect(used).toBe(listed.length);
      for (const id of listed.filter((id) => !returned.includes(id))) {
        expect((await again('GET', `/v1/documents/download/${id}`)).status).toBe(200);
      }
      expect(second.stderr()).toContain(`recovered ${dataDir} after an unclean stop`);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 120_000);
});

describe('pagesmith serve and malformed requests', () => {
  it('answers headers larger than Node reads with 431 and the JSON envelope', async () => {
    const server = await serve([], env);
    try {
      const { port } = new URL(server.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /v1/usage HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, data: [] });
    } finally {
      await server.stop();
    }
  });
});
