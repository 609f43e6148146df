// GIF images: the first frame printed at its intrinsic size, transparency as a soft mask, the same
// in CSS backgrounds; malformed GIFs take the empty sized box (or alt text) of a broken image.
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { gifWithCodes, CYCLING_CODES, interlacedGif, makeGif } from '../../src/testing/gif-fixtures.js';
import { assertPixels, dataUri, findBox, fragmentsOfKind, layoutHtml, lineBoxes, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

const gifUri = (bytes: Uint8Array): string => dataUri(bytes, 'image/gif');

/** 40×20: red, then a transparent band, then blue. */
const BANDED = makeGif(40, 20, [{ width: 40, height: 20, transparent: 3, pixels: Array.from({ length: 800 }, (_, i) => (i % 40 < 15 ? 0 : i % 40 < 25 ? 3 : 2)) }]);
const OPAQUE = makeGif(12, 6, [{ width: 12, height: 6, pixels: 1 }]);

interface PdfImage {
  readonly width: number;
  readonly height: number;
  readonly softMask: boolean;
}

/** The image XObjects of a PDF that are not themselves soft masks, with their pixel size. */
async function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  const doc = await PDFDocument.load(pdf);
  const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  const masks = new Set(objects.flatMap((o) => (o instanceof PDFRawStream && o.dict.get(PDFName.of('SMask')) ? [o.dict.get(PDFName.of('SMask'))!.toString()] : [])));
  const images: PdfImage[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || masks.has(ref.toString())) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const number = (key: string): number => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    images.push({ width: number('Width'), height: number('Height'), softMask: dict.has(PDFName.of('SMask')) });
  }
  return images;
}

describe('GIF images', () => {
  it('sizes a GIF by its logical screen (1 image px = 1 CSS px)', async () => {
    const pages = await layoutHtml(page(`<div><img id=a src="${gifUri(BANDED)}"><img id=b src="${gifUri(OPAQUE)}"></div>`));
    expect([findBox(pages, '#a').width, findBox(pages, '#a').height]).toEqual([40, 20]);
    expect([findBox(pages, '#b').width, findBox(pages, '#b').height]).toEqual([12, 6]);
  });

  it('keeps the ratio when CSS sets one side', async () => {
    const pages = await layoutHtml(page(`<img id=a style="width:100px" src="${gifUri(BANDED)}"><img id=b height=30 src="${gifUri(OPAQUE)}">`));
    expect([findBox(pages, '#a').width, findBox(pages, '#a').height]).toEqual([100, 50]);
    expect([findBox(pages, '#b').width, findBox(pages, '#b').height]).toEqual([60, 30]);
  });

  it('sizes by a first frame larger than the logical screen, as Chromium does', async () => {
    const grown = makeGif(10, 10, [{ x: 4, y: 4, width: 20, height: 16, pixels: 2 }]);
    const [image] = fragmentsOfKind(await layoutHtml(page(`<div><img src="${gifUri(grown)}"></div>`)), 'replaced');
    expect([image.width, image.height]).toEqual([24, 20]);
  });

  it('embeds the first frame as an image XObject of its pixel size, with a soft mask only when it has transparency', async () => {
    const pdf = await renderPdf(page(`<img src="${gifUri(BANDED)}"><img src="${gifUri(OPAQUE)}"><img style="width:80px" src="${gifUri(BANDED)}">`));
    const images = await pdfImages(pdf);
    expect(images).toHaveLength(2);
    expect(images).toEqual(expect.arrayContaining([{ width: 40, height: 20, softMask: true }, { width: 12, height: 6, softMask: false }]));
  });

  it('embeds only the first frame of an animation', async () => {
    const animated = makeGif(8, 8, [{ width: 8, height: 8, pixels: 0 }, { width: 8, height: 8, pixels: 2 }, { width: 8, height: 8, pixels: 1 }]);
    expect(await pdfImages(await renderPdf(page(`<img src="${gifUri(animated)}">`)))).toEqual([{ width: 8, height: 8, softMask: false }]);
  });

  it('draws GIFs embedded in SVG (inline or as an image file) as data: URIs', async () => {
    const image = `<image href="${gifUri(OPAQUE)}" width="12" height="6"/>`;
    const file = dataUri(`<svg xmlns="http://www.w3.org/2000/svg" width="12" height="6">${image}</svg>`, 'image/svg+xml');
    const pdf = await renderPdf(page(`<svg width="12" height="6">${image}</svg><img src="${file}">`));
    expect(await pdfImages(pdf)).toEqual([{ width: 12, height: 6, softMask: false }, { width: 12, height: 6, softMask: false }]);
  });

  it('loads GIFs for CSS backgrounds too', async () => {
    const pdf = await renderPdf(page(`<div style="width:120px;height:40px;background:url(${gifUri(BANDED)}) 0 0/40px 20px"></div>`));
    expect(await pdfImages(pdf)).toEqual([{ width: 40, height: 20, softMask: true }]);
  });
});

