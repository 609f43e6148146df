// Text decoration lines as Chromium draws them: thickness and position, gaps where underlines
// cross glyphs (text-decoration-skip-ink), wavy lines; read from the paint calls and the PDF.
import { describe, expect, it } from 'vitest';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import { layoutHtml, paintHtml, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 500px 300px; margin: 0 } body { margin: 0; font: 20px/30px Arimo } ${css}</style>${body}`;

const rect = (path: readonly PathCommand[]): { x: number; y: number; width: number; height: number } => {
  const pts = path.filter((p): p is Extract<PathCommand, { x: number }> => 'x' in p);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
};

const fills = async (body: string, css = '') => (await paintHtml(page(body, css))).callsOf('fillPath').map((f) => rect(f.args[0]));

describe('decoration lines', () => {
  it('draws an automatic underline a tenth of the font size thick, rounded down, half of it (at least 1px) below the baseline', async () => {
    for (const [size, height, gap] of [[16, 1, 1], [20, 2, 1], [24, 2, 2], [48, 4, 3]] as const) {
      const html = page(`<p id=p style="margin:0;font-size:${size}px;text-decoration:underline">mmm</p>`);
      const [run] = textRuns(await layoutHtml(html), '#p');
      const [line] = (await paintHtml(html)).callsOf('fillPath').map((f) => rect(f.args[0]));
      expect(line.height).toBe(height);
      expect(line.y).toBe(Math.round(line.y));
      expect(Math.abs(line.y - (run.baseline + gap))).toBeLessThanOrEqual(1);
    }
  });

  it('leaves gaps where an underline crosses descenders, and none with text-decoration-skip-ink: none or for line-through', async () => {
    const skipped = await fills('<p style="margin:0;text-decoration:underline">gypsy jumping</p>');
    // g, y, p, s-less: each descender cuts the line.
    expect(skipped.length).toBeGreaterThanOrEqual(5);
    const whole = await fills('<p style="margin:0;text-decoration:underline;text-decoration-skip-ink:none">gypsy jumping</p>');
    expect(whole).toHaveLength(1);
    const total = (rs: typeof whole) => rs.reduce((sum, r) => sum + r.width, 0);
    expect(total(skipped)).toBeLessThan(whole[0].width - 10);
    expect(await fills('<p style="margin:0;text-decoration:line-through">gypsy jumping</p>')).toHaveLength(1);
    // Text without descenders keeps its whole underline.
    expect(await fills('<p style="margin:0;text-decoration:underline">mama test</p>')).toHaveLength(1);
  });

  it('inherits text-underline-offset: the line\u2019s top that far below the baseline, with no gap', async () => {
    const html = page('<div style="text-underline-offset:6px"><p id=p style="margin:0;text-decoration:underline">mmm</p></div>');
    const [run] = textRuns(await layoutHtml(html), '#p');
    const [line] = (await paintHtml(html)).callsOf('fillPath').map((f) => rect(f.args[0]));
    expect(Math.abs(line.y - (run.baseline + 6))).toBeLessThanOrEqual(1);
    expect(line.y).toBeGreaterThan(run.baseline + 4.5);
  });

  it('inherits text-decoration-skip-ink, which the text being drawn decides', async () => {
    expect(await fills('<div style="text-decoration-skip-ink:none"><p style="margin:0;text-decoration:underline">gypsy</p></div>')).toHaveLength(1);
  });

  it('draws a wavy line as a repeated curve, clipped to the text and its ink gaps', async () => {
    const spy = await paintHtml(page('<p style="margin:0;text-decoration:underline wavy red">wavy text here</p>'));
    const [stroke] = spy.callsOf('strokePath');
    expect(stroke).toBeDefined();
    const curves = stroke.args[0].filter((c) => c.op === 'curve');
    // One curve per period of two steps (3.5px each for a 2px line).
    expect(curves.length).toBeGreaterThan(10);
    expect(stroke.args[1].color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(spy.callsOf('clip').length).toBeGreaterThan(0);
  });
});
