// Characters no font has, over HTTP: the X-Pagesmith-Warnings header (exposed to browser apps), a metric, and a log line — from the handler, from `pagesmith serve` on render threads, and from `pagesmith render`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/index.js';
import { run, serve } from './cli-harness.js';
import { ALICE_KEY, client, isPdf, startServer } from './harness.js';
import { scrapeMetrics } from './scrape-metrics.js';

const MISSING = { html: '<p style="font-family: Arial">{{ name }} \uE000 pays</p>', data: { name: 'Ada' } };
const HEADER = 'missing_glyphs; characters="U+E000"';

function recordingLogger(): Logger & { readonly warnings: Record<string, unknown>[] } {
  const warnings: Record<string, unknown>[] = [];
  const ignore = (): void => undefined;
  return { warnings, debug: ignore, info: ignore, error: ignore, warn: (fields) => warnings.push(fields) };
}

describe('render warnings over HTTP', () => {
  it('answers with X-Pagesmith-Warnings, exposes it to allowed origins, counts it and logs it', async () => {
    const logger = recordingLogger();
    const server = await startServer({ http: { logger, cors: { origins: ['https://app.example.test'] } } });
    try {
      const call = client(server.url);
      const origin = { origin: 'https://app.example.test' };
      for (const responseType of ['pdf', 'json_with_base64', 'document_id']) {
        const answer = await call('POST', '/v1/documents/quick/generate', { body: { ...MISSING, response_type: responseType }, headers: origin });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('x-pagesmith-warnings')).toBe(HEADER);
        expect(answer.headers.get('access-control-expose-headers')).toContain('X-Pagesmith-Warnings');
      }
      const clean = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>All here: 東京</p>', data: {}, response_type: 'pdf' } });
      expect(clean.headers.get('x-pagesmith-warnings')).toBeNull();

      expect(logger.warnings).toHaveLength(3);
      expect(logger.warnings[0]).toMatchObject({ route: '/v1/documents/quick/generate', account: 'acct-alice', warnings: [{ code: 'missing_glyphs', characters: ['U+E000'] }] });
      expect((await scrapeMetrics(server.url)).value('pagesmith_render_warnings_total', { code: 'missing_glyphs' })).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('comes through pagesmith serve on a render thread, with a log line', async () => {
    const served = await serve(['--threads', '1'], { PAGESMITH_API_KEYS: `${ALICE_KEY}:acct-warn` });
    try {
      const answer = await fetch(`${served.url}/v1/documents/quick/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...MISSING, response_type: 'pdf' }),
      });
      expect(isPdf(new Uint8Array(await answer.arrayBuffer()))).toBe(true);
      expect(answer.headers.get('x-pagesmith-warnings')).toBe(HEADER);
      const lines = served.stdout().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line['msg'] === 'document printed with warnings')).toMatchObject({ level: 'warn', warnings: [{ code: 'missing_glyphs', characters: ['U+E000'] }] });
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('pagesmith render writes the PDF and says on stderr which characters printed as boxes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pagesmith-warn-'));
    try {
      await writeFile(join(dir, 'boxes.html'), MISSING.html);
      await writeFile(join(dir, 'data.json'), JSON.stringify(MISSING.data));
      const result = await run(['render', join(dir, 'boxes.html'), '--data', join(dir, 'data.json'), '-o', join(dir, 'out.pdf')]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('pagesmith render: warning: No font has this character (printed as empty boxes): U+E000.');
      expect(isPdf(new Uint8Array(await readFile(join(dir, 'out.pdf'))))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
