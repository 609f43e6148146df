// Bundles the start-up snapshot's script (decision 0408): V8 makes a snapshot from one script, so
// the render command and the packages it runs are put in one CommonJS file, dist/render-snapshot.cjs,
// beside the modules whose thread scripts and assets it finds as they do. Run at build time, by
// tsup's onSuccess, with esbuild (tsup's own).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { SNAPSHOT_SCRIPT } from './snapshot-location.js';

/**
 * Loaded where they are installed, when first used: WebAssembly and native modules that read files
 * beside themselves (harfbuzzjs is also an ES module with top-level await, which no bundle holds),
 * and the packages already loaded at run time through `createRequire`.
 */
const LOADED_AT_RUN_TIME = ['harfbuzzjs', 'wawoff2', '@napi-rs/canvas', 'svg-to-pdfkit', 'saslprep', 'playwright-core'];

/** pdfkit's ES module finds its data with import.meta.url, which a CommonJS bundle lacks: take its CommonJS build (what require() resolves). */
const pdfkitAsCommonJs: Plugin = {
  name: 'pdfkit-commonjs',
  setup(build) {
    const require = createRequire(join(process.cwd(), 'package.json'));
    build.onResolve({ filter: /^pdfkit$/ }, () => ({ path: require.resolve('pdfkit') }));
  },
};

/**
 * Writes `outDir`/render-snapshot.cjs, and the licences of the packages it holds to `licencesFile`
 * (outside dist/, which holds modules only: decision 0231).
 */
export async function bundleSnapshotScript(outDir = 'dist', licencesFile = 'assets/render-snapshot.LICENSES.txt'): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(outDir, SNAPSHOT_SCRIPT);
  const result = await build({
    entryPoints: ['src/cli/snapshot/render-snapshot-main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: LOADED_AT_RUN_TIME,
    // An import() in a snapshot's code has no module loader to go to; require() has (the packages above are CommonJS but harfbuzzjs, which loads its own way).
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': 'undefined' },
    plugins: [pdfkitAsCommonJs],
    // The script's text stays in the snapshot: minified it is half the size, and a smaller snapshot starts faster.
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  });
  await mkdir(dirname(licencesFile), { recursive: true });
  await writeFile(licencesFile, await licenceNotices(Object.keys(result.metafile.inputs)));
  // V8 keeps a script with any character beyond ASCII at two bytes a character: a dependency's
  // regular expressions hold a few, which \u escapes spell the same.
  const text = await readFile(outfile, 'utf8');
  await writeFile(outfile, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return outfile;
}

/** The licence of every package the bundle holds code of, as their licences ask copies to carry. */
async function licenceNotices(inputs: readonly string[]): Promise<string> {
  const packageDirs = new Set<string>();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packageDirs.add(match[1] as string);
  }
  const notices: string[] = [`dist/${SNAPSHOT_SCRIPT} bundles code of these packages (decision 0408):`];
  for (const dir of [...packageDirs].sort()) {
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const file = (await readdir(dir)).find((name) => /^(licen[cs]e|copying)/i.test(name));
    const text = file !== undefined ? await readFile(join(dir, file), 'utf8') : `(no licence file; package.json says ${manifest.license ?? 'nothing'})`;
    notices.push(`\n${'='.repeat(72)}\n${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text.trim()}`);
  }
  return `${notices.join('\n')}\n`;
}
