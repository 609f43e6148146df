// Bundles the playground page (./client) into the files the server sends: by `npm run build` into
// assets/playground/ of the package, and from source on the first request for it (decision 0328).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { PlaygroundSample } from './samples.js';

/** One file of the page, by the name it is served under (`/playground/assets/<name>`; `index.html` is the page). */
export interface PlaygroundFile {
  readonly name: string;
  readonly body: Uint8Array;
}

const CLIENT = fileURLToPath(new URL('./client/', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** The page, its script and stylesheet (minified, browsers of the last two years), and the samples of examples/. */
export async function buildPlaygroundFiles(): Promise<PlaygroundFile[]> {
  const bundled = await build({
    entryPoints: { app: join(CLIENT, 'main.ts') },
    bundle: true,
    format: 'esm',
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    legalComments: 'none',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  const files: PlaygroundFile[] = bundled.outputFiles.map((file) => ({ name: basename(file.path), body: file.contents }));
  for (const name of ['index.html', 'playground.css']) files.push({ name, body: await readFile(join(CLIENT, name)) });
  files.push({ name: 'samples.json', body: new TextEncoder().encode(JSON.stringify(await readSamples(EXAMPLES))) });
  return files;
}

/**
 * Writes the files into `outDir`, emptied first, each gzipped (`app.js.gz`): the server sends them
 * as they are to browsers, which all take gzip, and the package stays a quarter of the size.
 */
export async function writePlaygroundFiles(outDir: string): Promise<void> {
  const files = await buildPlaygroundFiles();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await Promise.all(files.map((file) => writeFile(join(outDir, `${file.name}.gz`), gzipSync(file.body, { level: constants.Z_BEST_COMPRESSION }))));
}

/** Every template of `dir` (`.html`, `.md`) that has data beside it (the same name, `.json`). */
export async function readSamples(dir: string): Promise<PlaygroundSample[]> {
  const names = (await readdir(dir)).sort();
  const samples: PlaygroundSample[] = [];
  for (const name of names) {
    const extension = extname(name);
    if (extension !== '.html' && extension !== '.md') continue;
    const stem = name.slice(0, -extension.length);
    if (!names.includes(`${stem}.json`)) continue;
    samples.push({
      name,
      template: await readFile(join(dir, name), 'utf8'),
      data: await readFile(join(dir, `${stem}.json`), 'utf8'),
      content_type: extension === '.md' ? 'markdown' : 'html',
    });
  }
  return samples;
}
