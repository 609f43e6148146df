// The native engine, remembering what renderImages was asked to paint: the page-image tests check what the service hands it.
import { createNativeEngine, type PdfEngine } from '../../src/index.js';
import type { PageImageOptions } from '../../src/engine/types.js';

export interface RecordingImageEngine extends PdfEngine {
  readonly imageCalls: { html: string; options: PageImageOptions }[];
}

export function recordingImageEngine(inner: PdfEngine = createNativeEngine()): RecordingImageEngine {
  const imageCalls: { html: string; options: PageImageOptions }[] = [];
  return {
    name: `recording(${inner.name})`,
    imageCalls,
    render: (html, options) => inner.render(html, options),
    renderImages(html, options = {}) {
      imageCalls.push({ html, options });
      if (!inner.renderImages) throw new Error(`${inner.name} has no renderImages`);
      return inner.renderImages(html, options);
    },
  };
}
