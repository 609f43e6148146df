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
import { inflateSync } from 'node:zlib';
import { PdfkitBackend, pathOperators } from './pdfkit-backend.js';

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

  it('draws an image and a gradient at full alpha after a translucent fill (a Bootstrap card\u2019s border)', async () => {
    const raw = new TextDecoder('latin1').decode(
      await render({ compress: false }, (b) => {
        b.beginPage(400, 200);
        b.fillPath(rect(0, 0, 100, 100), { r: 0, g: 0, b: 0, a: 0.175 });
        b.image(png, 10, 10, 50, 50);
        b.fillGradient(rect(0, 0, 100, 100), { kind: 'axial', coords: [0, 0, 100, 0], stops: [{ offset: 0, color: RED }, { offset: 1, color: BLACK }] });
      }),
    );
    const states = new Map([...raw.matchAll(/\/(Ps\d+) (\d+) 0 R/g)].map((m) => [m[1], m[2]]));
    const alphaOf = (name: string): string | undefined => new RegExp(`^${states.get(name)} 0 obj\\n<<[^]*?/ca ([\\d.]+)`, 'm').exec(raw)?.[1];
    // The last alpha set before the image and before the shading is 1, not the border's 0.175.
    const before = (op: RegExp): string | undefined => {
      const at = raw.search(op);
      return [...raw.slice(0, at).matchAll(/\/(Ps\d+) gs/g)].at(-1)?.[1];
    };
    expect(alphaOf(before(/\/I\d+ Do/)!)).toBe('1');
    expect(alphaOf(before(/\/Sh\d+ sh/)!)).toBe('1');
  });

  it('paints synthetic bold as Skia does, Type 3 glyphs stroked and filled a 32nd of the em wide, and synthetic italic as a skew', async () => {
    const arimo = face('arimo');
    const raw = new TextDecoder('latin1').decode(
      await render({ compress: false }, (b) => {
        b.beginPage(200, 100);
        b.text(text(arimo.withSynthesis(true, true), 10, 50, 'fake'));
      }),
    );
    expect(raw).toContain('/Subtype /Type3');
    // Arimo has 2048 units to the em: a 64-unit stroke, mitred, in the text colour.
    expect(raw).toMatch(/0 j 4 M 64 w\n[^]*\nB\n/);
    expect(raw).toContain('0 0 0 RG');
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

  it('writes closed axis-aligned rectangles as re, from any corner for fills and clips', () => {
    expect(pathOperators(rect(10, 20, 30.5, 40))).toBe('10 20 30.5 40 re');
    // Counter-clockwise from the top-left corner: the same outline, same winding, from its second corner.
    const ccw: PathCommand[] = [{ op: 'move', x: 10, y: 20 }, { op: 'line', x: 10, y: 60 }, { op: 'line', x: 40, y: 60 }, { op: 'line', x: 40, y: 20 }, { op: 'close' }];
    expect(pathOperators(ccw, true)).toBe('10 60 30 -40 re');
    // Strokes keep their starting point (dashes start there).
    expect(pathOperators(ccw)).toBe('10 20 m\n10 60 l\n40 60 l\n40 20 l\nh');
    // Widths are differences of the rounded corners, so the far corner lands where m/l would put it.
    expect(pathOperators(rect(0.1234, 0, 1.0004, 1))).toBe('0.123 0 1.001 1 re'); // corners 0.123 and 1.124
    const ring = [...rect(0, 0, 10, 10), ...ccw];
    expect(pathOperators(ring, true)).toBe('0 0 10 10 re\n10 60 30 -40 re');
    const open: PathCommand[] = rect(0, 0, 5, 5).slice(0, 4);
    expect(pathOperators(open)).toBe('0 0 m\n5 0 l\n5 5 l\n0 5 l');
  });

  it('scales each page from pt to px as Chromium writes it: 0.24pt device units, 3.125 per px (decision 0350)', async () => {
    const raw = new TextDecoder('latin1').decode(
      await render({ compress: false }, (b) => {
        b.beginPage(400, 200);
        b.beginPage(300, 100);
      }),
    );
    expect(raw.match(/^.* cm$/gm)).toEqual([
      '1 0 0 -1 0 150 cm', '0.23999999 0 0 0.23999999 0 0 cm', '3.125 0 0 3.125 0 0 cm',
      '1 0 0 -1 0 75 cm', '0.23999999 0 0 0.23999999 0 0 cm', '3.125 0 0 3.125 0 0 cm',
    ]);
  });

  it('selects a font and size only when they change, respecting save and restore', async () => {
    const arimo = face('arimo');
    const raw = new TextDecoder('latin1').decode(
      await render({ compress: false }, (b) => {
        b.beginPage(400, 200);
        b.text(text(arimo, 10, 20, 'one'));
        b.text(text(arimo, 10, 40, 'two', { color: RED }));
        b.save();
        b.text(text(arimo, 10, 60, 'three', { size: 20 }));
        b.restore();
        b.text(text(arimo, 10, 80, 'four'));
        b.beginPage(400, 200);
        b.text(text(arimo, 10, 20, 'five'));
      }),
    );
    // 'one', then 'three' at 20px; Q brings back 16px for 'four'; a new page starts afresh for 'five'.
    expect(raw.match(/^\/F1 \d+ Tf$/gm)).toEqual(['/F1 16 Tf', '/F1 20 Tf', '/F1 16 Tf']);
    expect(raw).toMatch(/\/F1 16 Tf\n100 Tz\n1 0 0 -1 10 20 Tm[^]*?BT\n1 0 0 -1 10 40 Tm[^]*?\/F1 20 Tf[^]*?Q[^]*?BT\n1 0 0 -1 10 80 Tm[^]*?\/F1 16 Tf\n100 Tz\n1 0 0 -1 10 20 Tm/);
  });

  it('deflates page content itself and embeds fonts as pdfkit would', async () => {
    const arimo = face('arimo');
    const paint = (b: PdfkitBackend) => {
      b.beginPage(300, 100);
      b.fillPath(rect(10, 10, 100, 50), RED);
      b.text(text(arimo, 10, 50, 'Café'));
    };
    const bytes = await render({}, paint);
    const raw = Buffer.from(bytes).toString('latin1');
    const streams = [...raw.matchAll(/ obj\n<<\n((?:\/[^\n]*\n)*)>>\nstream\n/g)].map((m) => ({ dict: m[1], at: m.index! + m[0].length }));
    const deflated = streams.filter(({ dict }) => !dict.includes('/Type /Metadata'));
    expect(deflated).toHaveLength(3); // page content, font program, ToUnicode
    const inflated = deflated.map(({ dict, at }) => {
      const length = Number(/\/Length (\d+)/.exec(dict)![1]);
      expect(dict).toContain('/Filter /FlateDecode');
      return inflateSync(bytes.subarray(at, at + length)).toString('latin1');
    });
    expect(inflated.some((s) => s.includes('10 10 100 50 re\nf') && s.includes('] TJ'))).toBe(true);
    expect(inflated.some((s) => s.startsWith('\x00\x01\x00\x00') || s.startsWith('true'))).toBe(true);
    expect(inflated.some((s) => s.includes('beginbfrange'))).toBe(true);
    expect((await readPdf(bytes)).pages[0].text).toBe('Café');
    // Uncompressed documents hold the same font program, raw.
    const plain = Buffer.from(await render({ compress: false }, paint)).toString('latin1');
    expect(plain).not.toContain('/FlateDecode');
    expect(plain).toContain('/FontFile2');
    // A second document with the same glyphs reuses the deflated program: same bytes.
    expect(Buffer.from(await render({ deterministic: true }, paint)).equals(Buffer.from(await render({ deterministic: true }, paint)))).toBe(true);
  });
});
