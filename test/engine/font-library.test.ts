// Fonts an application adds (`createNativeEngine({ fonts })`, `pagesmith render --font-dir`, `pagesmith serve --font-dir`):
// named in font-family by their family names, and tried for characters before the bundled fallbacks.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createNativeEngine, createWorkerEngine, type RenderWarning } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { serve } from '../http/cli-harness.js';
import { ALICE_KEY, client } from '../http/harness.js';

const require = createRequire(import.meta.url);
// A face no bundled family is called: Noto Sans JP Thin ("Noto Sans JP" is its typographic family).
const THIN = require.resolve('@expo-google-fonts/noto-sans-jp/100Thin/NotoSansJP_100Thin.ttf');

const folder = mkdtempSync(join(tmpdir(), 'pagesmith-fonts-'));
mkdirSync(join(folder, 'nested'));
copyFileSync(THIN, join(folder, 'nested', 'NotoSansJP-Thin.ttf'));
writeFileSync(join(folder, 'not-a-font.ttf'), 'not a font');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('createNativeEngine({ fonts })', () => {
  const engine = createNativeEngine({ fonts: [folder] });

  it('lets documents name an added face by its family name (folders searched, unreadable files skipped)', async () => {
    const pdf = await engine.render('<p style="font-family: \'Noto Sans JP Thin\'">Thin 細い</p>');
    expect((await readPdf(pdf)).fontNames).toEqual(['NotoSansJP-Thin']);
  });

  it('tries added faces for characters the listed ones lack, before the bundled fallbacks', async () => {
    const pdf = await engine.render('<p style="font-family: Arial">Total 合計</p>');
    expect((await readPdf(pdf)).fontNames).toEqual(['Arimo-Regular', 'NotoSansJP-Thin']);
  });

  it('passes them to the render threads of a worker engine, and brings their warnings back', async () => {
    const threaded = createWorkerEngine({ fonts: [folder] });
    try {
      const warnings: RenderWarning[] = [];
      const pdf = await threaded.render('<p style="font-family: Arial">合計 \uE000</p>', { onWarning: (w) => warnings.push(w) });
      expect((await readPdf(pdf)).fontNames).toContain('NotoSansJP-Thin');
      expect(warnings.map((w) => w.characters)).toEqual([['\uE000']]);
    } finally {
      await threaded.close();
    }
  });
});

describe('pagesmith render --font-dir', () => {
  async function run(args: readonly string[]): Promise<{ code: number; err: string }> {
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await runCli(args, { stdout: new PassThrough(), stderr, env: {}, cwd: folder, onStop: () => () => undefined });
    return { code, err };
  }

  it('renders with the fonts of the folder', async () => {
    writeFileSync(join(folder, 'doc.html'), '<p style="font-family: \'Noto Sans JP Thin\'">細い</p>');
    const { code, err } = await run(['render', 'doc.html', '-o', 'doc.pdf', '--font-dir', '.']);
    expect(err).toContain('wrote doc.pdf');
    expect(code).toBe(0);
    expect((await readPdf(readFileSync(join(folder, 'doc.pdf')))).fontNames).toEqual(['NotoSansJP-Thin']);
  });

  it('refuses a folder that is not there', async () => {
    const { code, err } = await run(['render', 'doc.html', '-o', 'doc.pdf', '--font-dir', 'missing']);
    expect(code).toBe(2);
    expect(err).toContain('--font-dir missing is not a folder');
  });
});

describe('pagesmith serve --font-dir', () => {
  it.each([['on render threads', '1'], ['in process', '0']])('renders with the fonts of the folder %s', async (_where, threads) => {
    const served = await serve(['--font-dir', folder, '--threads', threads], { PAGESMITH_API_KEYS: `${ALICE_KEY}:acct-fonts` });
    try {
      const answer = await client(served.url)('POST', '/v1/documents/quick/generate', {
        body: { html: '<p style="font-family: \'Noto Sans JP Thin\'">Thin 細い</p>', data: {}, response_type: 'pdf' },
      });
      expect(answer.status).toBe(200);
      expect((await readPdf(answer.bytes)).fontNames).toEqual(['NotoSansJP-Thin']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);
});
