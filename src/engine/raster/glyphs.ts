// Text runs as glyph outlines: where the PDF writer puts each glyph (pdf/text.ts), and the
// glyph's outline from fontkit, added to a Path2D, so a page image shows the glyphs of the PDF.
import type { Font as FontkitFont } from 'fontkit';
import { shapeChunk, shapeTextRightToLeft, spaceKerning, type ShapedText } from '../fonts/shape.js';
import type { TextRun } from '../paint/backend.js';
import { countCodePoints, outsideRows, pdfFontSize, SYNTHETIC_ITALIC_SKEW, takeSpacing, type SpacingLeft } from '../pdf/text.js';
import type { CanvasModule, CanvasPath } from './canvas-module.js';

/** A glyph drawn at its origin (px, y down, on the baseline), scaled by `scale` px per font unit. */
export interface PositionedGlyph {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/**
 * A glyph's outline in font units (y up) as numbers: an operation (MOVE, LINE, QUAD, CUBIC, CLOSE)
 * followed by its coordinates. Kept as numbers, not a Path2D, since Skia's Path2D.addPath joins an
 * added path's first point to the path's last one.
 */
type Outline = Float64Array;

const MOVE = 0;
const LINE = 1;
const QUAD = 2;
const CUBIC = 3;
const CLOSE = 4;
const OPERATIONS: Readonly<Record<string, number>> = { moveTo: MOVE, lineTo: LINE, quadraticCurveTo: QUAD, bezierCurveTo: CUBIC, closePath: CLOSE };

/** Outlines by face and glyph id; faces outlive documents and their glyphs do not change. */
const outlines = new WeakMap<FontkitFont, Map<number, Outline | null>>();

/** The glyph's outline, or null when it has none (a space). */
function glyphOutline(fk: FontkitFont, id: number): Outline | null {
  let byId = outlines.get(fk);
  if (byId === undefined) {
    byId = new Map();
    outlines.set(fk, byId);
  }
  let outline = byId.get(id);
  if (outline === undefined) {
    outline = outlineOf(fk, id);
    byId.set(id, outline);
  }
  return outline;
}

function outlineOf(fk: FontkitFont, id: number): Outline | null {
  let commands: readonly { command: string; args: number[] }[];
  try {
    commands = fk.getGlyph(id).path.commands as unknown as { command: string; args: number[] }[];
  } catch {
    return null;
  }
  const numbers: number[] = [];
  for (const { command, args } of commands) {
    const operation = OPERATIONS[command];
    if (operation === undefined) continue;
    numbers.push(operation, ...args);
  }
  return numbers.length === 0 ? null : Float64Array.from(numbers);
}

/** Adds the outline to `path`, mapped by [a, 0, c, d, e, f] (font units to page px). */
function addOutline(path: CanvasPath, o: Outline, a: number, c: number, d: number, e: number, f: number): void {
  for (let i = 0; i < o.length;) {
    switch (o[i]) {
      case MOVE: path.moveTo(a * o[i + 1] + c * o[i + 2] + e, d * o[i + 2] + f); i += 3; break;
      case LINE: path.lineTo(a * o[i + 1] + c * o[i + 2] + e, d * o[i + 2] + f); i += 3; break;
      case QUAD: path.quadraticCurveTo(a * o[i + 1] + c * o[i + 2] + e, d * o[i + 2] + f, a * o[i + 3] + c * o[i + 4] + e, d * o[i + 4] + f); i += 5; break;
      case CUBIC:
        path.bezierCurveTo(a * o[i + 1] + c * o[i + 2] + e, d * o[i + 2] + f, a * o[i + 3] + c * o[i + 4] + e, d * o[i + 4] + f, a * o[i + 5] + c * o[i + 6] + e, d * o[i + 6] + f);
        i += 7;
        break;
      default: path.closePath(); i += 1; break;
    }
  }
}

/**
 * The run's glyphs where a PDF viewer draws those of its text object (pdf/text.ts): shaped
 * advances plus letter-spacing per code point and word-spacing per U+0020, glyphs a clip hides left
 * out. Within one positioning of the text matrix the pen moves at the size written in the PDF
 * (cut to hundredths of a px), as a viewer moves it; the writer places the text matrix afresh at
 * the run's start and around mark offsets, from positions measured at the run's exact size.
 * `scale` is px per font unit at the written size.
 */
export function runGlyphs(run: TextRun): { glyphs: PositionedGlyph[]; scale: number; skew: number } {
  const fk = run.font.fontkit;
  const features = run.font.features ?? null;
  const upm = fk.unitsPerEm || 1000;
  const px = pdfFontSize(run.size) / upm;
  const written = pdfFontSize(run.size) / upm;
  const skew = run.font.syntheticItalic ? SYNTHETIC_ITALIC_SKEW : 0;
  const glyphs: PositionedGlyph[] = [];
  const spaced = run.letterSpacing !== 0 || run.wordSpacing !== 0;
  const { chars, spaces } = spaced ? countCodePoints(run.text) : { chars: 0, spaces: 0 };
  const chunks = chunksOf(run, fk, features);
  let glyphCount = 0;
  if (chars > 0) for (const chunk of chunks) glyphCount += chunk.shaped.glyphIds.length;
  const left: SpacingLeft = { chars, spaces };
  let index = 0;
  // The writer's pen (exact size) and the viewer's (written size); equal wherever the matrix is set.
  let penX = run.x;
  let viewerX = run.x;
  let moved = false;
  const visible = run.visible;
  for (const { shaped, kernBefore } of chunks) {
    if (kernBefore !== 0) {
      penX += kernBefore * px;
      viewerX += kernBefore * written;
    }
    for (let i = 0; i < shaped.glyphIds.length; i++, index++) {
      const extraPx = chars > 0 ? takeSpacing(run, left, shaped.codePoints[i], index === glyphCount - 1) : 0;
      const natural = shaped.glyphAdvances[i];
      const advance = shaped.xAdvances[i] + extraPx / px;
      const dx = shaped.xOffsets[i];
      const dy = shaped.yOffsets[i];
      const hidden = visible !== undefined && !moved && dx === 0 && dy === 0
        && (penX + natural * px <= visible.left || penX >= visible.right || outsideRows(fk, shaped.glyphIds[i], run.y, px, visible));
      if (!hidden) {
        if (dx !== 0 || dy !== 0) {
          glyphs.push({ id: shaped.glyphIds[i], x: penX + dx * px + skew * dy * px, y: run.y - dy * px });
          moved = true;
        } else {
          if (moved) {
            viewerX = penX;
            moved = false;
          }
          glyphs.push({ id: shaped.glyphIds[i], x: viewerX, y: run.y });
        }
      }
      penX += advance * px;
      viewerX += advance * written;
    }
  }
  return { glyphs, scale: written, skew };
}

/** The run's shaped chunks in the order the writer writes them, each with the kerning after a space before it. */
function chunksOf(run: TextRun, fk: FontkitFont, features: TextRun['font']['features']): { shaped: ShapedText; kernBefore: number }[] {
  const f = features ?? null;
  if (run.rightToLeft) return shapeTextRightToLeft(fk, run.text, f).map((shaped) => ({ shaped, kernBefore: 0 }));
  const text = run.text;
  const out: { shaped: ShapedText; kernBefore: number }[] = [];
  let start = 0;
  let kern = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      out.push({ shaped: shapeChunk(fk, text.slice(start, i + 1), false, f), kernBefore: kern });
      start = i + 1;
      kern = c === 0x20 && start < text.length ? spaceKerning(fk, text, start, f) : 0;
    }
  }
  if (start < text.length) out.push({ shaped: shapeChunk(fk, start === 0 ? text : text.slice(start), false, f), kernBefore: kern });
  return out;
}

/** Where a glyph's origin goes on the device: a glyph rasteriser's grid of positions. */
export type GlyphSnap = (x: number, y: number) => readonly [number, number];

/**
 * The outlines of the runs' glyphs, in page px, as one path (text to fill, or a clip), each
 * glyph's origin moved by `snap` when given.
 */
export function runsPath(canvas: CanvasModule, runs: readonly TextRun[], snap?: GlyphSnap): CanvasPath {
  const path = new canvas.Path2D();
  for (const run of runs) {
    if (run.text.length === 0 || !(run.size > 0)) continue;
    const { glyphs, scale, skew } = runGlyphs(run);
    for (const glyph of glyphs) {
      const outline = glyphOutline(run.font.fontkit, glyph.id);
      // Font units (y up) to page px (y down), sheared for a synthetic italic: the PDF's `1 0 skew -1 x y Tm`.
      if (outline === null) continue;
      const [x, y] = snap ? snap(glyph.x, glyph.y) : [glyph.x, glyph.y];
      addOutline(path, outline, scale, skew * scale, -scale, x, y);
    }
  }
  return path;
}
