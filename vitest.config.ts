import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export const config = defineConfig({
  resolve: {
    // The examples import 'pagesmith' as an app does; here that is the source (tsconfig.json's `paths` says the same).
    alias: [{ find: /^pagesmith$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // No test straddles two quota months (its counts would restart halfway).
    setupFiles: ['test/setup/month-boundary.ts'],
    pool: 'forks',
    // A CLI a test starts would make render's start-up snapshot in the background, in the user's
    // cache folder (decision 0408); the tests of snapshots turn them on, in folders of their own.
    env: { PAGESMITH_SNAPSHOT: 'off' },
    // Type tests (`*.test-d.ts`) are checked by `tsc --noEmit` in `npm test`; `vitest run --typecheck` runs them as tests too.
    typecheck: { include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
  },
});

export { config as default };
