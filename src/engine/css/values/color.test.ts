import { describe, expect, it } from 'vitest';
import { parseComponents } from '../syntax.js';
import { parseColor } from './color.js';

const color = (text: string) => {
  const v = parseComponents(text);
  const c = v.length === 1 ? parseColor(v[0]) : undefined;
  return c === undefined || c === 'currentcolor' ? c : [c.r, c.g, c.b, Math.round(c.a * 1000) / 1000];
};

describe('parseColor', () => {
  it.each([
    ['#f00', [255, 0, 0, 1]],
    ['#F008', [255, 0, 0, 0.533]],
    ['#336699', [51, 102, 153, 1]],
    ['#33669980', [51, 102, 153, 0.502]],
    ['red', [255, 0, 0, 1]],
    ['RebeccaPurple', [102, 51, 153, 1]],
    ['lightgoldenrodyellow', [250, 250, 210, 1]],
    ['transparent', [0, 0, 0, 0]],
    ['rgb(255, 128, 0)', [255, 128, 0, 1]],
    ['rgba(255, 128, 0, 0.5)', [255, 128, 0, 0.5]],
    ['rgb(100%, 50%, 0%)', [255, 128, 0, 1]],
    ['rgb(255 128 0)', [255, 128, 0, 1]],
    ['rgb(255 128 0 / 25%)', [255, 128, 0, 0.25]],
    ['rgba(255 128 0 / .5)', [255, 128, 0, 0.5]],
    ['rgb(300 -5 0)', [255, 0, 0, 1]],
    ['rgb(none 0 0)', [0, 0, 0, 1]],
    ['hsl(0, 100%, 50%)', [255, 0, 0, 1]],
    ['hsl(120 100% 25%)', [0, 128, 0, 1]],
    ['hsla(240, 100%, 50%, 0.5)', [0, 0, 255, 0.5]],
    ['hsl(0.5turn 100% 50%)', [0, 255, 255, 1]],
    ['hsl(171deg, 100%, calc(41% + 0%))', [0, 209, 178, 1]],
    ['hsl(calc(170 + 1), calc(50% * 2), min(41%, 60%))', [0, 209, 178, 1]],
    ['rgb(calc(255 / 2) 0 0 / calc(50% + 25%))', [128, 0, 0, 0.75]],
    ['hwb(0 0% 0%)', [255, 0, 0, 1]],
    ['hwb(0 50% 50%)', [128, 128, 128, 1]],
    ['oklch(62.8% 0.2577 29.23)', [255, 0, 0, 1]],
    ['oklab(1 0 0)', [255, 255, 255, 1]],
    ['lab(54.29 80.8 69.89)', [255, 0, 0, 1]],
    ['lch(0% 0 0)', [0, 0, 0, 1]],
    ['color(srgb 1 0.5 0 / 0.5)', [255, 128, 0, 0.5]],
    ['Canvas', [255, 255, 255, 1]],
    ['CanvasText', [0, 0, 0, 1]],
    ['LinkText', [0, 0, 238, 1]],
    ['ButtonFace', [239, 239, 239, 1]],
    ['currentColor', 'currentcolor'],
  ])('%s', (text, expected) => {
    expect(color(text)).toEqual(expected);
  });

  it.each(['#ff', '#fffff', '#ggg', 'notacolor', 'rgb(1, 2)', 'rgb(1 2 3 4)', 'hsl(0, 100%)', 'rgb(1, 2 3)', '12px', '"red"', 'hsl(0, 100%, calc(40% + 1px))', 'rgb(calc(1px) 0 0)'])(
    'rejects %s',
    (text) => {
      expect(color(text)).toBeUndefined();
    },
  );
});

describe('color-mix() (CSS Color 5; the sRGB Chromium 156 paints each as)', () => {
  it.each([
    ['color-mix(in srgb, red 40%, blue)', [102, 0, 153, 1]],
    ['color-mix(in srgb, red, blue)', [128, 0, 128, 1]],
    // Tailwind 4's opacity modifiers: premultiplied, so the colour keeps its hue and loses alpha.
    ['color-mix(in oklab, blue 50%, transparent)', [0, 0, 255, 0.5]],
    ['color-mix(in oklab, #3b82f6 20%, white)', [216, 231, 255, 1]],
    ['color-mix(in oklch, red, blue)', [186, 0, 194, 1]],
    ['color-mix(in lch longer hue, red, blue)', [0, 130, 64, 1]],
    // Percentages adding up to less than 100% make the mix that much transparent.
    ['color-mix(in hsl, red 30%, lime 30%)', [255, 255, 0, 0.6]],
    ['color-mix(in lab, oklch(0.7 0.2 30), #00f 25%)', [226, 72, 124, 1]],
    ['color-mix(in srgb-linear, red, blue)', [188, 0, 188, 1]],
    ['color-mix(in xyz, red, blue)', [188, 0, 188, 1]],
    ['color-mix(in hwb, red, blue)', [255, 0, 255, 1]],
  ])('%s', (text, expected) => {
    const found = color(text) as number[];
    // Within 2: colours are held as 8-bit sRGB, an out-of-gamut one clipped before it is mixed.
    expect(found.slice(0, 3).every((c, i) => Math.abs(c - expected[i]!) <= 2)).toBe(true);
    expect(found[3]).toBeCloseTo(expected[3]!, 2);
  });

  it.each(['color-mix(red, blue)', 'color-mix(in srgb, red)', 'color-mix(in nowhere, red, blue)', 'color-mix(in srgb, red 0%, blue 0%)', 'color-mix(in srgb longer hue, red, blue)', 'color-mix(in srgb, currentcolor, blue)'])(
    'rejects %s', (text) => expect(color(text)).toBeUndefined(),
  );
});
