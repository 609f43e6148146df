import { describe, expect, it } from 'vitest';
import { parseComponents } from '../syntax.js';
import { parseImage } from './image.js';

const image = (text: string) => parseImage(parseComponents(text)[0]);

describe('gradients with a colour interpolation method (CSS Images 4, as Tailwind 4 writes them)', () => {
  it.each([
    ['linear-gradient(to right in oklab, red, blue)', 90],
    ['linear-gradient(in oklab to right, red, blue)', 90],
    ['linear-gradient(45deg in srgb-linear, red, blue)', 45],
    ['linear-gradient(in oklch longer hue, red, blue)', 180],
    ['repeating-linear-gradient(to bottom in lab, red, blue 20px)', 180],
  ])('%s parses, its direction kept', (text, angle) => {
    const parsed = image(text);
    expect(parsed).toMatchObject({ kind: 'linear-gradient', angleDeg: angle });
    // Chromium 156 prints them interpolated in sRGB: the stops are the written ones.
    expect(parsed && 'stops' in parsed ? parsed.stops.length : 0).toBe(2);
  });

  it('parses a radial gradient with one', () => {
    expect(image('radial-gradient(circle at center in oklab, yellow, blue)')).toMatchObject({ kind: 'radial-gradient', shape: 'circle' });
    expect(image('radial-gradient(in oklab, yellow, blue)')).toMatchObject({ kind: 'radial-gradient', shape: 'ellipse' });
  });

  it.each(['linear-gradient(in nowhere, red, blue)', 'linear-gradient(to right in srgb longer hue, red, blue)', 'linear-gradient(in oklch longer, red, blue)', 'linear-gradient(in, red, blue)'])(
    'rejects %s', (text) => expect(image(text)).toBeUndefined(),
  );
});

describe('conic gradients (CSS Images 4 §3.3)', () => {
  it('holds angle stops as percentages of the turn, with from and at', () => {
    expect(image('conic-gradient(from 90deg at 25% 75%, red 0deg 90deg, blue 50%)')).toEqual({
      kind: 'conic-gradient', fromDeg: 90, repeating: false, position: [{ percent: 25 }, { percent: 75 }],
      stops: [{ color: { r: 255, g: 0, b: 0, a: 1 }, position: { percent: 0 } }, { color: { r: 255, g: 0, b: 0, a: 1 }, position: { percent: 25 } }, { color: { r: 0, g: 0, b: 255, a: 1 }, position: { percent: 50 } }],
    });
    expect(image('repeating-conic-gradient(#000 0 10deg, #fff 10deg 20deg)')).toMatchObject({ kind: 'conic-gradient', repeating: true, fromDeg: 0 });
    expect(image('conic-gradient(in oklab, red, blue)')).toMatchObject({ kind: 'conic-gradient' });
  });

  it.each(['conic-gradient(red 10px, blue)', 'conic-gradient(from red, blue)', 'conic-gradient(at, red, blue)', '-webkit-conic-gradient(red, blue)'])('rejects %s', (text) => expect(image(text)).toBeUndefined());
});
