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

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `bench/ours.ts` with esbuild (already installed through tsup) into node_modules/.cache,
 * where package imports still resolve, to run under plain node as the built library would. The
 * worker engine's render thread is bundled beside it, and the engines are split into chunks the
 * child imports only when it measures them, so the worker engine's thread alone loads the layout
 * engine. Without esbuild it falls back to running the TypeScript through tsx (which adds ~30 MB RSS).
 */
export async function compileOurs(): Promise<ChildCommand> {
  const entry = resolve(HERE, 'ours.ts');
  const outdir = resolve(HERE, '..', 'node_modules', '.cache', 'pagesmith-bench');
  try {
    const { build } = await import('esbuild');
    // Chunk names are content hashes: an earlier run's chunks would pile up beside these.
    await rm(outdir, { recursive: true, force: true });
    await mkdir(outdir, { recursive: true });
    await build({
      entryPoints: { ours: entry, 'render-worker': resolve(HERE, '..', 'src', 'engine', 'worker', 'render-worker.ts') },
      outdir,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
    });
    return { script: resolve(outdir, 'ours.mjs'), execArgv: [], runtime: 'node (bundled with esbuild)' };
  } catch {
    return { script: entry, execArgv: ['--import', 'tsx'], runtime: 'tsx' };
  }
}
