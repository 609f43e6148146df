// The native engine's page images: the layout of native-render.ts, its pages painted on a Skia
// canvas (raster/) instead of into a PDF, only the pages asked for.
import type { ImageResource } from './images/types.js';
import type { PageSink } from './layout/page.js';
import type { PageFragment } from './layout/fragments.js';
import { renderThrough } from './native-render.js';
import type { NativeEngineOptions } from './native-engine.js';
import { PagePainter } from './paint/paint.js';
import { CanvasBackend, decodeRasterImages } from './raster/canvas-backend.js';
import { canvasModule, type CanvasImage, type CanvasModule, type PeerLoader } from './raster/canvas-module.js';
import { PAGE_IMAGE_MEDIA_TYPES, pageImageSettings, type PageImageSettings } from './raster/page-image-options.js';
import type { RenderClock } from './render-clock.js';
import type { PageImage, PageImageOptions, PageImages } from './types.js';

export async function renderNativeImages(html: string, options: PageImageOptions, engineOptions: NativeEngineOptions, load?: PeerLoader): Promise<PageImages> {
  const settings = pageImageSettings(options);
  const canvas = canvasModule(load);
  return renderThrough(html, options, engineOptions,
    async ({ images, clock }) => new ImagePages(canvas, images, await decodeRasterImages(canvas, images.values()), clock, settings),
    (sink, layout) => Promise.resolve({ pageCount: layout.pages.length, images: sink.images() }));
}

/**
 * Pages painted as they come, each encoded at once so that one page's pixels are held at a time;
 * pages not asked for are not painted. A restart forgets the images made.
 */
class ImagePages implements PageSink {
  private backend!: CanvasBackend;
  private painter!: PagePainter;
  private made = new Map<number, PageImage>();
  /** The page being painted (1-based), which the pixel cap names. */
  private current = 0;

  constructor(
    private readonly canvas: CanvasModule,
    private readonly resources: ReadonlyMap<string, ImageResource>,
    private readonly decoded: ReadonlyMap<string, CanvasImage>,
    private readonly clock: RenderClock,
    private readonly settings: PageImageSettings,
  ) {
    this.restart();
  }

  page(page: PageFragment, index: number): void {
    this.clock.check();
    const number = index + 1;
    if (this.settings.pages !== null && !this.settings.pages.includes(number)) return;
    this.current = number;
    this.painter.paint(page);
    const painted = this.backend.takePage();
    if (painted === null) return;
    const { format, quality } = this.settings;
    const data = format === 'png' ? painted.encodeSync('png') : painted.encodeSync(format, quality);
    this.made.set(number, { page: number, width: painted.width, height: painted.height, format, mediaType: PAGE_IMAGE_MEDIA_TYPES[format], data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  }

  restart(): void {
    this.backend = new CanvasBackend(this.canvas, { scaleFor: (width, height) => this.settings.scaleFor(this.current, width, height) }, this.decoded);
    this.painter = new PagePainter(this.backend, { images: (url) => this.resources.get(url) });
    this.made = new Map();
  }

  /** The images made, in the order asked (page order when every page was). */
  images(): PageImage[] {
    const order = this.settings.pages ?? [...this.made.keys()].sort((a, b) => a - b);
    return order.flatMap((number) => this.made.get(number) ?? []);
  }
}
