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
