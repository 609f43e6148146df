import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compress } from 'wawoff2';
import { bundledFaces } from '../fonts/bundled.js';
import { decodeFont } from '../fonts/decode.js';
import type { FontkitFace } from '../fonts/face.js';
import type { Color } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import type { PathCommand, TextRun } from '../paint/backend.js';
import { readPdf } from '../../testing/read-pdf.js';
import { solidPng, TINY_JPEG } from '../../testing/image-fixtures.js';
import { createPdfDocument, finishPdf } from './document.js';
import { PdfkitBackend } from './pdfkit-backend.js';

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const RED: Color = { r: 255, g: 0, b: 0, a: 1 };

function face(family: string, weight = 400, style = 'normal'): FontkitFace {
  return bundledFaces(family).find((f) => f.weight[0] === weight && f.style === style)!.load()!;
}

function rect(x: number, y: number, w: number, h: number): PathCommand[] {
  return [{ op: 'move', x, y }, { op: 'line', x: x + w, y }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x, y: y + h }, { op: 'close' }];
}

const text = (font: FontkitFace, x: number, y: number, s: string, extra: Partial<TextRun> = {}): TextRun => ({
  x, y, text: s, font, size: 16, color: BLACK, letterSpacing: 0, wordSpacing: 0, ...extra,
});

const png: ImageResource = { format: 'png', bytes: solidPng(4, 4, [0, 128, 0]), width: 4, height: 4, url: 'mem:green.png' };
const jpeg: ImageResource = { format: 'jpeg', bytes: TINY_JPEG, width: 8, height: 4, url: 'mem:tiny.jpg' };
const dataPng = `data:image/png;base64,${Buffer.from(solidPng(2, 2, [255, 255, 0])).toString('base64')}`;
const svg: ImageResource = {
  format: 'svg',
  bytes: new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0000ff"/><image href="/etc/passwd" width="5" height="5"/><image href="${dataPng}" x="5" y="5" width="5" height="5"/></svg>`),
  width: 10, height: 10, url: 'mem:blue.svg',
};

/** A two-page document with text, shapes, images and links. */
function paintSample(backend: PdfkitBackend): void {
  const arimo = face('arimo');
  backend.beginPage(800, 600);
  backend.fillPath(rect(10, 10, 100, 50), RED);
  backend.strokePath(rect(10, 80, 100, 50), { width: 2, color: BLACK, dash: [6, 3], lineCap: 'butt' });
  backend.text(text(arimo, 40, 200, 'Hello pagesmith'));
  backend.image(png, 300, 10, 40, 40);
  backend.image(png, 350, 10, 40, 40);
  backend.image(jpeg, 400, 10, 80, 40);
  backend.image(svg, 500, 10, 50, 50);
  backend.link(40, 185, 120, 20, { url: 'https://example.com/docs' });
  backend.link(40, 220, 120, 20, { destination: 'chapter-2' });
  backend.link(40, 240, 120, 20, { url: 'javascript:alert(1)' });
  backend.beginPage(400, 300);
  backend.destination('chapter-2', 0, 100);
  backend.save();
  backend.setOpacity(0.5);
  backend.fillPath(rect(0, 0, 50, 50), { r: 0, g: 0, b: 255, a: 0.5 });
  backend.restore();
  backend.text(text(face('tinos', 700), 20, 60, 'Chapter two'));
}

async function render(options: Parameters<typeof createPdfDocument>[0], paint: (b: PdfkitBackend) => void): Promise<Uint8Array> {
  const doc = createPdfDocument(options);
  paint(new PdfkitBackend(doc));
  return finishPdf(doc);
}

