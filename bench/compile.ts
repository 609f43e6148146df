// Bundles the measuring child to plain JavaScript, so its RSS is the engine's and not the TypeScript loader's too.
import { mkdir, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildCommand {
  readonly script: string;
  readonly execArgv: readonly string[];
  /** How the child runs, for the report: `node (bundled)` or `tsx`. */
  readonly runtime: string;
}

export interface Compiled {
  /** `bench/ours.ts`, the measuring child. */
  readonly ours: ChildCommand;
  /** The `pagesmith` CLI (`src/cli/main.ts`), with its render and template threads beside it. */
  readonly cli: ChildCommand;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `bench/ours.ts` with esbuild (already installed through tsup) into node_modules/.cache,
 * where package imports still resolve, to run under plain node as the built library would, and
 * builds the CLI there as the package's bin is built. The worker engine's render thread is bundled beside ours.ts,
 * and the engines are split into chunks the child imports only when it measures them, so the
 * worker engine's thread alone loads the layout engine. Without esbuild it falls back to running the TypeScript through tsx (which adds ~30 MB RSS).
 */
export async function compileOurs(): Promise<Compiled> {
  const entry = resolve(HERE, 'ours.ts');
  const cliEntry = resolve(HERE, '..', 'src', 'cli', 'main.ts');
  const outdir = resolve(HERE, '..', 'node_modules', '.cache', 'pagesmith-bench');
  try {
    const { build } = await import('esbuild');
    // Chunk names are content hashes: an earlier run's chunks would pile up beside these.
    await rm(outdir, { recursive: true, force: true });
    await mkdir(outdir, { recursive: true });
    const shared = { outdir, bundle: true, platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' } as const;
    const renderWorker = resolve(HERE, '..', 'src', 'engine', 'worker', 'render-worker.ts');
    await build({ ...shared, entryPoints: { ours: entry, 'render-worker': renderWorker }, outExtension: { '.js': '.mjs' }, splitting: true, format: 'esm' });
    // The CLI as the package's bin runs it: the package's own CommonJS build (tsup's split chunks,
    // decisions 0394 and 0396), its threads' scripts beside it, so the serve and cold-start rows
    // measure the code users install, helpers and all.
    const cli = await buildPackageCli(resolve(outdir, 'package', 'dist'));
    const runtime = 'node (bundled with esbuild)';
    return { ours: { script: resolve(outdir, 'ours.mjs'), execArgv: [], runtime }, cli: { script: cli, execArgv: [], runtime: 'node (the package\'s CommonJS build)' } };
  } catch {
    return { ours: { script: entry, execArgv: ['--import', 'tsx'], runtime: 'tsx' }, cli: { script: cliEntry, execArgv: ['--import', 'tsx'], runtime: 'tsx' } };
  }
}

/**
 * Builds the package's modules with its tsup configuration into `outDir`, CommonJS only and without
 * the build's asset copying (the bench's documents need neither the playground nor the Lao and
 * Khmer dictionaries); returns the bin's path.
 */
async function buildPackageCli(outDir: string): Promise<string> {
  const [{ build }, { config }] = await Promise.all([import('tsup'), import('../tsup.config.js')]);
  const modules = (Array.isArray(config) ? config : [])[0];
  if (!modules) throw new Error('tsup.config.ts has no modules build');
  await build({ ...modules, config: false, outDir, format: ['cjs'], onSuccess: undefined, silent: true });
  // And the script render's start-up snapshot is made from (decision 0408), as the build's onSuccess makes it.
  const { bundleSnapshotScript } = await import('../src/cli/snapshot/bundle-script.js');
  await bundleSnapshotScript(outDir, resolve(outDir, '..', 'render-snapshot.LICENSES.txt'));
  return resolve(outDir, 'cli.cjs');
}
