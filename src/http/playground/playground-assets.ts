// The playground's files: from the package's assets/playground/ (gzipped at build), or built from the sources on first use (decision 0328).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

/** One file as served: both encodings, and its entity tag. */
export interface PlaygroundAsset {
  readonly raw: Uint8Array<ArrayBuffer>;
  readonly gzip: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

export type PlaygroundAssets = ReadonlyMap<string, PlaygroundAsset>;

/** Where `npm run build` writes the files, relative to the package root. */
export const PLAYGROUND_ASSETS_DIR = 'assets/playground';

let loaded: Promise<PlaygroundAssets> | undefined;

/** The files, read or built once per process; rejects when an installed package lacks them. */
export function playgroundAssets(): Promise<PlaygroundAssets> {
  loaded ??= loadAssets().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function loadAssets(): Promise<PlaygroundAssets> {
  const here: string = import.meta.url ?? pathToFileURL(__filename).href;
  // Running from the TypeScript sources (tsx, vitest): build them now, so the page is never stale.
  if (here.endsWith('.ts')) return fromSources(new URL('../../playground/build-playground.ts', here).href);
  // Bundled: this module is a file of dist/, beside assets/ in the package root.
  return fromPackage(fileURLToPath(new URL(`../${PLAYGROUND_ASSETS_DIR}/`, here)));
}

async function fromSources(builder: string): Promise<PlaygroundAssets> {
  // A computed specifier: the bundle never includes the builder, nor esbuild (a devDependency).
  const { buildPlaygroundFiles } = (await import(builder)) as typeof import('../../playground/build-playground.js');
  const files = await buildPlaygroundFiles();
  return new Map(files.map((file) => [file.name, asset(file.body, gzipSync(file.body))]));
}

async function fromPackage(dir: string): Promise<PlaygroundAssets> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.gz'));
  const entries = await Promise.all(
    names.map(async (name): Promise<[string, PlaygroundAsset]> => {
      const gzip = await readFile(`${dir}${name}`);
      return [name.slice(0, -'.gz'.length), asset(gunzipSync(gzip), gzip)];
    }),
  );
  return new Map(entries);
}

function asset(raw: Uint8Array, gzip: Uint8Array): PlaygroundAsset {
  return { raw: new Uint8Array(raw), gzip: new Uint8Array(gzip), etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"` };
}

/** The assets with the page's prefix placeholder replaced (its links and API calls under `--prefix`). */
export function withPrefix(assets: PlaygroundAssets, prefix: string): PlaygroundAssets {
  const page = assets.get('index.html');
  if (!page) return assets;
  const raw = new TextEncoder().encode(new TextDecoder().decode(page.raw).replaceAll('__PAGESMITH_PREFIX__', escapeAttribute(prefix)));
  return new Map([...assets, ['index.html', asset(raw, gzipSync(raw))]]);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
