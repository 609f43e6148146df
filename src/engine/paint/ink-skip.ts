// text-decoration-skip-ink: auto (CSS Text Decoration 4 §2.6). Underlines and overlines leave a gap
// wherever they would cross a glyph's ink, as Chromium draws them: each glyph's outline is cut by
// the line's band (inset by half a px, so thinner crossings are ignored), and the part it covers is
// widened by the line's thickness (at most 13px) on both sides.
import type { Font as FontkitFont } from 'fontkit';
import { shapeText, shapeTextRightToLeft } from '../fonts/shape.js';
import type { TextFragment } from '../layout/fragments.js';

/** A horizontal span of the page, in px. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Chromium's kDecorationClipMaxDilation. */
const MAX_DILATION = 13;
/** Segments each curve of an outline is cut into. */
const CURVE_STEPS = 8;
const SKEW = 0.2;

/** Each face's glyph crossings by band, in font units: the x range a glyph's outline covers between two heights, or null. */
const crossings = new WeakMap<FontkitFont, Map<string, readonly [number, number] | null>>();

/**
 * The spans of `fragment`'s line (drawn at `x`, from `top` to `bottom` on the page) that its
 * glyphs' ink leaves for the line: the line's whole length less the gaps around the ink.
 */
export function inkSkippedSpans(fragment: TextFragment, x: number, baseline: number, top: number, bottom: number, thickness: number): Span[] {
  const whole = [{ start: x, end: x + fragment.width }];
  const band = { top: top + 0.5, bottom: bottom - 0.5 };
  if (band.bottom <= band.top || fragment.symbol !== undefined || fragment.vertical !== undefined) return whole;
  const fk = fragment.font.fontkit;
  const upm = fk.unitsPerEm || 1000;
  const px = fragment.size / upm;
  // The band in font units, y up from the baseline.
  const low = (baseline - band.bottom) / px;
  const high = (baseline - band.top) / px;
  const skew = fragment.font.syntheticItalic ? SKEW * ((low + high) / 2) : 0;
  const dilation = Math.min(thickness, MAX_DILATION);
  const style = fragment.style;
  const gaps: Span[] = [];
  let pen = x;
  const chunks = (fragment.rightToLeft ? shapeTextRightToLeft : shapeText)(fk, fragment.text, fragment.font.features ?? null);
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.glyphIds.length; i++) {
      const crossing = glyphCrossing(fk, chunk.glyphIds[i], low, high);
      if (crossing !== null) {
        const origin = pen + (chunk.xOffsets[i] + skew) * px;
        gaps.push({ start: origin + crossing[0] * px - dilation, end: origin + crossing[1] * px + dilation });
      }
      pen += chunk.xAdvances[i] * px;
      for (const cp of chunk.codePoints[i]) pen += style.letterSpacing + (cp === 0x20 ? fragment.wordSpacing : 0);
    }
  }
  return gaps.length === 0 ? whole : subtract(whole[0], gaps);
}

function subtract(line: Span, gaps: Span[]): Span[] {
  gaps.sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  let from = line.start;
  for (const gap of gaps) {
    if (gap.start > from) out.push({ start: from, end: Math.min(gap.start, line.end) });
    from = Math.max(from, gap.end);
    if (from >= line.end) break;
  }
  if (from < line.end) out.push({ start: from, end: line.end });
  return out.filter((s) => s.end - s.start > 0.01);
}

/** The x range (font units) glyph `id`'s outline covers between heights `low` and `high`, or null when it has no ink there. */
function glyphCrossing(fk: FontkitFont, id: number, low: number, high: number): readonly [number, number] | null {
  let known = crossings.get(fk);
  if (known === undefined) {
    known = new Map();
    crossings.set(fk, known);
  }
  const key = `${id}:${Math.round(low)}:${Math.round(high)}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const glyph = fk.getGlyph(id);
  const { minY, maxY } = glyph.bbox;
  let result: readonly [number, number] | null = null;
  if (maxY > minY && minY < high && maxY > low) result = outlineCrossing(glyph.path.commands, low, high);
  known.set(key, result);
  return result;
}

interface PathCommandLike {
  readonly command: string;
  readonly args: readonly number[];
}

/** The x range of an outline's edges (curves cut into segments) between two heights. */
function outlineCrossing(commands: readonly PathCommandLike[], low: number, high: number): readonly [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const edge = (x1: number, y1: number): void => {
    const x0 = x;
    const y0 = y;
    x = x1;
    y = y1;
    if (y0 < low && y1 < low || y0 > high && y1 > high) return;
    let t0 = 0;
    let t1 = 1;
    if (y1 !== y0) {
      const a = (low - y0) / (y1 - y0);
      const b = (high - y0) / (y1 - y0);
      t0 = Math.max(0, Math.min(a, b));
      t1 = Math.min(1, Math.max(a, b));
      if (t0 > t1) return;
    }
    for (const t of [t0, t1]) {
      const at = x0 + (x1 - x0) * t;
      if (at < min) min = at;
      if (at > max) max = at;
    }
  };
  for (const { command, args } of commands) {
    switch (command) {
      case 'moveTo':
        x = startX = args[0];
        y = startY = args[1];
        break;
      case 'lineTo':
        edge(args[0], args[1]);
        break;
      case 'quadraticCurveTo': {
        const [cx, cy, ex, ey] = args;
        const sx = x;
        const sy = y;
        for (let s = 1; s <= CURVE_STEPS; s++) {
          const t = s / CURVE_STEPS;
          const u = 1 - t;
          edge(u * u * sx + 2 * u * t * cx + t * t * ex, u * u * sy + 2 * u * t * cy + t * t * ey);
        }
        break;
      }
      case 'bezierCurveTo': {
        const [c1x, c1y, c2x, c2y, ex, ey] = args;
        const sx = x;
        const sy = y;
        for (let s = 1; s <= CURVE_STEPS; s++) {
          const t = s / CURVE_STEPS;
          const u = 1 - t;
          edge(u * u * u * sx + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * ex, u * u * u * sy + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * ey);
        }
        break;
      }
      case 'closePath':
        edge(startX, startY);
        break;
    }
  }
  return min <= max ? [min, max] : null;
}
