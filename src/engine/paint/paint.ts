// Walks laid-out pages and drives a PaintBackend: decorations, text, images, links, destinations.
import { glyphSize } from '../fonts/glyph-size.js';
import type { BoxShadow, Color, ComputedStyle } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import { linkOf } from '../boxes/out-of-flow.js';
import type { BoxFragment, InlineFragment, LineFragment, MarkerSymbol, PageFragment, PageFrame, ReplacedFragment, TextFragment } from '../layout/fragments.js';
import { snapAnchor } from './text-snap.js';
import { exactLength } from '../layout/context.js';
import type { PaintBackend, PathCommand, TextRun } from './backend.js';
import { paintCollapsedBorders } from './collapsed-borders.js';
import { paintDecorationLine } from './decoration-lines.js';
import { paintBoxDecorations, type Sides } from './decorations.js';
import { paintOutline } from './outlines.js';
import { hasRadii, insetRadii, insetRect, resolveRadii, roundedRectPath, type Insets, type Rect as ShapeRect } from './shapes.js';
import { inset, outline, roundedRect } from '../layout/basic-shape.js';
import { colorFilteredBackend } from './color-filter.js';
import { clipRegion } from '../css/values/clip.js';
import { stackingOrder, type Clip, type ElementFragment, type Step } from './stacking.js';
import { TreeOrder } from './tree-order.js';
import { paintVerticalText } from './vertical-text.js';
import { clipsToText, inlineTextClipOf, textClipOf } from './text-clip.js';
import { boundingRect, boxTransform, IDENTITY, multiply, type Matrix } from './transform.js';

export interface PaintOptions {
  readonly images: (url: string) => ImageResource | undefined;
}

interface PaintState {
  /** Where painting goes: the page's backend, or it through the colour filter of a box being painted. */
  backend: PaintBackend;
  readonly options: PaintOptions;
  readonly canvasSource: ComputedStyle | null;
  readonly destinations: Set<string>;
  /** The transformation from the current user space to the page's (for link rectangles and destinations). */
  matrix: Matrix;
  /** Document order, for positioned boxes painted in tree order. */
  readonly tree: TreeOrder;
  /** The `clip: rect()` regions in force, each with the user space it was set in. */
  readonly rectClips: { readonly rect: ShapeRect; readonly matrix: Matrix }[];
  /** The page area's x range while the document is painted (it clips the document); null for margin boxes. */
  pageArea: { readonly left: number; readonly right: number } | null;
  /** Where whole pixels are counted from vertically: the page area's top (layout px), or the paper's for margin boxes. */
  pixelTop: number;
  /** The page's document fragment (where `background-clip: text` on an inline box finds its line). */
  readonly root: BoxFragment | null;
}

/** The border box inset by `insets`, with the border radii reduced to match (the inner curve). */
function curvedPath(rect: ShapeRect, style: ComputedStyle, sides: Sides, insets: Insets): PathCommand[] {
  const box = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  return roundedRectPath(insetRect(box, insets), insetRadii(resolveRadii(style, box, sides), insets));
}

function rectPath(x: number, y: number, w: number, h: number): PathCommand[] {
  return [
    { op: 'move', x, y }, { op: 'line', x: x + w, y }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x, y: y + h }, { op: 'close' },
  ];
}

export function paintPages(pages: readonly PageFragment[], backend: PaintBackend, options: PaintOptions): void {
  const painter = new PagePainter(backend, options);
  for (const page of pages) painter.paint(page);
}

/** Paints pages one after the other, in order: what a document's pages share (link destinations, tree order) is kept between them. */
export class PagePainter {
  private readonly destinations = new Set<string>();
  private readonly tree = new TreeOrder();

  constructor(private readonly backend: PaintBackend, private readonly options: PaintOptions) {}

