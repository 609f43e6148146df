import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHeapMb } from './render-limit-flags.js';

describe('--render-heap-mb', () => {
  it('is absent, or a whole number of megabytes from 32', () => {
    expect(renderHeapMb(undefined)).toEqual({});
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (megabytes) => {
      const settled = renderHeapMb(String(megabytes));
      if (megabytes >= 32) expect(settled).toEqual({ maxHeapMb: megabytes });
      else expect(settled).toEqual({ problem: `--render-heap-mb must be a whole number of megabytes from 32, not ${megabytes}` });
    }));
    for (const flag of ['lots', '1.5', '-64', '']) expect(renderHeapMb(flag)).toHaveProperty('problem');
  });
});
