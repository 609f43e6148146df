// The pagesmith CLI, run from source with tsx as its own process: render to a PDF file, and serve the API.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { run, serve } from './cli-harness.js';
import { ALICE_KEY, client, isPdf } from './harness.js';

/** About 300 pages of text: seconds to render. */
const LONG_DOCUMENT = `{% for i in range(1, n + 1) %}<p>Paragraph {{ i }}: ${'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(8)}</p>{% endfor %}`;

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pagesmith --help', () => {
  it('prints usage and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout.toString()).toMatch(/^Usage: pagesmith <command>/);
  });
});

// Each test starts the CLI once or twice from source (tsx): seconds apiece on a loaded machine.
describe('pagesmith render', { timeout: 90_000 }, () => {
  it('renders the example invoice to a PDF file', async () => {
    const out = join(dir, 'invoice.pdf');
    const { code, stderr } = await run(['render', 'examples/invoice.html', '--data', 'examples/invoice.json', '-o', out]);
    expect(code, stderr).toBe(0);
    const bytes = new Uint8Array(await readFile(out));
    expect(isPdf(bytes)).toBe(true);
    const text = (await readPdf(bytes)).pages.map((page) => page.text).join(' ');
    expect(text).toContain('INV-2026-0042');
  });

  it('protects the PDF with --password', async () => {
    const out = join(dir, 'protected.pdf');
    const { code, stderr } = await run(['render', 'examples/invoice.html', '--data', 'examples/invoice.json', '--password', 's3cret', '-o', out]);
    expect(code, stderr).toBe(0);
    expect((await readFile(out)).includes('/Encrypt')).toBe(true);
  });

  it('renders Markdown to stdout with -o -', async () => {
    const { code, stdout } = await run(['render', 'examples/report.md', '--data', 'examples/report.json', '-o', '-']);
    expect(code).toBe(0);
    expect(isPdf(stdout)).toBe(true);
  });

  it('reads relative resources from the template’s folder, or from --base-dir only', async () => {
    const project = join(dir, 'project');
    await rm(project, { recursive: true, force: true });
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'dot.png'), Buffer.from(PNG_1x1, 'base64'));
    await writeFile(join(project, 'page.html'), '<p>{{ title }}</p><img src="dot.png" width="10" height="10">');
    await writeFile(join(project, 'data.json'), '{"title":"Resources"}');
    await writeFile(join(project, 'extra.css'), 'p { color: #c00 }');

    const inFolder = await run(['render', join(project, 'page.html'), '--data', join(project, 'data.json'), '--css', join(project, 'extra.css'), '-o', join(dir, 'a.pdf')]);
    expect(inFolder.code, inFolder.stderr).toBe(0);
    expect(inFolder.stderr).not.toContain('skipped');

    const elsewhere = await run(['render', join(project, 'page.html'), '--data', join(project, 'data.json'), '--base-dir', dir, '-o', join(dir, 'b.pdf')]);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stderr).toMatch(/skipped .*dot\.png/);
  });

  it('exits 1 naming the problem when rendering fails', async () => {
    const template = join(dir, 'broken.html');
    await writeFile(template, '<p>{{ missing }}</p>');
    const { code, stderr } = await run(['render', template, '-o', join(dir, 'broken.pdf')]);
    expect(code).toBe(1);
    expect(stderr).toContain('Template engine error!');
    expect(stderr).toContain('missing');
  });

  it('exits 2 without an output file', async () => {
    const { code, stderr } = await run(['render', 'examples/invoice.html']);
    expect(code).toBe(2);
    expect(stderr).toContain('-o');
  });
});

describe('pagesmith check', () => {
  it('prints the problems and exits 1, as its own process', async () => {
    const template = join(dir, 'check.html');
    await writeFile(template, '<p>{{ total | money }}</p>');
    const { code, stdout } = await run(['check', template]);
    expect(code).toBe(1);
    expect(stdout.toString()).toContain(":1:15: syntax_error: TemplateAssertionError: No filter named 'money'.\n    {{ total | money }}\n1 problem\n");
    const fine = await run(['check', 'examples/invoice.html', '--data', 'examples/invoice.json']);
    expect(fine.code, fine.stdout.toString()).toBe(0);
  });
});