describe('broken GIFs', () => {
  const truncated = BANDED.subarray(0, 40);
  const cycling = gifWithCodes(8, CYCLING_CODES);

  it('keeps the size width/height give a truncated or malformed GIF, empty', async () => {
    const pages = await layoutHtml(page(`<div id=t>a<img id=x width=30 height=20 src="${gifUri(truncated)}">b<img id=y style="width:16px;height:8px" src="${gifUri(cycling)}">c</div>`));
    expect([findBox(pages, '#x').width, findBox(pages, '#x').height, findBox(pages, '#y').width, findBox(pages, '#y').height]).toEqual([30, 20, 16, 8]);
    expect(lineBoxes(pages, '#t')[0].text).toBe('abc');
    // Only the broken-image icon, in the box large enough for it (18px or more both ways).
    const [icon] = fragmentsOfKind(pages, 'replaced');
    expect(fragmentsOfKind(pages, 'replaced')).toHaveLength(1);
    expect([icon.x - findBox(pages, '#x').x, icon.y - findBox(pages, '#x').y, icon.width]).toEqual([2, 2, 16]);
    expect(await pdfImages(await renderPdf(page(`<img width=30 height=20 src="${gifUri(truncated)}">`)))).toEqual([]);
  });

  it('shows a malformed GIF without size or alt as the broken-image icon, as any broken image', async () => {
    const pages = await layoutHtml(page(`<div id=t>a<img id=x src="${gifUri(cycling)}">b</div>`));
    expect(lineBoxes(pages, '#t')[0].text).toBe('ab');
    expect([findBox(pages, '#x').width, findBox(pages, '#x').height]).toEqual([16, 16]);
  });

  it('finishes quickly on a GIF whose LZW codes would loop a decoder', async () => {
    const started = performance.now();
    const pdf = await renderPdf(page(`<img src="${gifUri(cycling)}"><img src="${gifUri(BANDED)}">`));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await pdfImages(pdf)).toEqual([{ width: 40, height: 20, softMask: true }]);
  });
});

describe.skipIf(skipPixelTests())('GIF pixels', () => {
  it('paints the palette colours, transparent pixels showing the background', async () => {
    const gif = makeGif(4, 2, [{ width: 4, height: 2, transparent: 3, pixels: [0, 3, 3, 2, 1, 1, 3, 0] }]);
    await assertPixels(pixelPage(6, 4, 'body { background: yellow }', `<img style="display:block;margin:1px" src="${gifUri(gif)}">`), `
      YYYYYY
      YRYYBY
      YGGYRY
      YYYYYY
    `);
  });

  it('paints an interlaced GIF with its rows in place', async () => {
    const gif = interlacedGif([[0, 0], [1, 1], [2, 2], [0, 1], [2, 0]]);
    await assertPixels(pixelPage(2, 5, '', `<img style="display:block" src="${gifUri(gif)}">`), `
      RR
      GG
      BB
      RG
      BR
    `);
  });

  it('scales a GIF to its box', async () => {
    const gif = makeGif(2, 1, [{ width: 2, height: 1, pixels: [0, 2] }]);
    await assertPixels(pixelPage(4, 3, '', `<img style="display:block;width:4px;height:2px" src="${gifUri(gif)}">`), `
      RRBB
      RRBB
      ____
    `);
  });
});
