// Text decoration lines (underline, overline, line-through) in their styles, as Chromium paints
// them: solid and double lines as rectangles, dotted and dashed as dashed strokes, wavy as a
// repeated cubic curve; underlines and overlines with gaps around the glyphs they cross.
import type { Color } from '../css/types.js';
import type { TextDecoration } from '../boxes/types.js';
import type { TextFragment } from '../layout/fragments.js';
import type { PaintBackend, PathCommand } from './backend.js';
import { inkSkippedSpans, type Span } from './ink-skip.js';

function rect(x: number, y: number, width: number, height: number): PathCommand[] {
  return [
    { op: 'move', x, y }, { op: 'line', x: x + width, y }, { op: 'line', x: x + width, y: y + height },
    { op: 'line', x, y: y + height }, { op: 'close' },
  ];
}

/**
 * One decoration line of a text fragment drawn at `x` on `baseline`, in `color`, placed as Blink
 * places it (text_decoration_info.cc, decoration_line_painter.cc): an automatic thickness of a tenth
 * of the font size, a given one rounded, at least 1px; an underline's top the font's rounded ascent
 * below the text's top plus a gap of half the thickness (at least 1px) or `text-underline-offset`;
 * an overline above the text's top by its thickness; a line-through centred a third of the rounded
 * ascent above the baseline; solid and double lines on whole pixels counted
 * from `gridTop`, as tall as the thickness rounded down.
 */
export function paintDecorationLine(backend: PaintBackend, fragment: TextFragment, decoration: TextDecoration, x: number, baseline: number, color: Color, gridTop: number): void {
  const { font, size } = fragment;
  const thickness = decoration.thickness !== null ? Math.max(1, Math.round(decoration.thickness)) : Math.max(1, size / 10);
  const ascent = font.ascent * size;
  let top: number;
  if (decoration.line === 'underline') {
    const below = decoration.underlineOffset === null ? Math.max(1, Math.ceil(thickness / 2)) : Math.round(decoration.underlineOffset);
    top = baseline - ascent + Math.round(ascent) + below;
  } else if (decoration.line === 'overline') {
    top = baseline - ascent - Math.floor(thickness);
  } else {
    // A third of the rounded ascent above the baseline, centred.
    top = baseline - Math.round(ascent) / 3 - thickness / 2;
  }
  const snap = (y: number): number => gridTop + Math.floor(y - gridTop + 0.5);
  const width = fragment.width;
  const skipsInk = decoration.line !== 'line-through' && fragment.style.textDecorationSkipInk !== 'none';
  // The second line of a double decoration, and a wavy line's axis, sit this far from the first (Chromium's double offset).
  const doubleOffset = thickness + 1;
  const spansWithin = (bandTop: number, bandBottom: number): Span[] =>
    skipsInk ? inkSkippedSpans(fragment, x, baseline, bandTop, bandBottom, thickness) : [{ start: x, end: x + width }];
  switch (decoration.style) {
    case 'wavy': {
      const factor = decoration.line === 'underline' ? 1 : decoration.line === 'overline' ? -1 : 0;
      const wave = wavyLine(x, width, top + 0.5 + doubleOffset * factor, thickness);
      const spans = spansWithin(wave.top, wave.bottom);
      backend.save();
      backend.clip(spans.flatMap((s) => rect(s.start, wave.top - 1, s.end - s.start, wave.bottom - wave.top + 2)));
      backend.strokePath(wave.path, { width: thickness, color, dash: [], lineCap: 'butt' });
      backend.restore();
      return;
    }
    case 'dotted':
    case 'dashed': {
      // The midline on the pixel grid, half a pixel down for an odd width (Blink's DrawLineAsStroke).
      const centre = gridTop + Math.floor(top - gridTop + Math.max(thickness / 2, 0.5)) + (Math.round(thickness) % 2 === 1 ? 0.5 : 0);
      const spans = spansWithin(top, top + thickness);
      const clipped = spans.length !== 1 || spans[0].start !== x || spans[0].end !== x + width;
      if (clipped) {
        backend.save();
        backend.clip(spans.flatMap((s) => rect(s.start, centre - thickness / 2 - 1, s.end - s.start, thickness + 2)));
      }
      backend.strokePath([{ op: 'move', x, y: centre }, { op: 'line', x: x + width, y: centre }], {
        width: thickness, color, dash: decoration.style === 'dotted' ? [thickness, thickness] : [thickness * 3, thickness * 2], lineCap: 'butt',
      });
      if (clipped) backend.restore();
      return;
    }
    default: {
      const double = decoration.style === 'double';
      const height = Math.max(1, Math.floor(thickness));
      const spans = spansWithin(top, top + thickness + (double ? doubleOffset : 0));
      for (const span of spans) {
        backend.fillPath(rect(span.start, snap(top), span.end - span.start, height), color);
        if (double) backend.fillPath(rect(span.start, snap(top + doubleOffset), span.end - span.start, height), color);
      }
    }
  }
}

/**
 * Chromium's wavy line from `x` over `width` around the axis `axis`: cubic curves whose control
 * points stand `distance` off the axis, one period every two steps, the first half below the
 * axis; sizes rounded to half pixels as Chromium rounds them. With the band it takes, for its ink gaps.
 */
function wavyLine(x: number, width: number, axis: number, thickness: number): { path: PathCommand[]; top: number; bottom: number } {
  const t = Math.max(1, thickness);
  const distance = 0.5 + Math.round(3 * t + 0.5);
  const step = 0.5 + Math.round(2 * t + 0.5);
  const path: PathCommand[] = [{ op: 'move', x, y: axis }];
  for (let at = x; at < x + width; at += 2 * step) {
    path.push({ op: 'curve', x1: at + step, y1: axis + distance, x2: at + step, y2: axis - distance, x: at + 2 * step, y: axis });
  }
  // A cubic whose control points stand ±d off its axis swings √3/6·d ≈ 0.29·d either way.
  const swing = (Math.sqrt(3) / 6) * distance + thickness / 2;
  return { path, top: Math.floor(axis - swing), bottom: Math.ceil(axis + swing) };
}
