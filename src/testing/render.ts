// Test helper: HTML laid out to page fragments (with finders for boxes, lines and text runs),
// and HTML rendered to PDF and rasterised (poppler) into ASCII colour grids (WeasyPrint's tests/draw).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Box } from '../engine/boxes/types.js';
import type { Fragment, LineFragment, PageFragment, TextFragment } from '../engine/layout/fragments.js';
import { createNativeEngine } from '../engine/native-engine.js';
import { layoutDocument as layoutNative, type DocumentLayout } from '../engine/native-render.js';
import { createResourceLoader } from '../resources/index.js';
import { paintPages } from '../engine/paint/paint.js';
import type { RenderOptions } from '../engine/types.js';
import type { ResourceLoader } from '../resources/types.js';
import { PaintSpy } from './paint-spy.js';

export interface LayoutOptions {
  /** Where images, fonts and stylesheets come from; the default reads only data: URIs. */
  readonly resourceLoader?: ResourceLoader;
  readonly maxPages?: number;
}

/** The data:-only loader the native engine uses by default. */
export const DATA_LOADER: ResourceLoader = createResourceLoader();

/** A data: URI for image bytes (for `<img src>` and `url()` in tests). */
export function dataUri(bytes: Uint8Array | string, mimeType: string): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  return `data:${mimeType};base64,${buffer.toString('base64')}`;
}

/**
 * Runs the native engine's pipeline up to pagination (parse, stylesheets, cascade, fonts,
 * images, box tree, paginate) and returns the laid-out pages.
 */
export async function layoutHtml(html: string, options: LayoutOptions = {}): Promise<PageFragment[]> {
  return (await layoutDocument(html, options)).pages;
}

/** Lays out and paints into a recording backend (no PDF), for asserting draw calls. */
export async function paintHtml(html: string, options: LayoutOptions = {}): Promise<PaintSpy> {
  const { pages, images } = await layoutDocument(html, options);
  const spy = new PaintSpy();
  paintPages(pages, spy, { images: (url) => images.get(url) });
  return spy;
}

async function layoutDocument(html: string, options: LayoutOptions): Promise<DocumentLayout> {
  return layoutNative(html, { resourceLoader: options.resourceLoader ?? DATA_LOADER, maxPages: options.maxPages });
}

// ---- finding fragments ----

/** A box, inline or replaced fragment found on a page; x/y/width/height is its border box. */
export interface FoundBox {
  /** 0-based page index. */
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly kind: 'box' | 'inline' | 'replaced';
  readonly fragment: Fragment;
}

export interface FoundLine {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Absolute y of the line's baseline. */
  readonly baseline: number;
  /** Text of the line's runs, outside list markers left out. */
  readonly text: string;
  /** Text of an outside list marker hanging left of the line ('' when there is none). */
  readonly marker: string;
  readonly fragment: LineFragment;
}

export interface FoundRun {
  readonly page: number;
  readonly x: number;
  readonly baseline: number;
  readonly width: number;
  readonly text: string;
  readonly size: number;
  /** The face's key (family and style). */
  readonly font: string;
  readonly fragment: TextFragment;
}

interface Selector {
  readonly tag: string | null;
  readonly id: string | null;
  readonly classes: readonly string[];
  readonly pseudo: 'before' | 'after' | 'marker' | null;
}

