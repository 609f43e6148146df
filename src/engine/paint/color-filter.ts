// `filter`'s colour functions painted: every colour a box and its descendants paint (fills, strokes,
// text, gradient stops) goes through the box's colour matrix; images keep their own pixels.
import { type ColorMatrix, filterColor } from '../css/values/color-matrix.js';
import type { PaintBackend, SmoothGradient, StrokeStyle, TextRun } from './backend.js';

/** A backend that paints every colour through `matrix`, and all else as `backend` does. */
export function colorFilteredBackend(backend: PaintBackend, matrix: ColorMatrix): PaintBackend {
  const filtered: PaintBackend = {
    beginPage: (width, height, scale) => backend.beginPage(width, height, scale),
    save: () => backend.save(),
    restore: () => backend.restore(),
    setOpacity: (opacity) => backend.setOpacity(opacity),
    beginGroup: (opacity, blend) => backend.beginGroup(opacity, blend),
    endGroup: () => backend.endGroup(),
    transform: (m) => backend.transform(m),
    clip: (path) => backend.clip(path),
    clipText: (runs) => backend.clipText(runs),
    fillPath: (path, color, rule) => backend.fillPath(path, filterColor(color, matrix), rule),
    strokePath: (path, stroke: StrokeStyle) => backend.strokePath(path, { ...stroke, color: filterColor(stroke.color, matrix) }),
    text: (run: TextRun) => backend.text({ ...run, color: filterColor(run.color, matrix) }),
    image: (image, x, y, width, height) => backend.image(image, x, y, width, height),
    link: (x, y, width, height, target) => backend.link(x, y, width, height, target),
    destination: (name, x, y) => backend.destination(name, x, y),
  };
  if (backend.fillGradient) {
    const fill = backend.fillGradient.bind(backend);
    filtered.fillGradient = (path, gradient: SmoothGradient) => fill(path, { ...gradient, stops: gradient.stops.map((s) => ({ ...s, color: filterColor(s.color, matrix) })) });
  }
  return filtered;
}
