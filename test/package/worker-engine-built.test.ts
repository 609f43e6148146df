// The built package's worker engine: its render thread is found beside the bundle, from ESM and CommonJS.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../tsup.config.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { drawnGlyphs } from '../engine/drawn-glyphs.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside node_modules so the bundle's package imports resolve as they do for an installed copy.
const OUT = join(ROOT, 'node_modules', '.cache', 'pagesmith-built-test');
const run = promisify(execFile);

// An SVG image, drawn by svg-to-pdfkit, which the engine loads when it first draws one.
const SVG = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="4" y="25" font-size="16">Drawn</text></svg>')}`;

const script = (entry: string, load: string): string => `
  ${load}
  const engine = createWorkerEngine();
  engine.render('<h1>Built</h1><p>from ${entry}</p><img src="${SVG}">').then(async (pdf) => {
    process.stdout.write(Buffer.from(pdf).toString('base64'));
    await engine.close();
  });
`;

describe('the built package', () => {
  beforeAll(async () => {
    await rm(OUT, { recursive: true, force: true });
    const options = Array.isArray(config) ? config[0] : config;
    // Without the build's asset copying: it rewrites the checkout's assets/ folder, which tests running beside this one read.
    await build({ ...options, outDir: OUT, dts: false, sourcemap: false, silent: true, onSuccess: undefined });
  }, 120_000);

  it.each([
    ['index.js', 'check.mjs', (file: string) => `import { createWorkerEngine } from ${JSON.stringify(file)};`],
    ['index.cjs', 'check.cjs', (file: string) => `const { createWorkerEngine } = require(${JSON.stringify(file)});`],
  ])('renders on a worker thread from %s', async (entry, name, load) => {
    const file = join(OUT, name);
    await writeFile(file, script(entry, load(join(OUT, entry))));
    const { stdout } = await run(process.execPath, [file], { cwd: ROOT });
    const pdf = await readPdf(Buffer.from(stdout, 'base64'));
    expect(pdf.pages[0].text).toBe(`Built\nfrom ${entry}\nDrawn`);
  });

  it.each([
    ['index.js', 'templates.mjs', (file: string) => `import { createDocumentService } from ${JSON.stringify(file)};`],
    ['index.cjs', 'templates.cjs', (file: string) => `const { createDocumentService } = require(${JSON.stringify(file)});`],
  ])('renders templates and Markdown on the template threads from %s', async (entry, name, load) => {
    const file = join(OUT, name);
    await writeFile(file, `
      ${load(join(OUT, entry))}
      const service = createDocumentService({ baseUrl: 'https://x.test' });
      const body = { html: '# {{ title }}', data: { title: 'Threads' }, content_type: 'markdown', response_type: 'json_with_base64' };
      Promise.all([service.quickGenerate(body, { accountId: 'a' }), service.quickGenerate({ ...body, html: '{{ missing }}' }, { accountId: 'a' })])
        .then(([made, failed]) => process.stdout.write(JSON.stringify([made.status, failed.status, failed.body.message, failed.error.detail])));
    `);
    const { stdout } = await run(process.execPath, [file], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual([200, 500, 'Template engine error!', expect.stringContaining('missing')]);
  });

  // HarfBuzz is an ES module with top-level await: a CommonJS build that turns its import() into
  // require() cannot load it, and Myanmar's e-vowel is then drawn after its consonant (decision 0407).
  const MYANMAR = '<p lang="my" style="font-size: 20px">\u1000\u103B\u1031\u1038</p>';
  // The scripts written beside the modules stay ASCII (the test below reads every .cjs there).
  const ascii = (text: string): string => JSON.stringify(text).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const firstGlyph = async (pdf: Uint8Array): Promise<string | undefined> => (await drawnGlyphs(pdf)).flat()[0]?.unicode;

  it.each([
    ['index.js', 'shape.mjs', 'createNativeEngine', (file: string) => `import { createNativeEngine, createWorkerEngine } from ${JSON.stringify(file)};`],
    ['index.cjs', 'shape.cjs', 'createNativeEngine', (file: string) => `const { createNativeEngine, createWorkerEngine } = require(${JSON.stringify(file)});`],
    ['index.cjs', 'shape-thread.cjs', 'createWorkerEngine', (file: string) => `const { createNativeEngine, createWorkerEngine } = require(${JSON.stringify(file)});`],
  ])('shapes Myanmar with HarfBuzz from %s (%s, %s)', async (entry, name, make, load) => {
    const file = join(OUT, name);
    await writeFile(file, `
      ${load(join(OUT, entry))}
      const engine = ${make}();
      engine.render(${ascii(MYANMAR)}).then(async (pdf) => {
        process.stdout.write(Buffer.from(pdf).toString('base64'));
        await engine.close?.();
      });
    `);
    const { stdout } = await run(process.execPath, [file], { cwd: ROOT });
    expect(await firstGlyph(Buffer.from(stdout, 'base64'))).toBe('\u1031');
  });

  it('shapes Myanmar with HarfBuzz from the bin', async () => {
    const template = join(OUT, 'myanmar.html');
    await writeFile(template, MYANMAR);
    await run(process.execPath, [join(OUT, 'cli.cjs'), 'render', template, '-o', join(OUT, 'myanmar.pdf')], { cwd: ROOT });
    expect(await firstGlyph(await readFile(join(OUT, 'myanmar.pdf')))).toBe('\u1031');
  });

  // V8 keeps each module's source text in memory, two bytes a character once any character is not Latin-1.
  it('is ASCII only, so V8 holds its modules\' source at one byte a character', async () => {
    const modules = (await readdir(OUT)).filter((name) => /\.c?js$/.test(name));
    expect(modules.length).toBeGreaterThan(0);
    for (const name of modules) {
      const lines = (await readFile(join(OUT, name), 'utf8')).split('\n').filter((line) => /[^\x00-\x7f]/.test(line));
      expect(lines.map((line) => `${name}: ${line.trim().slice(0, 80)}`)).toEqual([]);
    }
  });

  it('loads the layout engine, pdfkit and pdf-lib only when a document is first rendered or protected, the SVG renderer when one is drawn', async () => {
    const file = join(OUT, 'lazy.cjs');
    await writeFile(file, `
      const heavy = () => Object.keys(require.cache).filter((k) => /node_modules\\/(pdfkit|fontkit|svg-to-pdfkit|@cantoo\\/pdf-lib)\\//.test(k)).map((k) => k.split('node_modules/')[1].split('/')[0]);
      const { createNativeEngine, protectPdf } = require(${JSON.stringify(join(OUT, 'index.cjs'))});
      const seen = { imported: [...new Set(heavy())] };
      const engine = createNativeEngine();
      engine.render('<p>x</p>').then(async (pdf) => {
        seen.rendered = [...new Set(heavy())].sort();
        await protectPdf(pdf, { userPassword: 'p' });
        seen.protected = [...new Set(heavy())].sort();
        await engine.render('<img src="${SVG}">');
        seen.svg = [...new Set(heavy())].sort();
        process.stdout.write(JSON.stringify(seen));
      });
    `);
    const { stdout } = await run(process.execPath, [file], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({
      imported: [], rendered: ['fontkit', 'pdfkit'], protected: ['@cantoo', 'fontkit', 'pdfkit'], svg: ['@cantoo', 'fontkit', 'pdfkit', 'svg-to-pdfkit'],
    });
  });
});