/** Parses `tag#id.class::pseudo` (every part optional; `*` for any element). */
function parseSelector(selector: string): Selector {
  const m = /^([a-z][a-z0-9-]*|\*)?(#[\w-]+)?((?:\.[\w-]+)*)(?:::?(before|after|marker))?$/i.exec(selector.trim());
  if (!m) throw new Error(`Unsupported selector in a test helper: ${selector}`);
  return {
    tag: m[1] && m[1] !== '*' ? m[1].toLowerCase() : null,
    id: m[2] ? m[2].slice(1) : null,
    classes: m[3] ? m[3].split('.').filter(Boolean) : [],
    pseudo: (m[4]?.toLowerCase() as Selector['pseudo']) ?? null,
  };
}

function matchesBox(box: Box, selector: Selector): boolean {
  const element = box.element;
  if (!element || box.anonymous && box.pseudo === null) return false;
  if (box.pseudo !== selector.pseudo) return false;
  if (selector.tag && element.name !== selector.tag) return false;
  if (selector.id && element.attribs.id !== selector.id) return false;
  if (selector.classes.length > 0) {
    const classes = (element.attribs.class ?? '').split(/\s+/);
    if (!selector.classes.every((c) => classes.includes(c))) return false;
  }
  return true;
}

function boxOf(fragment: Fragment): Box | null {
  return fragment.kind === 'box' || fragment.kind === 'inline' || fragment.kind === 'replaced' ? fragment.box : null;
}

function childrenOf(fragment: Fragment): readonly Fragment[] {
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children : [];
}

function* walk(fragment: Fragment): Generator<Fragment> {
  yield fragment;
  for (const child of childrenOf(fragment)) yield* walk(child);
}

function* fragmentsOf(pages: readonly PageFragment[]): Generator<[number, Fragment]> {
  for (let page = 0; page < pages.length; page++) {
    const root = pages[page].root;
    if (root) for (const f of walk(root)) yield [page, f];
  }
}

/**
 * The fragments generated by elements matching `selector` (`div`, `#id`, `.cls`, `p.note`,
 * `li::marker`, `p::before`), in page and tree order. A block-level image is reported once,
 * by its replaced fragment.
 */
export function findBoxes(pages: readonly PageFragment[], selector: string): FoundBox[] {
  const parsed = parseSelector(selector);
  const found: FoundBox[] = [];
  for (const [page, f] of fragmentsOf(pages)) {
    if (f.kind !== 'box' && f.kind !== 'inline' && f.kind !== 'replaced') continue;
    if (f.kind === 'box' && f.box.kind === 'replaced') continue; // the wrapper of a block-level image
    if (!matchesBox(f.box, parsed)) continue;
    found.push({ page, x: f.x, y: f.y, width: f.width, height: f.height, kind: f.kind, fragment: f });
  }
  return found;
}

/** The single fragment of the one element matching `selector`; throws when there is not exactly one. */
export function findBox(pages: readonly PageFragment[], selector: string): FoundBox {
  const found = findBoxes(pages, selector);
  if (found.length !== 1) throw new Error(`Expected one fragment for ${selector}, found ${found.length}`);
  return found[0];
}

function scopes(pages: readonly PageFragment[], selector: string | undefined): [number, Fragment][] {
  if (selector === undefined) return pages.flatMap((p, i): [number, Fragment][] => (p.root ? [[i, p.root]] : []));
  return findBoxes(pages, selector).map((b): [number, Fragment] => [b.page, b.fragment]);
}

/** The line's text, split into runs inside the line and runs of an outside marker left of it. */
function lineText(line: LineFragment): { text: string; marker: string } {
  const runs = line.children.filter((c): c is TextFragment => c.kind === 'text');
  const outside = (c: TextFragment): boolean => c.x + c.width <= line.x + 0.01 && c.width > 0;
  return {
    text: runs.filter((c) => !outside(c)).map((c) => c.text).join(''),
    marker: runs.filter(outside).map((c) => c.text).join(''),
  };
}

/** Line boxes inside the fragments of `selector` (every line on every page without one), in order. */
export function lineBoxes(pages: readonly PageFragment[], selector?: string): FoundLine[] {
  const out: FoundLine[] = [];
  const seen = new Set<Fragment>();
  for (const [page, scope] of scopes(pages, selector)) {
    for (const f of walk(scope)) {
      if (f.kind !== 'line' || seen.has(f)) continue;
      seen.add(f);
      out.push({ page, x: f.x, y: f.y, width: f.width, height: f.height, baseline: f.baseline, ...lineText(f), fragment: f });
    }
  }
  return out;
}

/** Text runs (one font, one style) inside the fragments of `selector`, in order. */
export function textRuns(pages: readonly PageFragment[], selector?: string): FoundRun[] {
  const out: FoundRun[] = [];
  const seen = new Set<Fragment>();
  for (const [page, scope] of scopes(pages, selector)) {
    for (const f of walk(scope)) {
      if (f.kind !== 'text' || seen.has(f)) continue;
      seen.add(f);
      out.push({ page, x: f.x, baseline: f.baseline, width: f.width, text: f.text, size: f.size, font: f.font.key, fragment: f });
    }
  }
  return out;
}

/** Every fragment of one kind (`replaced` images, `inline` boxes…), element or not, in page and tree order. */
export function fragmentsOfKind(pages: readonly PageFragment[], kind: 'box' | 'inline' | 'replaced'): FoundBox[] {
  const out: FoundBox[] = [];
  for (const [page, f] of fragmentsOf(pages)) {
    if (f.kind !== kind) continue;
    if (f.kind === 'box' && f.box.kind === 'replaced') continue;
    out.push({ page, x: f.x, y: f.y, width: f.width, height: f.height, kind: f.kind, fragment: f });
  }
  return out;
}

/** The boxes of every element on a page, for assertions like "nothing on page 2". */
export function elementsOnPage(pages: readonly PageFragment[], page: number): string[] {
  const root = pages[page]?.root;
  if (!root) return [];
  const names: string[] = [];
  for (const f of walk(root)) {
    const box = boxOf(f);
    if (box?.element && box.pseudo === null && !box.anonymous) names.push(box.element.attribs.id ? `#${box.element.attribs.id}` : box.element.name);
  }
  return names;
}

// ---- PDF and pixels ----

/** Renders with the native engine (deterministic unless told otherwise). */
export async function renderPdf(html: string, options: RenderOptions = {}): Promise<Uint8Array> {
  return createNativeEngine().render(html, { deterministic: true, ...options });
}

let popplerFound: boolean | undefined;

/**
 * Whether poppler's rasteriser can be run here. Pixels come from `pdftocairo` (poppler-utils, like
 * `pdftoppm`): pdftoppm's Splash renderer grows every image by a device pixel, cairo does not.
 */
export function hasPoppler(): boolean {
  popplerFound ??= spawnSync('pdftocairo', ['-v'], { stdio: 'ignore' }).error === undefined;
  return popplerFound;
}

/** Pixel tests skip without poppler, except in CI, where they run (and fail) so nothing is silently lost. */
export function skipPixelTests(): boolean {
  return !hasPoppler() && !process.env.CI;
}

/** Palette letters → colours; each pixel becomes the nearest one. */
export const PALETTE: Readonly<Record<string, readonly [number, number, number]>> = {
  _: [255, 255, 255], // white
  K: [0, 0, 0], // black
  R: [255, 0, 0], // red
  G: [0, 255, 0], // lime
  g: [0, 128, 0], // green
  B: [0, 0, 255], // blue
  Y: [255, 255, 0], // yellow
  C: [0, 255, 255], // cyan / aqua
  M: [255, 0, 255], // magenta / fuchsia
  z: [128, 128, 128], // gray
  s: [192, 192, 192], // silver
  o: [255, 165, 0], // orange
  p: [255, 128, 128], // pink: red at half opacity on white
};

function nearest(r: number, g: number, b: number, palette: Readonly<Record<string, readonly [number, number, number]>>): string {
  let best = '?';
  let bestDistance = Infinity;
  for (const [letter, [pr, pg, pb]] of Object.entries(palette)) {
    const d = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = letter;
    }
  }
  return best;
}

