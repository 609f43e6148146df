import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyRenderingV8Flags } from './v8-flags.js';

describe('the executable’s V8 flags', () => {
  it('turns allocation-site pretenuring off unless the command line or NODE_OPTIONS said either way', () => {
    expect(applyRenderingV8Flags([], '')).toBe(true);
    expect(applyRenderingV8Flags(['--max-old-space-size=512'], '--enable-source-maps')).toBe(true);
    expect(applyRenderingV8Flags(['--allocation-site-pretenuring'], '')).toBe(false);
    expect(applyRenderingV8Flags(['--no-allocation-site-pretenuring'], '')).toBe(false);
    expect(applyRenderingV8Flags([], '--max-old-space-size=512 --allocation_site_pretenuring')).toBe(false);
    expect(applyRenderingV8Flags([], '--no-allocation-site-pretenuring')).toBe(false);
  });

  it('reaches worker threads started after it is set at run time (what the executable relies on)', () => {
    // V8 has no API to read a flag back: a worker thread made after setting it runs with it, and
    // --trace-pretenuring-statistics (a tracing flag of the same heap) shows V8 weighing no allocation site.
    const script = `
      const { setFlagsFromString } = require('node:v8');
      if (process.argv[1] === 'off') setFlagsFromString('--no-allocation-site-pretenuring');
      const { Worker } = require('node:worker_threads');
      new Worker(\`
        let kept = [];
        const make = (i) => ({ i, name: 'n' + i, children: [] });
        for (let round = 0; round < 400; round++) {
          const tree = [];
          for (let i = 0; i < 20000; i++) tree.push(make(i));
          kept.push(tree);
          if (kept.length > 3) kept.shift();
        }
      \`, { eval: true });
    `;
    const run = (mode: string): string => spawnSync(process.execPath, ['--trace-pretenuring-statistics', '-e', script, mode], { encoding: 'utf8', timeout: 60_000 }).stdout;
    expect(run('on')).toMatch(/pretenuring: AllocationSite/);
    expect(run('off')).not.toMatch(/pretenuring/);
  });
});
