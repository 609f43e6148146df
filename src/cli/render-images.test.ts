// `pagesmith render … --format png|jpeg|webp`: one image per page written beside the name given.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../testing/image-agreement.js';
import type { CliIo } from './cli-io.js';
import { pageListArgument } from './page-image-output.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'pagesmith-cli-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(join(dir, 'pages.html'), `<style>@page { size: 400px 300px; margin: 20px }</style>
{% for item in items %}<section style="break-after: page">{{ item }}</section>{% endfor %}`);
writeFileSync(join(dir, 'data.json'), JSON.stringify({ items: ['one', 'two', 'three'] }));

async function run(args: readonly string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  let err = '';
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIo = { stdout, stderr, env: {}, cwd: dir, onStop: () => () => undefined };
  const code = await runCli(args, io);
  return { code, out: Buffer.concat(out), err };
}

describe('pagesmith render to page images', () => {
  it('writes one PNG per page asked for, scaled, named after -o', async () => {
    const { code, err } = await run(['render', 'pages.html', '-d', 'data.json', '-o', 'shot.png', '--scale', '2', '--pages', '3,1']);
    expect(err).toContain('wrote shot-3.png, shot-1.png (2 of 3 pages)');
    expect(code).toBe(0);
    const first = await decodeImage(readFileSync(join(dir, 'shot-1.png')));
    expect([first.width, first.height]).toEqual([800, 600]);
    expect(readdirSync(dir).filter((f) => f.startsWith('shot-')).sort()).toEqual(['shot-1.png', 'shot-3.png']);
  });

  it('takes the format from --format or the extension, and fits --width', async () => {
    expect((await run(['render', 'pages.html', '-d', 'data.json', '-o', 'pics', '--format', 'jpeg', '--width', '200', '--pages', '2'])).code).toBe(0);
    const jpeg = readFileSync(join(dir, 'pics-2.jpg'));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await decodeImage(jpeg)).width).toBe(200);
    expect((await run(['render', 'pages.html', '-d', 'data.json', '-o', 'all.webp'])).code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.startsWith('all-')).sort()).toEqual(['all-1.webp', 'all-2.webp', 'all-3.webp']);
  });

  it('writes a single page image to stdout with -o -', async () => {
    const { code, out } = await run(['render', 'pages.html', '-d', 'data.json', '-o', '-', '--format', 'png', '--pages', '2']);
    expect(code).toBe(0);
    expect(out.subarray(1, 4).toString('latin1')).toBe('PNG');
    const many = await run(['render', 'pages.html', '-d', 'data.json', '-o', '-', '--format', 'png']);
    expect(many.code).toBe(1);
    expect(many.err).toContain('choose one with --pages');
  });

  it('fails when no page asked for exists, and at the pixel cap', async () => {
    const none = await run(['render', 'pages.html', '-d', 'data.json', '-o', 'x.png', '--pages', '9']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('no page to paint: the document has 3 pages');
    writeFileSync(join(dir, 'big.html'), '<style>@page { size: 8000px 8000px }</style>big');
    const big = await run(['render', 'big.html', '-o', 'big.png']);
    expect(big.code).toBe(1);
    expect(big.err).toMatch(/scale: page 1 would be 8000 × 8000 px/);
  });

  it.each([
    [['--format', 'gif'], '--format must be pdf, png, jpeg or webp, not gif'],
    [['--format', 'png', '--scale', 'big'], '--scale must be a number above 0, not big'],
    [['--format', 'png', '--scale', '40'], '--scale: scale is at most 16'],
    [['--format', 'png', '--pages', '2-1'], '--pages lists page numbers and ranges from 1'],
    [['--format', 'png', '--password', 'pw'], '--password protects a PDF'],
    [['--scale', '2'], '--scale is for page images'],
  ])('%j is a usage error', async (extra, message) => {
    const { code, err } = await run(['render', 'pages.html', '-o', 'out.pdf', ...extra]);
    expect(err).toContain(message);
    expect(code).toBe(2);
  });

  it('reads page lists with ranges, in order, within bounds', () => {
    expect(pageListArgument('1,3-5, 2')).toEqual([1, 3, 4, 5, 2]);
    expect(pageListArgument('0')).toHaveProperty('problem');
    expect(pageListArgument('1-99999999')).toHaveProperty('problem');
  });
});