  paint(page: PageFragment): void {
    const { backend, options } = this;
    backend.beginPage(page.width, page.height, page.scale);
    const state: PaintState = { backend, options, canvasSource: page.canvas, destinations: this.destinations, matrix: IDENTITY, tree: this.tree, rectClips: [], pageArea: null, pixelTop: 0, root: page.root };
    const [w, h] = [page.width / page.scale, page.height / page.scale];
    if (page.backgroundImages) paintBoxDecorations(backend, { x: 0, y: 0, width: w, height: h }, backgroundOnly(page.backgroundImages), ALL_SIDES, options.images);
    else if (page.background) backend.fillPath(rectPath(0, 0, w, h), page.background);
    // A dark root (`color-scheme: dark`) prints on Chromium's dark canvas, margins included; only
    // under light text, as the system colours (dark text by default) do not follow the scheme yet.
    else if (page.root !== null && page.root.kind === 'box' && page.root.style.colorScheme === 'dark' && isLight(page.root.style.color)) {
      backend.fillPath(rectPath(0, 0, w, h), DARK_CANVAS);
    }
    const m = page.margins;
    const area = { x: m.left, y: m.top, width: Math.max(0, w - m.left - m.right), height: Math.max(0, h - m.top - m.bottom) };
    if (page.frame) paintPageBorder(page, page.frame, state);
    // The margin boxes go first, under the document, as Chromium paints them (its PDFs hold their
    // text before the page's, which text extractors read in that order).
    if (page.marginBoxes.length > 0) paintMarginBoxes(page, state);
    if (page.canvas) {
      // The canvas background (the root's, else the body's) covers the page area, as Chromium prints it (decision 0186).
      paintBoxDecorations(backend, area, backgroundOnly(page.canvas), ALL_SIDES, options.images);
    }
    if (page.root) {
      // The document is clipped to the page area: what overflows into the margins is not printed (as Chromium prints it).
      backend.save();
      backend.clip(rectPath(area.x, area.y, area.width, area.height));
      state.pageArea = { left: area.x, right: area.x + area.width };
      state.pixelTop = area.y;
      paintContext(page.root, state);
      state.pageArea = null;
      state.pixelTop = 0;
      backend.restore();
    }
  }
}

const ALL_SIDES: Sides = { top: true, right: true, bottom: true, left: true };

/** `@page { border }`: around the page area and its padding, inside the margins, on the paper (unscaled, as the margin boxes). */
function paintPageBorder(page: PageFragment, frame: PageFrame, state: PaintState): void {
  const paper = page.paperMargins ?? page.margins;
  const { inset } = frame;
  const rect = {
    x: paper.left - inset.left, y: paper.top - inset.top,
    width: page.width - paper.left - paper.right + inset.left + inset.right, height: page.height - paper.top - paper.bottom + inset.top + inset.bottom,
  };
  const scale = page.paperMargins ? 1 / page.scale : 1;
  if (scale !== 1) {
    state.backend.save();
    state.backend.transform([scale, 0, 0, scale, 0, 0]);
  }
  paintBoxDecorations(state.backend, rect, withoutBackground({ ...frame.style, boxShadow: [] }), ALL_SIDES, state.options.images);
  if (scale !== 1) state.backend.restore();
}

/** Chromium's canvas colour under a dark color-scheme. */
const DARK_CANVAS = { r: 0x12, g: 0x12, b: 0x12, a: 1 } as const;

/** Whether a text colour is light (its relative luminance over one half). */
function isLight(color: Color): boolean {
  return 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b > 127.5;
}

/**
 * A page's margin boxes; on a shrunk page they are laid out on the paper, so the page's scale is
 * undone (decision 0161), and under a zoomed root at its zoom (decision 0398).
 */
