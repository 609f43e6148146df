// The native engine's page images: the layout of native-render.ts, its pages painted on a Skia
// canvas (raster/) instead of into a PDF, only the pages asked for.
import type { ImageResource } from './images/types.js';
import type { PageSink } from './layout/page.js';
import type { PageFragment } from './layout/fragments.js';
import { renderThrough } from './native-render.js';
import type { NativeEngineOptions } from './native-engine.js';
import { PagePainter } from './paint/paint.js';
import { CanvasBackend } from './raster/canvas-backend.js';
import { canvasModule, type Canvas, type CanvasModule, type PeerLoader } from './raster/canvas-module.js';
import { DecodedImages } from './raster/decoded-images.js';
import { PAGE_IMAGE_MEDIA_TYPES, pageImageSettings, type PageImageSettings } from './raster/page-image-options.js';
import { pageImageResources } from './raster/page-image-resources.js';
import type { RenderClock } from './render-clock.js';
import type { PageImage, PageImageOptions, PageImages } from './types.js';

export async function renderNativeImages(html: string, options: PageImageOptions, engineOptions: NativeEngineOptions, load?: PeerLoader): Promise<PageImages> {
  const settings = pageImageSettings(options);
  const canvas = canvasModule(load);
  return renderThrough(html, options, engineOptions,
    ({ images, clock }) => new ImagePages(canvas, images, clock, settings),
    async (sink, layout) => ({ pageCount: layout.pages.length, images: await sink.finish() }));
}

/**
 * The pages asked for, painted as they are laid out when they draw no raster image, else kept and
 * painted once the layout is done: a page's PNG and JPEG images are decoded before it is painted
 * (Skia decodes asynchronously, painting is synchronous). Each page is encoded at once, so that
 * one page's pixels are held at a time. A restart forgets the images made and pages kept.
 */
class ImagePages implements PageSink {
  private kept: ({ readonly number: number; readonly page: PageFragment; readonly uses: readonly ImageResource[] } | null)[] = [];
  private made = new Map<number, PageImage>();
  private readonly decoded: DecodedImages;
  private readonly backend: CanvasBackend;
  private readonly painter: PagePainter;
  /** The page being painted (1-based), which the pixel cap names. */
  private current = 0;

  constructor(
    private readonly canvas: CanvasModule,
    private readonly resources: ReadonlyMap<string, ImageResource>,
    private readonly clock: RenderClock,
    private readonly settings: PageImageSettings,
  ) {
    this.decoded = new DecodedImages(canvas);
    this.backend = new CanvasBackend(canvas, { scaleFor: (width, height) => settings.scaleFor(this.current, width, height) }, this.decoded);
    // Raster painting keeps nothing between pages that their order changes (links and destinations are not drawn).
    this.painter = new PagePainter(this.backend, { images: (url) => resources.get(url) });
  }

  page(page: PageFragment, index: number): void {
    this.clock.check();
    const number = index + 1;
    if (this.settings.pages !== null && !this.settings.pages.includes(number)) return;
    const uses = pageImageResources(page, this.resources).filter((resource) => resource.format !== 'svg');
    if (uses.length > 0) {
      this.kept.push({ number, page, uses });
      return;
    }
    const canvas = this.paintPage(number, page);
    if (canvas !== null) this.keep(number, canvas, this.settings.format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync(this.settings.format, this.settings.quality));
  }

  restart(): void {
    this.kept = [];
    this.made = new Map();
  }

  /** Paints the pages kept; the images in the order asked (page order when every page was). */
  async finish(): Promise<PageImage[]> {
    for (const [i, kept] of this.kept.entries()) {
      if (kept === null) continue;
      this.clock.check();
      await this.decoded.prepare(kept.uses);
      const canvas = this.paintPage(kept.number, kept.page);
      // Encoded off the thread: the event loop is free meanwhile.
      if (canvas !== null) this.keep(kept.number, canvas, await (this.settings.format === 'png' ? canvas.encode('png') : canvas.encode(this.settings.format, this.settings.quality)));
      // Its fragments are not needed any more.
      this.kept[i] = null;
    }
    const order = this.settings.pages ?? [...this.made.keys()].sort((a, b) => a - b);
    return order.flatMap((number) => this.made.get(number) ?? []);
  }

  /** Paints the page; null when nothing was painted. */
  private paintPage(number: number, page: PageFragment): Canvas | null {
    this.current = number;
    this.painter.paint(page);
    return this.backend.takePage();
  }

  private keep(number: number, canvas: Canvas, data: Uint8Array): void {
    const { format } = this.settings;
    this.made.set(number, { page: number, width: canvas.width, height: canvas.height, format, mediaType: PAGE_IMAGE_MEDIA_TYPES[format], data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  }
}
