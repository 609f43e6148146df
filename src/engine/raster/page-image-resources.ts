// The images a page draws, found by painting it once into a backend that only notes the images
// it is given (img, backgrounds, list markers, content).
import type { ImageResource } from '../images/types.js';
import type { PageFragment } from '../layout/fragments.js';
import type { PaintBackend } from '../paint/backend.js';
import { PagePainter } from '../paint/paint.js';

const nothing = (): void => undefined;

/** The images `page` draws, each once. */
export function pageImageResources(page: PageFragment, resources: ReadonlyMap<string, ImageResource>): ImageResource[] {
  const used = new Map<string, ImageResource>();
  const noting: PaintBackend = {
    beginPage: nothing, save: nothing, restore: nothing, setOpacity: nothing, beginGroup: nothing, endGroup: nothing,
    transform: nothing, clip: nothing, clipText: nothing, fillPath: nothing, fillGradient: nothing, strokePath: nothing,
    text: nothing, link: nothing, destination: nothing,
    image: (image) => void used.set(image.url, image),
  };
  new PagePainter(noting, { images: (url) => resources.get(url) }).paint(page);
  return [...used.values()];
}
