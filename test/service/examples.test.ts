// The shipped examples render through the service with the default engine; the README's snippets are example files, and run.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDocumentService } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { ALICE, BASE_URL, pdfBytes, pdfText } from './setup.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function example(name: string): Promise<string> {
  return readFile(new URL(`../../examples/${name}`, import.meta.url), 'utf8');
}

describe('examples', () => {
  it('renders the invoice with its line items and totals', async () => {
    const service = createDocumentService({ baseUrl: BASE_URL });
    const outcome = await service.quickGenerate(
      { html: await example('invoice.html'), data: JSON.parse(await example('invoice.json')), response_type: 'pdf' },
      ALICE,
    );
    const text = await pdfText(pdfBytes(outcome));
    for (const expected of ['INV-2026-0042', 'Acme Widgets Ltd', 'Custom template design (hours)', 'Priority rendering add-on', '2,988.00']) {
      expect(text).toContain(expected);
    }
  });

  it('renders the Markdown report with its list and table', async () => {
    const service = createDocumentService({ baseUrl: BASE_URL });
    const outcome = await service.quickGenerate(
      {
        html: await example('report.md'),
        data: JSON.parse(await example('report.json')),
        response_type: 'pdf',
        content_type: 'markdown',
      },
      ALICE,
    );
    const text = await pdfText(pdfBytes(outcome));
    for (const expected of ['Quarterly Sales Report', 'Two new enterprise customers signed', 'Region', 'North', 'GBP 380,000', 'behind']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('{{');
    expect(text).not.toContain('\\');
  });
});

describe('the README', () => {
  /** Each code block after a `<!-- examples/… -->` or `<!-- examples/…#region -->` line, with the file and region it names. */
  async function snippets(): Promise<{ file: string; region: string | undefined; code: string }[]> {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    return [...readme.matchAll(/^<!-- (examples\/[^\s#]+)(?:#(\S+))? -->\n```ts\n([\s\S]*?)^```$/gm)].map(([, file, region, code]) => ({
      file: file as string,
      region,
      code: code as string,
    }));
  }

  it('shows example files as they are: whole after their header comment, or the lines of their regions', async () => {
    const found = await snippets();
    expect(found.map((snippet) => snippet.file)).toEqual(expect.arrayContaining(['examples/quick-start.ts', 'examples/express.ts', 'examples/hono.ts']));
    for (const { file, region, code } of found) {
      const source = await readFile(join(ROOT, file), 'utf8');
      const expected = region === undefined ? source.replace(/^(\/\/.*\n)+/, '') : regionLines(source, region);
      expect(expected, `${file} has region ${region}`).not.toBe('');
      expect(code, `README.md's copy of ${file}${region === undefined ? '' : `#${region}`}`).toBe(expected);
    }
  });

  it('quick start writes hello.pdf', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pagesmith-quick-start-'));
    try {
      const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
      await promisify(execFile)(tsx, ['--tsconfig', join(ROOT, 'tsconfig.json'), join(ROOT, 'examples', 'quick-start.ts')], { cwd: dir });
      expect((await readPdf(await readFile(join(dir, 'hello.pdf')))).pages[0]?.text).toBe('Hello Ada');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The lines between `// #region name` and `// #endregion name`, each region dedented, regions in order with a blank line between. */
function regionLines(source: string, name: string): string {
  const regions = [...source.matchAll(new RegExp(`^([ \\t]*)// #region ${name}\\n([\\s\\S]*?)^[ \\t]*// #endregion ${name}\\n`, 'gm'))];
  return regions.map(([, indent, body]) => (body as string).replace(new RegExp(`^${indent as string}`, 'gm'), '')).join('\n');
}