describe('PdfkitBackend', () => {
  it('writes pages in pt, text, fonts and links that a PDF reader reads back', async () => {
    const bytes = await render({ info: { title: 'Sample', author: 'Ada' } }, paintSample);
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0]).toMatchObject({ width: 600, height: 450 });
    expect(pdf.pages[1]).toMatchObject({ width: 300, height: 225 });
    expect(pdf.pages[0].text).toBe('Hello pagesmith');
    expect(pdf.pages[1].text).toBe('Chapter two');
    expect(pdf.fontNames).toEqual(['Arimo-Regular', 'Tinos-Bold']);
    expect(pdf.pages[0].links).toEqual([{ url: 'https://example.com/docs' }, { dest: 'chapter-2', destPage: 2 }]);
    expect(pdf.info).toMatchObject({ Title: 'Sample', Author: 'Ada', Producer: 'pagesmith', Creator: 'pagesmith' });
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 8))).toBe('%PDF-1.7');
  });

  it('places text and links in px from the top-left (0.75 pt per px)', async () => {
    const arimo = face('arimo');
    const bytes = await render({}, (b) => {
      b.beginPage(400, 400);
      b.text(text(arimo, 100, 200, 'Left'));
      b.text(text(arimo, 100 + arimo.measure('Left ', 16), 200, 'right', { color: RED }));
      b.link(100, 180, 80, 20, { url: 'https://example.com/' });
    });
    const task = getDocument({ data: bytes, verbosity: 0 });
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const items = (await page.getTextContent()).items.filter((i) => 'str' in i && i.str.trim() !== '') as { str: string; transform: number[]; width: number }[];
    expect(items[0].transform[4]).toBeCloseTo(75, 1);
    expect(items[0].transform[5]).toBeCloseTo(300 - 150, 1);
    // The second run starts where the first one's measured advance ends, so pdfjs joins them into one line.
    expect(items.map((i) => i.str)).toEqual(['Left right']);
    expect(items[0].width).toBeCloseTo((arimo.measure('Left ', 16) + arimo.measure('right', 16)) * 0.75, 2);
    const [link] = (await page.getAnnotations()) as { rect: number[] }[];
    expect(link.rect.map((v) => Math.round(v * 100) / 100)).toEqual([75, 150, 135, 165]);
    await task.destroy();
  });

  it('reuses one image XObject per URL, embeds the JPEG, draws SVG without reading files', async () => {
    const bytes = await render({ compress: false }, paintSample);
    const raw = new TextDecoder('latin1').decode(bytes);
    // The PNG once, the JPEG once, the SVG's data: PNG; nothing from /etc/passwd.
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(3);
    expect(raw).toContain('/DCTDecode');
    expect(raw).toContain('0 0 1 rg'); // the SVG's blue rect
    expect(raw).not.toContain('/Subtype /Link\n/A <<\n/S /URI\n/URI (javascript');
  });

  it('multiplies group opacity into colour alpha', async () => {
    const raw = new TextDecoder('latin1').decode(await render({ compress: false }, paintSample));
    expect(raw).toMatch(/\/ca 0\.25/);
  });

  it('paints synthetic bold as fill+stroke and synthetic italic as a skew', async () => {
    const arimo = face('arimo');
    const raw = new TextDecoder('latin1').decode(
      await render({ compress: false }, (b) => {
        b.beginPage(200, 100);
        b.text(text(arimo.withSynthesis(true, true), 10, 50, 'fake'));
      }),
    );
    expect(raw).toContain('2 Tr');
    expect(raw).toMatch(/1 0 0\.2 -1 10 50 Tm/);
  });

  it('embeds a WOFF2 face (decompressed first) with composite glyphs like é', async () => {
    const require = createRequire(import.meta.url);
    const ttf = readFileSync(require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'));
    const woff2 = await compress(new Uint8Array(ttf));
    expect(new TextDecoder('latin1').decode(woff2.subarray(0, 4))).toBe('wOF2');
    const font = await decodeFont(woff2);
    expect(font).not.toBeNull();
    const bytes = await render({}, (b) => {
      b.beginPage(300, 100);
      b.text(text(font!, 10, 50, 'Café crème à la française'));
    });
    const pdf = await readPdf(bytes);
    expect(pdf.pages[0].text).toBe('Café crème à la française');
  });

  it('gives byte-identical output for identical input in deterministic mode', async () => {
    const a = await render({ deterministic: true, info: { title: 'Same' } }, paintSample);
    const b = await render({ deterministic: true, info: { title: 'Same' } }, paintSample);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const raw = new TextDecoder('latin1').decode(a);
    expect(raw).toContain('D:20000101000000Z');
    const pdf = await readPdf(a);
    expect(pdf.info.Title).toBe('Same');
  });

  it('finishes from the document or its backend, once, closing unbalanced saves', async () => {
    const doc = createPdfDocument({ compress: false });
    const backend = new PdfkitBackend(doc);
    backend.beginPage(100, 100);
    backend.save();
    backend.fillPath(rect(0, 0, 10, 10), RED);
    const bytes = await finishPdf(backend);
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw.match(/^q$/gm)?.length).toBe(raw.match(/^Q$/gm)?.length);
    await expect(finishPdf(doc)).rejects.toThrow(/already finished/);
  });

  it('adds bookmarks pointing at pages', async () => {
    const bytes = await render({}, (b) => {
      paintSample(b);
      b.outline([
        { label: 'Intro', level: 1, page: 0, y: 0 },
        { label: 'Details', level: 2, page: 0, y: 200 },
        { label: 'Chapter two', level: 1, page: 1, y: 100 },
      ]);
    });
    const task = getDocument({ data: bytes, verbosity: 0 });
    const doc = await task.promise;
    const outline = await doc.getOutline();
    expect(outline.map((o) => o.title)).toEqual(['Intro', 'Chapter two']);
    expect(outline[0].items.map((o) => o.title)).toEqual(['Details']);
    const dest = outline[1].dest as unknown[];
    expect(await doc.getPageIndex(dest[0] as { num: number; gen: number })).toBe(1);
    expect(dest[3]).toBeCloseTo(225 - 75, 3);
    await task.destroy();
  });
});