export interface PixelOptions {
  /** Page size in CSS px: use `@page { size: <width>px <height>px; margin: 0 }` in the HTML. */
  readonly width: number;
  readonly height: number;
  /** Device pixels per CSS px (default 1: 96 dpi). */
  readonly scale?: number;
  /** Anti-aliasing (default on: edges on whole pixels stay crisp, partly covered pixels go to the nearest palette colour). */
  readonly antialias?: boolean;
  readonly palette?: Readonly<Record<string, readonly [number, number, number]>>;
  readonly render?: RenderOptions;
  /** Which page to rasterise, 1-based (default 1). */
  readonly page?: number;
}

/** Decodes the 8-bit, non-interlaced RGB or RGBA PNG pdftocairo writes into its size and RGB(A) rows. */
function decodePng(bytes: Buffer): { width: number; height: number; channels: number; data: Buffer } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) throw new Error(`Unsupported PNG (depth ${depth}, colour type ${colorType})`);
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[out + x - channels] : 0;
      const b = y > 0 ? data[out - stride + x] : 0;
      const c = x >= channels && y > 0 ? data[out - stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[out + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** Rasterises one page of PDF bytes (the first unless told) with poppler's pdftocairo into rows of palette letters. */
export function rasterise(pdf: Uint8Array, options: PixelOptions): string[] {
  const scale = options.scale ?? 1;
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-pixels-'));
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    const page = String(options.page ?? 1);
    const args = ['-png', '-r', String(96 * scale), '-f', page, '-l', page, '-singlefile', '-antialias', options.antialias === false ? 'none' : 'default', input, join(dir, 'out')];
    const run = spawnSync('pdftocairo', args, { encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`pdftocairo failed: ${run.stderr}`);
    const { width, height, channels, data } = decodePng(readFileSync(join(dir, 'out.png')));
    const palette = options.palette ?? PALETTE;
    const rows: string[] = [];
    const wantW = Math.round(options.width * scale);
    const wantH = Math.round(options.height * scale);
    for (let y = 0; y < Math.min(height, wantH); y++) {
      let row = '';
      for (let x = 0; x < Math.min(width, wantW); x++) {
        const i = (y * width + x) * channels;
        // Transparent pixels (RGBA output) are white paper.
        const alpha = channels === 4 ? data[i + 3] / 255 : 1;
        const mix = (v: number): number => v * alpha + 255 * (1 - alpha);
        row += nearest(mix(data[i]), mix(data[i + 1]), mix(data[i + 2]), palette);
      }
      rows.push(row);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Renders HTML to PDF with the engine and rasterises a page (the first unless told) into rows of palette letters. */
export async function renderPixels(html: string, options: PixelOptions): Promise<string[]> {
  const pdf = await renderPdf(html, options.render);
  return rasterise(pdf, options);
}

/** Rows of a grid written as an indented template literal (blank lines and indentation dropped). */
export function grid(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

/**
 * Renders `html` and expects its first page to match `expected`, a grid of palette letters (one row
 * per line, indentation ignored) whose `.` cells match any colour. The page size comes from the grid;
 * `options.page` picks another page.
 */
export async function assertPixels(html: string, expected: string, options: Omit<PixelOptions, 'width' | 'height'> = {}): Promise<void> {
  const rows = grid(expected);
  const scale = options.scale ?? 1;
  const actual = await renderPixels(html, { ...options, width: rows[0].length / scale, height: rows.length / scale });
  const wanted = rows.map((row, y) => [...row].map((c, x) => (c === '.' ? actual[y]?.[x] ?? '.' : c)).join(''));
  // Compared as one multi-line string so a failure prints both grids row by row.
  expect(`\n${actual.join('\n')}\n`).toBe(`\n${wanted.join('\n')}\n`);
}

/** A test page of `width`×`height` px with no margins, `css` in a <style>, and `body` as its body. */
export function pixelPage(width: number, height: number, css: string, body: string): string {
  return `<!doctype html><style>@page { size: ${width}px ${height}px; margin: 0 } html, body { margin: 0 } ${css}</style><body>${body}`;
}
