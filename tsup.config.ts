import { defineConfig } from 'tsup';

export const config = defineConfig({
  // The CLI's `#!/usr/bin/env node` is the first line of src/cli/main.ts, so only dist/cli.js carries it.
  // The worker engine starts render-worker.(c)js, the service template-worker.(c)js, from beside the module that holds it.
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    'render-worker': 'src/engine/worker/render-worker.ts',
    'template-worker': 'src/service/template-worker.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});

export { config as default };
