import { defineConfig, type Options } from 'tsup';
import { writePlaygroundFiles } from './src/playground/build-playground.js';
import { PLAYGROUND_ASSETS_DIR } from './src/http/playground/playground-assets.js';
import { copyDictionaryFiles } from './src/engine/layout/dictionary/copy-dictionary-files.js';
import { bundleSnapshotScript } from './src/cli/snapshot/bundle-script.js';

/** The modules, in dist/: what runs. */
const modules: Options = {
  // The CLI's `#!/usr/bin/env node` is the first line of src/cli/main.ts, so only dist/cli.js and
  // dist/cli.cjs (the package's bin, decision 0394) carry it.
  // The worker engine starts render-worker.(c)js, the service template-worker.(c)js, from beside the module that holds it.
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    'render-worker': 'src/engine/worker/render-worker.ts',
    'template-worker': 'src/service/template-worker.ts',
  },
  format: ['esm', 'cjs'],
  // CommonJS split into chunks too: the engine is in the package once per format, not once per entry (decision 0394).
  splitting: true,
  dts: false,
  // Source maps would be two thirds of the package; `npm run build -- --sourcemap` makes them (decision 0230).
  sourcemap: false,
  clean: true,
  target: 'node20',
  esbuildOptions(options, { format }) {
    // The sources find their files with `import.meta.url ?? __filename`. CommonJS has no
    // import.meta: say so, rather than leave esbuild to warn that it will be empty (decision 0230).
    if (format !== 'cjs') return;
    options.define = { ...options.define, 'import.meta.url': 'undefined' };
    // tsup makes split CommonJS chunks with sucrase, which rewrites every `?.` and `??` into a call
    // of a helper given an array of closures: the engine ran 11-16% slower as CommonJS than as ES
    // modules. esbuild lowers them first, to plain conditionals, and sucrase finds none (decision 0396).
    options.supported = { ...options.supported, 'optional-chain': false, 'nullish-coalescing': false, 'logical-assignment': false };
  },
  // The playground page's files, gzipped, outside dist/ (which holds modules only, decision 0231): decision 0328.
  // And the line-break dictionaries (decision 0383), and the one script render's start-up snapshot is made from (decision 0408).
  onSuccess: async () => {
    await writePlaygroundFiles(PLAYGROUND_ASSETS_DIR);
    await copyDictionaryFiles();
    await bundleSnapshotScript();
  },
};

/**
 * The types of the one entry people import, in types/ rather than beside the modules: bundlers that
 * trace the worker threads' files take every file in dist/ for a module, and cannot read a
 * .d.cts as one (decision 0231).
 */
const types: Options = {
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: { only: true },
  outDir: 'types',
  clean: true,
  target: 'node20',
};

export const config = defineConfig([modules, types]);

export { config as default };