function paintMarginBoxes(page: PageFragment, state: PaintState): void {
  const scale = (page.marginZoom ?? 1) / (page.paperMargins ? page.scale : 1);
  if (scale === 1) {
    for (const box of page.marginBoxes) paintContext(box, state);
    return;
  }
  const unscale: Matrix = [scale, 0, 0, scale, 0, 0];
  state.backend.save();
  state.backend.transform(unscale);
  state.matrix = unscale;
  for (const box of page.marginBoxes) paintContext(box, state);
  state.matrix = IDENTITY;
  state.backend.restore();
}

/**
 * A box's border box snapped to whole CSS pixels, as Chromium paints backgrounds and borders
 * (its pixel-snapped rects): abutting boxes then share an edge on the pixel grid, and no
 * anti-aliased seam shows between two cells' backgrounds.
 */
function snapped(x: number, y: number, width: number, height: number): ShapeRect {
  const left = Math.round(x);
  const top = Math.round(y);
  return { x: left, y: top, width: Math.round(x + width) - left, height: Math.round(y + height) - top };
}

function backgroundOnly(style: ComputedStyle): ComputedStyle {
  const none = { width: 0, style: 'none' as const, color: style.color };
  return { ...style, borderTop: none, borderRight: none, borderBottom: none, borderLeft: none, boxShadow: [] };
}

function withoutBackground(style: ComputedStyle): ComputedStyle {
  return { ...style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [] };
}

/**
 * Paints a stacking context: its transform and opacity over all of it, then what it holds in the
 * order of CSS 2.1 Appendix E (stacking.ts), each step under the overflow clips around it.
 */
function paintContext(fragment: ElementFragment, state: PaintState): void {
  const style = fragment.kind === 'box' ? fragment.style : fragment.box.style;
  if (style.opacity <= 0) return;
  // `clip: rect()` on an absolutely positioned box (the visually-hidden pattern clips to nothing).
  const clip = style.clip !== null && (style.position === 'absolute' || style.position === 'fixed')
    ? clipRegion(style.clip, fragment.x, fragment.y, fragment.width, fragment.height) : undefined;
  if (clip === null) return;
  if (clip) {
    state.backend.save();
    state.backend.clip(rectPath(clip.x, clip.y, clip.width, clip.height));
    state.rectClips.push({ rect: clip, matrix: state.matrix });
  }
  paintContextClipped(fragment, style, state);
  if (clip) {
    state.rectClips.pop();
    state.backend.restore();
  }
}

function paintContextClipped(fragment: ElementFragment, style: ComputedStyle, state: PaintState): void {
  const m = boxTransform(style, fragment);
  // A transform that cannot be inverted (scale(0)) leaves nothing to see (CSS Transforms 1 §6); nor does an infinite one.
  if (m !== null && !(Math.abs(m[0] * m[3] - m[1] * m[2]) > 1e-9 && m.every(Number.isFinite))) return;
  const { backend } = state;
  const outer = state.matrix;
  if (m !== null) {
    backend.save();
    backend.transform(m);
    state.matrix = multiply(outer, m);
  }
  // `clip-path` clips the box and its descendants, in the box's own (transformed) space.
  const clipPath = style.clipPath === null ? null : clipPathOf(style.clipPath, fragment);
  if (clipPath !== null) {
    backend.save();
    backend.clip(clipPath);
  }
  // The box and its descendants are composited as one group (CSS Color 4 §opacity), blended as
  // `mix-blend-mode` says with what is under it.
  const group = style.opacity < 1 || style.mixBlendMode !== 'normal';
  if (group) backend.beginGroup(style.opacity, style.mixBlendMode);
  const clips = new ClipStack(backend);
  // `filter`'s colour functions change every colour painted from here down.
  if (style.filter !== null) state.backend = colorFilteredBackend(backend, style.filter);
  for (const step of stackingOrder(fragment, state.tree)) paintStep(step, clips, state);
  state.backend = backend;
  clips.enter(null);
  if (group) backend.endGroup();
  if (clipPath !== null) backend.restore();
  if (m !== null) {
    backend.restore();
    state.matrix = outer;
  }
}

