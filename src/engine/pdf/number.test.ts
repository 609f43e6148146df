import { describe, expect, it } from 'vitest';
import { num } from './number.js';

const reference = (v: number, digits: number): string => {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return r === 0 || !Number.isFinite(r) ? '0' : String(r);
};

describe('num', () => {
  it('writes what String(rounded) writes, for all digit counts', () => {
    const values = [0, -0, 1, -1, 0.5, -0.5, 0.0004, 0.0005, -0.0005, 841.889764, 1e-7, 123456.789, -98765.4321, 0.1 + 0.2, 1e12, 2.5e14, NaN, Infinity, -Infinity];
    for (let i = 0; i < 5000; i++) values.push(Math.sin(i) * 10 ** (i % 7), (i - 2500) / 8, i * 0.001);
    for (const v of values) for (let d = 0; d <= 5; d++) expect(num(v, d)).toBe(reference(v, d));
  });

  it('never writes exponents or negative zero', () => {
    expect(num(1e-9)).toBe('0');
    expect(num(-1e-9)).toBe('0');
    expect(num(-0.0001)).toBe('0');
    expect(num(0.05, 2)).toBe('0.05');
    expect(num(-12.3456, 2)).toBe('-12.35');
  });
});
