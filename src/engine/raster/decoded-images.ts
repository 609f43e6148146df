// A document's PNG and JPEG images decoded for drawing, page by page: Skia decodes off the thread,
// so the images a page draws are decoded before it is painted (painting is synchronous), and
// those no longer needed go once the decoded pixels pass a budget.
import type { ImageResource } from '../images/types.js';
import type { CanvasImage, CanvasModule } from './canvas-module.js';

/** Decoded pixels kept for later pages (256 MB of RGBA); a page's own images are kept whatever their size. */
export const DECODED_PIXEL_BUDGET = 64_000_000;

export class DecodedImages {
  /** By URL, oldest use first; null for an image that cannot be decoded (left out, as the PDF leaves it out). */
  private readonly decoded = new Map<string, { readonly image: CanvasImage | null; readonly pixels: number }>();
  private pixels = 0;

  constructor(private readonly canvas: CanvasModule, private readonly budget = DECODED_PIXEL_BUDGET) {}

  get(url: string): CanvasImage | undefined {
    return this.decoded.get(url)?.image ?? undefined;
  }

  /** Decodes the raster images of `resources` not decoded yet, after letting go of others, oldest first, past the budget. */
  async prepare(resources: Iterable<ImageResource>): Promise<void> {
    const needed = new Map<string, ImageResource>();
    for (const resource of resources) if (resource.format !== 'svg') needed.set(resource.url, resource);
    for (const url of needed.keys()) {
      const entry = this.decoded.get(url);
      if (entry === undefined) continue;
      // Used again: the newest.
      this.decoded.delete(url);
      this.decoded.set(url, entry);
    }
    const coming = [...needed.values()].filter((resource) => !this.decoded.has(resource.url));
    let total = this.pixels + coming.reduce((sum, resource) => sum + resource.width * resource.height, 0);
    for (const [url, entry] of this.decoded) {
      if (total <= this.budget) break;
      if (needed.has(url)) continue;
      this.decoded.delete(url);
      this.pixels -= entry.pixels;
      total -= entry.pixels;
    }
    await Promise.all(coming.map(async (resource) => {
      const image = await this.decode(resource);
      const pixels = image === null ? 0 : image.width * image.height;
      this.decoded.set(resource.url, { image, pixels });
      this.pixels += pixels;
    }));
  }

  private async decode(resource: ImageResource): Promise<CanvasImage | null> {
    try {
      const picture = new this.canvas.Image();
      picture.src = Buffer.from(resource.bytes.buffer, resource.bytes.byteOffset, resource.bytes.byteLength);
      await picture.decode();
      return picture.width > 0 && picture.height > 0 ? picture : null;
    } catch {
      return null;
    }
  }
}