/**
 * A `clip-path` as a path: its basic shape (or the box alone, with its rounded corners) in the
 * reference box it names, taken from the fragment's border box and edges.
 */
function clipPathOf(clipPath: NonNullable<ComputedStyle['clipPath']>, fragment: BoxFragment | ReplacedFragment): PathCommand[] {
  const style = fragment.kind === 'box' ? fragment.style : fragment.box.style;
  const border = { x: fragment.x, y: fragment.y, width: fragment.width, height: fragment.height };
  const edges = fragment.kind === 'box' ? { border: fragment.border, padding: fragment.padding } : null;
  const margins = [style.marginTop, style.marginRight, style.marginBottom, style.marginLeft].map((m) => (typeof m === 'number' ? m : 0));
  const inward = (which: 'padding-box' | 'content-box'): [number, number, number, number] => {
    if (edges === null) return [0, 0, 0, 0];
    const { border: b, padding: p } = edges;
    return which === 'padding-box' ? [b.top, b.right, b.bottom, b.left] : [b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left];
  };
  const box = clipPath.box === 'margin-box' ? inset(border, -margins[0]!, -margins[1]!, -margins[2]!, -margins[3]!)
    : clipPath.box === 'border-box' ? border : inset(border, ...inward(clipPath.box));
  const points = clipPath.shape !== null ? outline(clipPath.shape, box, 0) : roundedRect(box, resolveRadii(style, border));
  const path: PathCommand[] = points.map(([x, y], i) => ({ op: i === 0 ? 'move' : 'line', x, y }));
  path.push({ op: 'close' });
  return path;
}

/** The overflow clips in force while a stacking context paints: entered and left as its steps need them. */
class ClipStack {
  private readonly active: Clip[] = [];
  private current: Clip | null = null;

  constructor(private readonly backend: PaintBackend) {}

  enter(clip: Clip | null): void {
    if (clip === this.current) return;
    const chain: Clip[] = [];
    for (let c = clip; c !== null; c = c.parent) chain.push(c);
    chain.reverse();
    let shared = 0;
    while (shared < this.active.length && shared < chain.length && this.active[shared] === chain[shared]) shared++;
    while (this.active.length > shared) {
      this.active.pop();
      this.backend.restore();
    }
    for (const c of chain.slice(shared)) {
      this.backend.save();
      // Overflow is clipped to the padding edge, curved where the border box is rounded.
      const box = c.box;
      this.backend.clip(curvedPath(box, box.style, { top: box.hasTop, right: true, bottom: box.hasBottom, left: true }, box.border));
      this.active.push(c);
    }
    this.current = clip;
  }
}

/**
 * Whether text lies wholly outside an overflow clip around it, or a `clip: rect()` region set in
 * the same user space. Chromium leaves such text out of the PDF, so what a clip hides cannot be
 * found or copied there either.
 */
function clippedAway(text: TextFragment, clip: Clip | null, state: PaintState): boolean {
  for (let c = clip; c !== null; c = c.parent) {
    const { box } = c;
    if (outside(text, box.x + box.border.left, box.x + box.width - box.border.right, box.y + box.border.top, box.y + box.height - box.border.bottom)) return true;
  }
  for (const { rect, matrix } of state.rectClips) {
    // A transform between the region and the text would move one against the other: kept then.
    if (matrix === state.matrix && outside(text, rect.x, rect.x + rect.width, rect.y, rect.y + rect.height)) return true;
  }
  return false;
}

/**
 * The x range the clips around a text leave visible (the page area, overflow clips, `clip: rect()`
 * regions in its user space), when the text reaches outside it; undefined when it is all inside.
 */
