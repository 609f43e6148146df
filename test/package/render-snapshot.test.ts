// `pagesmith render` from its start-up snapshot (decision 0408), as the built package's bin runs it:
// `pagesmith snapshot` makes one, render starts from it and prints what it prints without one, a
// render without one makes one in the background, and a snapshot that cannot start or that others
// may write is not used.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../tsup.config.js';
import { bundleSnapshotScript } from '../../src/cli/snapshot/bundle-script.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { drawnGlyphs } from '../engine/drawn-glyphs.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside node_modules so the bundle's package imports resolve as they do for an installed copy.
const OUT = join(ROOT, 'node_modules', '.cache', 'pagesmith-snapshot-test');
const CLI = join(OUT, 'cli.cjs');

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let work = '';

/** Runs the bin; render must start from a snapshot unless `env` says otherwise. */
function pagesmith(args: readonly string[], snapshots: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: work, env: { ...process.env, PAGESMITH_SNAPSHOT: 'require', PAGESMITH_SNAPSHOT_DIR: snapshots, ...env }, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The snapshot file `render` would start from, as `pagesmith snapshot --status` names it. */
async function snapshotFile(snapshots: string): Promise<{ readonly ready: boolean; readonly file: string }> {
  const status = await pagesmith(['snapshot', '--status'], snapshots);
  const file = /(\/\S+\.blob)/.exec(status.stdout)?.[1];
  if (file === undefined) throw new Error(`no snapshot file in ${JSON.stringify(status)}`);
  return { ready: status.code === 0, file };
}

const INVOICE = `<!doctype html><style>body { font-family: Arial } h1 { font-family: Georgia, serif } td { border: 1px solid #999; padding: 2pt }</style>
<h1>Invoice {{ number }}</h1><p>For <b>{{ customer }}</b>, due <i>{{ due }}</i>.</p>
<table>{% for line in lines %}<tr><td>{{ line.item }}</td><td>{{ line.amount }}</td></tr>{% endfor %}</table>`;
const DATA = { number: 'A-7', customer: 'Ada & Co', due: '1 March', lines: [{ item: 'Design', amount: '€ 1,180.00' }, { item: 'Review', amount: '€ 240.00' }] };
const MYANMAR = '<p lang="my" style="font-size: 20px">\u1000\u103B\u1031\u1038</p>';

describe('render from its start-up snapshot', () => {
  let made = '';

  beforeAll(async () => {
    await rm(OUT, { recursive: true, force: true });
    const options = Array.isArray(config) ? config[0] : config;
    // Without the build's asset copying, which rewrites the checkout's assets/ folder; the snapshot's script is bundled here instead.
    await build({ ...options, outDir: OUT, dts: false, sourcemap: false, silent: true, onSuccess: undefined });
    await bundleSnapshotScript(OUT, join(OUT, 'licences', 'render-snapshot.LICENSES.txt'));
    work = await mkdtemp(join(tmpdir(), 'pagesmith-snapshot-'));
    await writeFile(join(work, 'invoice.html'), INVOICE);
    await writeFile(join(work, 'invoice.json'), JSON.stringify(DATA));
    await writeFile(join(work, 'myanmar.html'), MYANMAR);
    made = join(work, 'made');
    const making = await pagesmith(['snapshot'], made);
    expect(making.stderr).toBe('');
    expect(making.stdout).toMatch(/^made \/.+\.blob \(\d+\.\d MB\): pagesmith render starts from it\n$/);
  }, 180_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('is reported ready, in a folder only its user may write', async () => {
    const { ready, file } = await snapshotFile(made);
    expect(ready).toBe(true);
    expect((await stat(join(made))).mode & 0o077).toBe(0);
    expect((await stat(file)).size).toBeGreaterThan(1_000_000);
    expect((await pagesmith(['snapshot'], made)).stdout).toMatch(/^ready: /);
  });

  it('renders a template with data as render without a snapshot does', async () => {
    const args = ['render', 'invoice.html', '--data', 'invoice.json', '-o'];
    const from = await pagesmith([...args, 'from.pdf'], made);
    const without = await pagesmith([...args, 'without.pdf'], made, { PAGESMITH_SNAPSHOT: 'off' });
    expect(from).toEqual({ code: 0, stdout: '', stderr: expect.stringMatching(/^pagesmith render: wrote from\.pdf \(\d+ bytes\)\n$/) });
    expect(without.code).toBe(0);
    const [a, b] = await Promise.all([readPdf(await readFile(join(work, 'from.pdf'))), readPdf(await readFile(join(work, 'without.pdf')))]);
    expect(a.pages.map((page) => page.text)).toEqual(b.pages.map((page) => page.text));
    expect(a.pages[0].text).toContain('Ada & Co');
    expect(a.fontNames).toEqual(b.fontNames);
    expect(a.fontNames.length).toBeGreaterThan(1);
  });

  it('writes the PDF to stdout with -o -', async () => {
    const ran = await new Promise<Buffer>((resolve, reject) => {
      execFile(process.execPath, [CLI, 'render', 'invoice.html', '-d', 'invoice.json', '-o', '-'], { cwd: work, env: { ...process.env, PAGESMITH_SNAPSHOT: 'require', PAGESMITH_SNAPSHOT_DIR: made }, encoding: 'buffer' }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
    expect((await readPdf(ran)).pages[0].text).toContain('Invoice A-7');
  });

  it('shapes Myanmar with HarfBuzz, which it imports through the main context’s loader', async () => {
    const ran = await pagesmith(['render', 'myanmar.html', '-o', 'myanmar.pdf'], made);
    expect(ran.stderr).toMatch(/^pagesmith render: wrote myanmar\.pdf/);
    expect((await drawnGlyphs(await readFile(join(work, 'myanmar.pdf')))).flat()[0]?.unicode).toBe('\u1031');
  });

  it('exits with render’s own statuses and messages', async () => {
    expect(await pagesmith(['render', 'missing.html', '-o', 'x.pdf'], made)).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('pagesmith render: ENOENT') });
    expect(await pagesmith(['render'], made)).toEqual({ code: 2, stdout: '', stderr: 'pagesmith render: name the template file\nRun "pagesmith render --help" for usage.\n' });
    expect((await pagesmith(['render', '--help'], made)).stdout).toMatch(/^Usage: pagesmith render/);
  });

  it('leaves a snapshot that cannot start: it is removed, and the render done without it', async () => {
    const dir = join(work, 'broken');
    await mkdir(dir, { mode: 0o700 });
    const { file } = await snapshotFile(dir);
    await writeFile(file, 'not a snapshot');
    const ran = await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'broken.pdf'], dir, { PAGESMITH_SNAPSHOT: 'on' });
    expect(ran.code).toBe(0);
    expect((await readPdf(await readFile(join(work, 'broken.pdf')))).pages[0].text).toContain('Invoice A-7');
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('does not start from a snapshot others may write', async () => {
    const dir = join(work, 'shared');
    await mkdir(dir, { mode: 0o700 });
    const { file } = await snapshotFile(dir);
    await writeFile(file, 'planted');
    await chmod(file, 0o666);
    const required = await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'shared.pdf'], dir);
    expect(required).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('there is no start-up snapshot to start from') });
    const ran = await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'shared.pdf'], dir, { PAGESMITH_SNAPSHOT: 'on' });
    expect(ran.code).toBe(0);
    // Never started from: node would have refused it, and it would have been removed.
    expect(await readFile(file, 'utf8')).toBe('planted');
    expect((await snapshotFile(dir)).ready).toBe(false);
  });

  it('says why it could not be made, and renders then start no maker until `pagesmith snapshot` makes it', async () => {
    const dir = join(work, 'failing');
    // The warm-up render needs a temporary folder.
    const failing = await pagesmith(['snapshot'], dir, { PAGESMITH_SNAPSHOT: 'on', TMPDIR: join(work, 'no-such-folder') });
    expect(failing).toEqual({ code: 1, stdout: '', stderr: expect.stringMatching(/^pagesmith snapshot: could not make the snapshot: node could not make it: .*(ENOENT|no such file)/s) });
    const { file } = await snapshotFile(dir);
    expect(await readFile(`${file}.failed`, 'utf8')).toMatch(/^node could not make it/);
    expect((await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'failing.pdf'], dir, { PAGESMITH_SNAPSHOT: 'on' })).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await readdir(dir)).sort()).toEqual([`${basename(file)}.failed`]);
    expect((await pagesmith(['snapshot'], dir, { PAGESMITH_SNAPSHOT: 'on' })).code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([basename(file)]);
  });

  it('is made in the background after a render without one, and not with PAGESMITH_SNAPSHOT=off', async () => {
    const off = join(work, 'off');
    expect((await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'off.pdf'], off, { PAGESMITH_SNAPSHOT: 'off' })).code).toBe(0);
    const background = join(work, 'background');
    expect((await pagesmith(['render', 'invoice.html', '-d', 'invoice.json', '-o', 'first.pdf'], background, { PAGESMITH_SNAPSHOT: 'on' })).code).toBe(0);
    await expect.poll(async () => (await snapshotFile(background)).ready, { timeout: 60_000, interval: 500 }).toBe(true);
    await expect(stat(off)).rejects.toThrow(/ENOENT/);
    expect((await pagesmith(['snapshot', '--remove'], background)).stdout).toBe(`removed 1 snapshot from ${background}\n`);
    expect((await snapshotFile(background)).ready).toBe(false);
  });
});