describe('pagesmith serve', () => {
  const env = { PAGESMITH_API_KEYS: `${ALICE_KEY}:acct-alice` };

  it('serves the API on the port it prints, and stops on SIGTERM', async () => {
    const server = await serve(['--monthly-limit', '3'], env);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const call = client(server.url);
      const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } });
      expect(made.status).toBe(200);
      expect(made.json.data.download_url.startsWith(`${server.url}/v1/documents/download/`)).toBe(true);
      expect((await call('GET', '/v1/usage')).json.data).toMatchObject({ used: 1, limit: 3 });
      expect((await call('GET', '/v1/usage', { key: 'sk_wrong' })).status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('renders on worker threads with --threads, and still stops on SIGTERM', async () => {
    const server = await serve(['--threads', '2'], env);
    try {
      const call = client(server.url);
      const made = await Promise.all(['one', 'two', 'three'].map((word) =>
        call('POST', '/v1/documents/quick/generate', { body: { html: '<p>{{ w }}</p>', data: { w: word }, response_type: 'json_with_base64' } })));
      for (const [i, word] of ['one', 'two', 'three'].entries()) {
        expect(made[i].status).toBe(200);
        expect((await readPdf(Buffer.from(made[i].json.data.pdf_content, 'base64'))).pages[0].text).toBe(word);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('answers other requests while a long document renders, on the default settings', async () => {
    const server = await serve([], env);
    try {
      const call = client(server.url);
      // Started once, so the long render below begins at once.
      expect((await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>warm</p>', data: {}, response_type: 'pdf' } })).status).toBe(200);
      const answered: string[] = [];
      const render = call('POST', '/v1/documents/quick/generate', { body: { html: LONG_DOCUMENT, data: { n: 2000 }, response_type: 'json_with_base64' } }).then((answer) => {
        answered.push('render');
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const usage = await call('GET', '/v1/usage');
      answered.push('usage');
      expect(usage.status).toBe(200);
      expect((await render).status).toBe(200);
      expect(answered).toEqual(['usage', 'render']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('renders in process with --threads 0, and refuses a --threads that is not a number', async () => {
    const server = await serve(['--threads', '0'], env);
    try {
      expect((await client(server.url)('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'pdf' } })).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const { code, stderr } = await run(['serve', '--threads', 'many'], env);
    expect(code).toBe(2);
    expect(stderr).toContain('--threads must be a whole number');
  });

  it('caps each render thread\'s heap with --render-heap-mb: a document needing more is a 422, the next renders', async () => {
    const server = await serve(['--threads', '1', '--render-heap-mb', '32'], env);
    try {
      const call = client(server.url);
      // 2000 paragraphs render on the default 128 MB (above); they need more than 32.
      const tooBig = await call('POST', '/v1/documents/quick/generate', { body: { html: LONG_DOCUMENT, data: { n: 2000 }, response_type: 'pdf' } });
      expect(tooBig.status).toBe(422);
      expect(JSON.stringify(tooBig.json)).toMatch(/memory/i);
      const next = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>{{ w }}</p>', data: { w: 'after' }, response_type: 'json_with_base64' } });
      expect((await readPdf(Buffer.from(next.json.data.pdf_content, 'base64'))).pages[0].text).toBe('after');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const { code, stderr } = await run(['serve', '--threads', '0', '--render-heap-mb', '256'], env);
    expect(code).toBe(2);
    expect(stderr).toContain('--render-heap-mb caps render threads: it needs --threads from 1');
  }, 120_000);

  it('answers browsers from --cors origins, and keeps pdf results downloadable with --retain-documents', async () => {
    const server = await serve(['--cors', 'https://app.example.test, http://localhost:5173', '--retain-documents'], env);
    try {
      const preflight = await fetch(`${server.url}/v1/documents/quick/generate`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const call = client(server.url);
      const pdf = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>kept</p>', data: {}, response_type: 'pdf' }, headers: { origin: 'https://app.example.test' } });
      expect(pdf.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
      const download = await call('GET', `/v1/documents/download/${pdf.headers.get('x-document-id')}`);
      expect(download.status).toBe(200);
      expect(Buffer.from(download.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const { code, stderr } = await run(['serve', '--cors', 'app.example.test'], env);
    expect(code).toBe(2);
    expect(stderr).toContain('is not an origin');
  });

  it('keeps records in --data-dir across a restart', async () => {
    const dataDir = join(dir, 'data');
    const first = await serve(['--data-dir', dataDir], env);
    let applicationId: string;
    try {
      const call = client(first.url);
      applicationId = (await call('POST', '/v1/applications', { body: { name: 'Kept' } })).json.data.app_id;
      await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: { n: 1 }, response_type: 'document_id' } });
    } finally {
      await first.stop();
    }
    const second = await serve(['--data-dir', dataDir], env);
    try {
      const call = client(second.url);
      expect((await call('GET', `/v1/applications/${applicationId}`)).json.data).toMatchObject({ name: 'Kept' });
      expect((await call('GET', '/v1/documents')).json.data).toHaveLength(1);
      expect((await call('GET', '/v1/usage')).json.data.used).toBe(1);
    } finally {
      await second.stop();
    }
  });
});