function visibleRange(text: TextFragment, clip: Clip | null, state: PaintState): TextRun['visible'] {
  let left = -Infinity;
  let right = Infinity;
  let top = -Infinity;
  let bottom = Infinity;
  if (state.pageArea !== null) {
    // Under a translation (an off-canvas menu moved out with translateX(-100%)) the page area is
    // where it is, moved the other way in the text's user space; under other transforms it is left.
    const [a, b, c, d, e] = state.matrix;
    if (a === 1 && b === 0 && c === 0 && d === 1) ({ left, right } = { left: state.pageArea.left - e, right: state.pageArea.right - e });
  }
  for (let c = clip; c !== null; c = c.parent) {
    const { box } = c;
    left = Math.max(left, box.x + box.border.left);
    right = Math.min(right, box.x + box.width - box.border.right);
    top = Math.max(top, box.y + box.border.top);
    bottom = Math.min(bottom, box.y + box.height - box.border.bottom);
  }
  for (const { rect, matrix } of state.rectClips) {
    if (matrix !== state.matrix) continue;
    left = Math.max(left, rect.x);
    right = Math.min(right, rect.x + rect.width);
    top = Math.max(top, rect.y);
    bottom = Math.min(bottom, rect.y + rect.height);
  }
  const insideX = text.x >= left - 0.01 && text.x + text.width <= right + 0.01;
  // Vertically, the text's ascent to descent, with a pixel to spare (layout rounds them; glyphs
  // wholly outside a clip are far past it).
  const insideY = text.baseline - text.font.ascent * text.size >= top - 1 && text.baseline + text.font.descent * text.size <= bottom + 1;
  if (insideX && insideY) return undefined;
  return insideY ? { left, right } : { left, right, top, bottom };
}

/** Whether the text's box (its font's ascent to descent) misses the rectangle. */
function outside(text: TextFragment, left: number, right: number, top: number, bottom: number): boolean {
  return text.x >= right || text.x + text.width <= left
    || text.baseline - text.font.ascent * text.size >= bottom || text.baseline + text.font.descent * text.size <= top;
}

function paintStep(step: Step, clips: ClipStack, state: PaintState): void {
  clips.enter(step.clip);
  if (step.kind === 'group') return step.box ? state.backend.beginGroup(step.box.style.opacity) : state.backend.endGroup();
  const fragment = step.fragment;
  switch (step.kind) {
    case 'context': return paintContext(step.fragment, state);
    case 'decorations': return paintBox(step.fragment, state);
    case 'collapsed-borders':
      if (step.fragment.collapsedBorders && step.fragment.style.visibility === 'visible') paintCollapsedBorders(state.backend, step.fragment.collapsedBorders);
      return;
    case 'inline':
      if (fragment.kind === 'text') {
        if (fragment.vertical) return paintVerticalText(fragment, state.backend);
        return clippedAway(fragment, step.clip, state) ? undefined : paintText(fragment, state, visibleRange(fragment, step.clip, state), step.line);
      }
      if (fragment.kind === 'inline') return paintInline(fragment, state);
      if (fragment.kind === 'replaced') return paintReplaced(fragment, state);
      return;
    case 'outline': {
      const style = step.fragment.kind === 'box' ? step.fragment.style : step.fragment.box.style;
      const f = step.fragment;
      return paintOutline(state.backend, f.kind === 'inline' ? { x: f.x, y: f.y, width: f.width, height: f.height } : snapped(f.x, f.y, f.width, f.height), style);
    }
  }
}

function registerTargets(element: BoxFragment['box']['element'], x: number, y: number, w: number, h: number, state: PaintState): void {
  if (!element) return;
  const id = element.attribs.id;
  // Link rectangles and destinations are in page space: a transformed box's cover its bounding box.
  if (state.matrix !== IDENTITY) ({ x, y, width: w, height: h } = boundingRect(state.matrix, x, y, w, h));
  if (id && !state.destinations.has(id)) {
    state.destinations.add(id);
    state.backend.destination(id, x, y);
  }
  if (element.name === 'a') {
    const name = element.attribs.name;
    if (name && !state.destinations.has(name)) {
      state.destinations.add(name);
      state.backend.destination(name, x, y);
    }
    const href = element.attribs.href?.trim();
    if (href && w > 0 && h > 0) {
      if (href.startsWith('#')) {
        if (href.length > 1) state.backend.link(x, y, w, h, { destination: decodeURIComponent(href.slice(1)) });
      } else if (/^(https?:|mailto:|tel:)/i.test(href)) {
        state.backend.link(x, y, w, h, { url: href });
      }
    }
  }
}

