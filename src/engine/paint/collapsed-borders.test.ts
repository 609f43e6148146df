import { describe, expect, it } from 'vitest';
import type { BorderSegment } from '../layout/fragments.js';
import { PaintSpy } from '../../testing/paint-spy.js';
import { paintCollapsedBorders } from './collapsed-borders.js';

const GRAY = { r: 128, g: 128, b: 128, a: 1 };
const grey = (v: number) => ({ r: v, g: v, b: v, a: 1 });
const segment = (style: BorderSegment['style'], thickness: number, horizontal = true): BorderSegment =>
  horizontal ? { x: 0, y: 10, width: 100, height: thickness, style, color: GRAY, horizontal } : { x: 10, y: 0, width: thickness, height: 100, style, color: GRAY, horizontal };

describe('collapsed 3D borders, as Chromium draws them', () => {
  it('draws inset and outset as ridge and groove: solid in the colour under 2px', () => {
    for (const style of ['inset', 'outset', 'ridge', 'groove'] as const) {
      const spy = new PaintSpy();
      paintCollapsedBorders(spy, [segment(style, 1)]);
      expect(spy.callsOf('fillPath').map((c) => c.args[1])).toEqual([GRAY]);
    }
  });

  it('splits 2px and more in two bands, the first taking the odd pixel: lit then shaded for ridge and inset, the reverse for groove and outset', () => {
    // Chromium's PDF for 3px gray: #d4d4d4 2px then #2c2c2c 1px (inset), the reverse for outset.
    const bands = (style: BorderSegment['style'], horizontal: boolean) => {
      const spy = new PaintSpy();
      paintCollapsedBorders(spy, [segment(style, 3, horizontal)]);
      return spy.callsOf('fillPath').map((c) => c.args[1]);
    };
    for (const horizontal of [true, false]) {
      expect(bands('inset', horizontal)).toEqual([grey(212), grey(44)]);
      expect(bands('ridge', horizontal)).toEqual([grey(212), grey(44)]);
      expect(bands('outset', horizontal)).toEqual([grey(44), grey(212)]);
      expect(bands('groove', horizontal)).toEqual([grey(44), grey(212)]);
    }
    const spy = new PaintSpy();
    paintCollapsedBorders(spy, [segment('inset', 3)]);
    const ys = spy.callsOf('fillPath').map((c) => c.args[0].filter((p) => p.op !== 'close').map((p) => (p as { y: number }).y));
    expect(ys.map((y) => [Math.min(...y), Math.max(...y)])).toEqual([[10, 12], [12, 13]]);
  });
});
