// Collapsed table borders: each resolved edge painted once as the rectangle layout gives it.
import type { Color } from '../css/types.js';
import type { BorderSegment } from '../layout/fragments.js';
import type { PaintBackend, PathCommand } from './backend.js';
import { bevelColor } from './borders.js';

function rect(x: number, y: number, w: number, h: number): PathCommand[] {
  return [{ op: 'move', x, y }, { op: 'line', x: x + w, y }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x, y: y + h }, { op: 'close' }];
}

function strokeAlong(backend: PaintBackend, s: BorderSegment, color: Color, dash: number[]): void {
  const thickness = s.horizontal ? s.height : s.width;
  const path: PathCommand[] = s.horizontal
    ? [{ op: 'move', x: s.x, y: s.y + s.height / 2 }, { op: 'line', x: s.x + s.width, y: s.y + s.height / 2 }]
    : [{ op: 'move', x: s.x + s.width / 2, y: s.y }, { op: 'line', x: s.x + s.width / 2, y: s.y + s.height }];
  backend.strokePath(path, { width: thickness, color, dash, lineCap: 'butt' });
}

/**
 * A ridge (or groove) edge as Chromium draws a collapsed one: under 2px solid in its colour;
 * from 2px two bands across the edge, the first (top or left) taking the odd pixel, lit then
 * shaded for a ridge on every side, shaded then lit for a groove.
 */
function paintBevelled(backend: PaintBackend, s: BorderSegment, thickness: number, ridge: boolean): void {
  if (thickness < 2) {
    backend.fillPath(rect(s.x, s.y, s.width, s.height), s.color);
    return;
  }
  const first = Math.ceil(thickness / 2);
  const [firstColor, secondColor] = [bevelColor(s.color, !ridge), bevelColor(s.color, ridge)];
  if (s.horizontal) {
    backend.fillPath(rect(s.x, s.y, s.width, first), firstColor);
    backend.fillPath(rect(s.x, s.y + first, s.width, thickness - first), secondColor);
  } else {
    backend.fillPath(rect(s.x, s.y, first, s.height), firstColor);
    backend.fillPath(rect(s.x + first, s.y, thickness - first, s.height), secondColor);
  }
}

/** Paints the segments: solid ones and the 3D styles as fills, dashes and dots as strokes. */
export function paintCollapsedBorders(backend: PaintBackend, segments: readonly BorderSegment[]): void {
  for (const s of segments) {
    if (s.width <= 0 || s.height <= 0 || s.color.a === 0) continue;
    const thickness = s.horizontal ? s.height : s.width;
    switch (s.style) {
      case 'dashed':
        strokeAlong(backend, s, s.color, [thickness * 3, thickness * 3]);
        break;
      case 'dotted':
        strokeAlong(backend, s, s.color, [thickness, thickness]);
        break;
      case 'double': {
        const third = thickness / 3;
        if (s.horizontal) {
          backend.fillPath(rect(s.x, s.y, s.width, third), s.color);
          backend.fillPath(rect(s.x, s.y + s.height - third, s.width, third), s.color);
        } else {
          backend.fillPath(rect(s.x, s.y, third, s.height), s.color);
          backend.fillPath(rect(s.x + s.width - third, s.y, third, s.height), s.color);
        }
        break;
      }
      // In the collapsing model inset is drawn as ridge and outset as groove (CSS 2.1, section 17.6.2.1).
      case 'inset':
      case 'ridge':
        paintBevelled(backend, s, thickness, true);
        break;
      case 'outset':
      case 'groove':
        paintBevelled(backend, s, thickness, false);
        break;
      default:
        backend.fillPath(rect(s.x, s.y, s.width, s.height), s.color);
    }
  }
}