/** The rectangles of a row's cells, as one clip path. */
function cellAreas(row: BoxFragment): PathCommand[] {
  const path: PathCommand[] = [];
  for (const cell of row.children) {
    if (cell.kind === 'box') path.push(...rectPath(cell.x, cell.y, cell.width, cell.height));
  }
  return path;
}

/** A box's own backgrounds and borders (a table row's under its cells only), and its link or destination. */
function paintBox(fragment: BoxFragment, state: PaintState): void {
  const style = fragment.style;
  const { backend } = state;
  const element = fragment.box.element;
  const isCanvasSource = state.canvasSource === style && !fragment.box.anonymous && fragment.box.pseudo === null;
  const visible = style.visibility === 'visible';
  if (fragment.box.kind !== 'replaced' && visible) {
    const decorated = isCanvasSource ? withoutBackground(style) : style;
    const sides: Sides = { top: fragment.hasTop, right: true, bottom: fragment.hasBottom, left: true };
    // A table row's background shows only behind its cells, not in border-spacing or empty slots (as Chromium paints it).
    const painted = style.backgroundColor.a > 0 || style.backgroundLayers.length > 0 || style.boxShadow.length > 0;
    const cells = fragment.box.kind === 'table-row' && (painted || fragment.underlays) ? cellAreas(fragment) : null;
    if (cells) {
      backend.save();
      backend.clip(cells);
      for (const u of fragment.underlays ?? []) {
        if (cells.length > 0) paintBoxDecorations(backend, snapped(fragment.x + u.dx, fragment.y, u.width, fragment.height), u.style, sides, state.options.images);
      }
    }
    const textClip = clipsToText(style) ? textClipOf(fragment, (anchor) => pixelSnap(anchor, state)) : undefined;
    if (!cells || cells.length > 0 && painted) paintBoxDecorations(backend, snapped(fragment.x, fragment.y, fragment.width, fragment.height), decorated, sides, state.options.images, textClip);
    if (cells) backend.restore();
  }
  if (fragment.box.pseudo === null) registerTargets(element, fragment.x, fragment.y, fragment.width, fragment.height, state);
  // A float inside an inline link is linked on its own, as Chromium links it.
  const link = linkOf(fragment.box);
  if (link) registerTargets(link, fragment.x, fragment.y, fragment.width, fragment.height, state);
}

function paintInline(fragment: InlineFragment, state: PaintState): void {
  const style = fragment.box.style;
  if (style.visibility === 'visible') {
    const sides: Sides = { top: true, bottom: true, left: fragment.hasStart, right: fragment.hasEnd };
    const textClip = clipsToText(style) ? inlineTextClipOf(fragment, state.root, (anchor) => pixelSnap(anchor, state)) : undefined;
    paintBoxDecorations(state.backend, { x: fragment.x, y: fragment.y, width: fragment.width, height: fragment.height }, style, sides, state.options.images, textClip);
  }
  if (fragment.box.pseudo === null) registerTargets(fragment.box.element, fragment.x, fragment.y, fragment.width, fragment.height, state);
}

