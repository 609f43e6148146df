// Text in SVG images, drawn by Skia, in the bundled faces the PDF draws it with: the generic
// families and the bundled families' names are registered with Skia under those names, the first
// time an SVG image with text is drawn in the thread.
import { bundledFaces, bundledFamilyName } from '../fonts/bundled.js';
import type { CanvasModule } from './canvas-module.js';

/** The family names registered, each with the faces of the bundled family it stands for in HTML. */
const SVG_FAMILIES = ['serif', 'sans-serif', 'monospace', 'tinos', 'arimo', 'cousine', 'dejavu sans', 'dejavu serif', 'dejavu sans mono'];

let registered = false;

export function registerSvgTextFonts(canvas: CanvasModule): void {
  if (registered) return;
  registered = true;
  for (const name of SVG_FAMILIES) {
    const family = bundledFamilyName(name);
    if (family === null) continue;
    for (const face of bundledFaces(family)) {
      const bytes = (face.load()?.fontkit as { stream?: { buffer?: Uint8Array } } | undefined)?.stream?.buffer;
      if (bytes !== undefined) canvas.GlobalFonts.register(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name);
    }
  }
}
