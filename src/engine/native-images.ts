// The native engine's page images: the layout of native-render.ts, its pages painted on a Skia
// canvas (raster/) instead of into a PDF, only the pages asked for.
import type { ImageResource } from './images/types.js';
import type { PageSink } from './layout/page.js';
import type { PageFragment } from './layout/fragments.js';
import { renderThrough } from './native-render.js';
import type { NativeEngineOptions } from './native-engine.js';
import { PagePainter } from './paint/paint.js';
import { CanvasBackend } from './raster/canvas-backend.js';
import { canvasModule, type CanvasModule, type PeerLoader } from './raster/canvas-module.js';
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
    if (uses.length === 0) this.paintPage(number, page);
    else this.kept.push({ number, page, uses });
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
      this.paintPage(kept.number, kept.page);
      // Its fragments are not needed any more.
      this.kept[i] = null;
    }
    const order = this.settings.pages ?? [...this.made.keys()].sort((a, b) => a - b);
    return order.flatMap((number) => this.made.get(number) ?? []);
  }

  private paintPage(number: number, page: PageFragment): void {
    this.current = number;
    this.painter.paint(page);
    const painted = this.backend.takePage();
    if (painted === null) return;
    const { format, quality } = this.settings;
    const data = format === 'png' ? painted.encodeSync('png') : painted.encodeSync(format, quality);
    this.made.set(number, { page: number, width: painted.width, height: painted.height, format, mediaType: PAGE_IMAGE_MEDIA_TYPES[format], data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  }
}