function paintText(fragment: TextFragment, state: PaintState, visible: TextRun['visible'], line: LineFragment | undefined): void {
  const style = fragment.style;
  if (style.visibility !== 'visible') return;
  const { backend } = state;
  if (fragment.symbol) return paintSymbol(fragment, fragment.symbol, state);
  const snap = pixelSnap(snapAnchor(fragment, line), state);
  // Shadows under the text, the last listed lowest (CSS Text Decoration 3 §4), each in its own colour.
  for (let i = style.textShadow.length - 1; i >= 0; i--) {
    const shadow = style.textShadow[i];
    const color = shadowColor(shadow, fragment.size);
    if (color.a > 0) paintTextLayer(fragment, shadow.offsetX, shadow.offsetY + snap, color, backend, state.pixelTop + shadow.offsetY, visible);
  }
  paintTextLayer(fragment, 0, snap, null, backend, state.pixelTop, visible);
}

/**
 * How far text moves to sit its anchor (text-snap.ts: its line's top, or its padded inline box's) on a
 * whole CSS pixel, counted from the page area's top in layout px (on a shrunk page too, before its
 * scale), as Chromium paints text: layout stays fractional, a line pitch of 18.2px prints as steps
 * of 18 and 19. Transforms apply after, as in Chromium (a `translateY(0.5px)` moves the snapped
 * line by half a pixel).
 */
function pixelSnap(anchor: number, state: PaintState): number {
  const y = anchor - state.pixelTop;
  return Math.round(y) - y;
}

/**
 * A shadow's colour as painted. Chromium prints a blurred shadow as an image under a soft mask;
 * here it is the text again, fainter as the blur spreads the glyphs' strokes (about a tenth of the
 * font size wide) over the blur's Gaussian (its standard deviation is half the blur radius).
 */
function shadowColor(shadow: BoxShadow, size: number): Color {
  if (shadow.blur <= 0) return shadow.color;
  const spread = (0.1 * size) / ((shadow.blur / 2) * Math.sqrt(2 * Math.PI));
  return { ...shadow.color, a: shadow.color.a * Math.max(0.1, Math.min(1, spread)) };
}

/**
 * The text and its decorations, moved by (dx, dy) and all in `color` (null: their own colours);
 * decoration lines snap to whole pixels counted from `gridTop`.
 */
function paintTextLayer(fragment: TextFragment, dx: number, dy: number, color: Color | null, backend: PaintBackend, gridTop: number, visible?: TextRun['visible']): void {
  const style = fragment.style;
  const x = fragment.x + dx;
  const baseline = fragment.baseline + dy;
  const fill = color ?? style.textFillColor ?? style.color;
  // Transparent text is drawn all the same, unseen: Chromium keeps it in the PDF's text layer (a
  // floating label's placeholder, `color: transparent` text), except where it clips a background.
  if (fill.a > 0 || color === null && !clipsToText(style)) {
    backend.text({
      x, y: baseline, text: fragment.text, font: fragment.font, size: fragment.size,
      color: fill, letterSpacing: style.letterSpacing, wordSpacing: fragment.wordSpacing,
      // Every run one shape (spreading optional fields in made a copy per run).
      rightToLeft: fragment.rightToLeft === true, visible, actualText: fragment.actualText,
    });
  }
  for (const decoration of fragment.decorations) paintDecorationLine(backend, fragment, decoration, x, baseline, color ?? decoration.color, gridTop);
}

/** A disc, circle or square marker, on a square snapped to whole pixels (as Chromium paints it); a disclosure triangle, unsnapped. */
function paintSymbol(fragment: TextFragment, symbol: MarkerSymbol, state: PaintState): void {
  const color = fragment.style.color;
  if (color.a === 0) return;
  if (symbol.kind === 'disclosure-open' || symbol.kind === 'disclosure-closed') {
    return state.backend.fillPath(disclosureTriangle(fragment.x + symbol.dx, fragment.baseline + symbol.dy, symbol.size, symbol.kind === 'disclosure-open'), color);
  }
  const box = snapped(fragment.x + symbol.dx, fragment.baseline + symbol.dy, symbol.size, symbol.size);
  if (symbol.kind === 'square') return state.backend.fillPath(rectPath(box.x, box.y, box.width, box.height), color);
  const r: [number, number] = [box.width / 2, box.height / 2];
  const path = roundedRectPath(box, { topLeft: r, topRight: r, bottomRight: r, bottomLeft: r });
  if (symbol.kind === 'disc') state.backend.fillPath(path, color);
  else state.backend.strokePath(path, { width: 1, color, dash: [], lineCap: 'butt' });
}

/**
 * The triangle in a disclosure marker's `size` square at (x, y), 0.86 of the square across, as
 * Chromium draws it: pointing right at the square's left (closed), or down, centred (open).
 */
function disclosureTriangle(x: number, y: number, size: number, open: boolean): PathCommand[] {
  const depth = size * 0.86;
  if (!open) return [{ op: 'move', x, y }, { op: 'line', x: x + depth, y: y + size / 2 }, { op: 'line', x, y: y + size }, { op: 'close' }];
  const top = y + (size - depth) / 2;
  return [{ op: 'move', x, y: top }, { op: 'line', x: x + size, y: top }, { op: 'line', x: x + size / 2, y: top + depth }, { op: 'close' }];
}

function paintReplaced(fragment: ReplacedFragment, state: PaintState): void {
  const style = fragment.box.style;
  if (style.visibility !== 'visible') return;
  const { backend } = state;
  paintBoxDecorations(backend, snapped(fragment.x, fragment.y, fragment.width, fragment.height), style, ALL_SIDES, state.options.images);
  const b = fragment.border;
  const p = fragment.padding;
  const cx = fragment.x + b.left + p.left;
  const cy = fragment.y + b.top + p.top;
  const cw = fragment.width - b.left - b.right - p.left - p.right;
  const ch = fragment.height - b.top - b.bottom - p.top - p.bottom;
  if (cw <= 0 || ch <= 0) return;
  const own = fragment.box.image;
  const image = own.redraw && (Math.abs(own.width - cw) > 0.01 || Math.abs(own.height - ch) > 0.01) ? own.redraw(cw, ch) : own;
  const placed = objectFit(style, image, cw, ch);
  const rounded = hasRadii(resolveRadii(style, fragment));
  const clipped = rounded || placed.width > cw + 0.01 || placed.height > ch + 0.01;
  if (clipped) {
    // Replaced content is clipped to the content edge, curved where the border box is rounded.
    backend.save();
    const insets = { top: b.top + p.top, right: b.right + p.right, bottom: b.bottom + p.bottom, left: b.left + p.left };
    backend.clip(rounded ? curvedPath(fragment, style, ALL_SIDES, insets) : rectPath(cx, cy, cw, ch));
  }
  backend.image(image, cx + placed.x, cy + placed.y, placed.width, placed.height);
  if (clipped) backend.restore();
  if (fragment.box.pseudo === null) registerTargets(fragment.box.element, fragment.x, fragment.y, fragment.width, fragment.height, state);
}

function objectFit(style: ComputedStyle, image: ImageResource, cw: number, ch: number): { x: number; y: number; width: number; height: number } {
  if (image.noNaturalRatio) return { x: 0, y: 0, width: cw, height: ch };
  const iw = image.width || cw;
  const ih = image.height || ch;
  let width = cw;
  let height = ch;
  const contain = Math.min(cw / iw, ch / ih);
  const cover = Math.max(cw / iw, ch / ih);
  switch (style.objectFit) {
    case 'contain': width = iw * contain; height = ih * contain; break;
    case 'cover': width = iw * cover; height = ih * cover; break;
    case 'none': width = iw; height = ih; break;
    case 'scale-down': {
      const s = Math.min(1, contain);
      width = iw * s;
      height = ih * s;
      break;
    }
    default: break;
  }
  const [px, py] = style.objectPosition;
  const x = typeof px === 'number' ? px : exactLength(px, cw - width);
  const y = typeof py === 'number' ? py : exactLength(py, ch - height);
  return { x, y, width, height };
}
