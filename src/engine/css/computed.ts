// Cascaded values to a ComputedStyle: custom properties, then font-size and color, then the rest.
import { fontUnits } from '../fonts/unit-metrics.js';
import { CssWide, INITIAL, PendingSubstitution, UNSET, expandDeclaration } from './expand.js';
import { type StyleDraft, draftFrom, initialStyle } from './initial.js';
import { finishBox } from './properties/box.js';
import { longhandId, longhands } from './properties/index.js';
import { finishPaint } from './properties/paint.js';
import { finishTruncation } from './properties/truncation.js';
import { finishText } from './properties/text.js';
import type { ComputeContext, PropertyDef, Scratch } from './property.js';
import type { ComputedStyle, Display, PseudoElement, Px } from './types.js';
import { BLACK } from './values/color.js';
import { keywordFontSize } from './values/font.js';
import { computeCustomProperties, substituteVars } from './var.js';

/** The winning specified value per longhand id, and the cascaded custom properties. */
export interface Cascaded {
  readonly values: ReadonlyMap<number, unknown>;
  /** Custom property name → value text, or a CSS-wide keyword; null when none were declared. */
  readonly custom: ReadonlyMap<string, string | CssWide> | null;
}

export interface ComputeEnvironment {
  readonly viewportWidth: Px;
  readonly viewportHeight: Px;
  /** The nearest query container's content box, which cq units resolve against (none: the viewport's). */
  readonly queryWidth?: Px;
  readonly queryHeight?: Px;
  /** The root element's font size (16 while computing the root itself). */
  readonly rootFontSize: Px;
  /** The element is the document root (its display is blockified, rem = its own font size). */
  readonly isRoot: boolean;
  /** The element is the root's body, whose `zoom` prints like the root's (decision 0398). */
  readonly isBody?: boolean;
  /** Which pseudo-element is computed (markers are not blockified). */
  readonly pseudo: PseudoElement | null;
}

function newScratch(): Scratch {
  return {
    borderSides: 0,
    borderWidth: [3, 3, 3, 3],
    borderStyle: ['none', 'none', 'none', 'none'],
    borderColor: [null, null, null, null],
    overflowX: null,
    overflowY: null,
    decorationColorSet: false,
    background: null,
  };
}

function resetScratch(s: Scratch): void {
  if (s.borderSides !== 0) {
    s.borderSides = 0;
    s.borderWidth.fill(3);
    s.borderStyle.fill('none');
    s.borderColor.fill(null);
  }
  s.overflowX = null;
  s.overflowY = null;
  s.decorationColorSet = false;
  s.background = null;
}

/** Chromium's default font size: 13px for the generic `monospace` alone (not `monospace, monospace`), else 16px. */
function defaultFontSize(family: readonly string[]): number {
  return family.length === 1 && family[0] === 'monospace' ? 13 : 16;
}

/** Reusable compute state (one per resolver; computing is synchronous and not re-entrant). */
export class StyleComputer {
  private readonly ctx: ComputeContext;
  private readonly defs: readonly PropertyDef[];
  private readonly fontSizeId: number;
  private readonly colorId: number;
  private readonly fontFamilyId: number;
  private readonly zoomId: number;

  constructor() {
    this.defs = longhands();
    this.fontSizeId = longhandId('font-size')!;
    this.colorId = longhandId('color')!;
    this.fontFamilyId = longhandId('font-family')!;
    this.zoomId = longhandId('zoom')!;
    this.ctx = {
      printZoom: 1,
      fontSize: 16,
      rootFontSize: 16,
      viewportWidth: 0,
      viewportHeight: 0,
      color: BLACK,
      parent: initialStyle(),
      scratch: newScratch(),
      fontUnits: () => fontUnits(this.font.fontFamily, this.font.fontWeight, this.font.fontStyle),
    };
  }

  /** Whose font ex, ch and cap refer to: the parent's while font-size is computed, then the element's. */
  private font: Pick<ComputedStyle, 'fontFamily' | 'fontWeight' | 'fontStyle'> = initialStyle();

  compute(cascaded: Cascaded, parent: ComputedStyle | null, env: ComputeEnvironment): ComputedStyle {
    const parentStyle = parent ?? initialStyle();
    const d = draftFrom(parentStyle);
    const ctx = this.ctx;
    ctx.parent = parentStyle;
    ctx.fontSize = parentStyle.fontSize;
    ctx.rootFontSize = env.rootFontSize;
    ctx.viewportWidth = env.viewportWidth;
    ctx.viewportHeight = env.viewportHeight;
    ctx.queryWidth = env.queryWidth;
    ctx.queryHeight = env.queryHeight;
    ctx.color = parentStyle.color;
    this.font = parentStyle;
    resetScratch(ctx.scratch);

    if (cascaded.custom !== null) d.customProperties = this.customProperties(cascaded.custom, parentStyle);

    const values = cascaded.values;
    // The family first: a keyword font size depends on it (monospace alone defaults to 13px).
    const fontFamily = values.get(this.fontFamilyId);
    if (fontFamily !== undefined) this.apply(d, this.fontFamilyId, fontFamily);
    const fontSize = values.get(this.fontSizeId);
    if (fontSize !== undefined) this.apply(d, this.fontSizeId, fontSize);
    if (d.fontSizeKeyword !== null) {
      // As Blink's FontBuilder: a keyword size (set or inherited) comes from the table for the
      // family's default size; one scaled from a keyword by em or % is scaled again when the element
      // goes from or to `monospace` alone. Sizes set in px stay as they are.
      const defaultSize = defaultFontSize(d.fontFamily);
      if (d.fontSizeIsKeyword) d.fontSize = keywordFontSize(d.fontSizeKeyword, defaultSize);
      else d.fontSize *= defaultSize / defaultFontSize(parentStyle.fontFamily);
    }
    ctx.fontSize = d.fontSize;
    this.font = d;
    if (env.isRoot) ctx.rootFontSize = d.fontSize;
    const color = values.get(this.colorId);
    if (color !== undefined) this.apply(d, this.colorId, color);
    ctx.color = d.color;
    // The zoom the element prints at, before its border widths snap to its pixels.
    const zoom = values.get(this.zoomId);
    if (zoom !== undefined) this.apply(d, this.zoomId, zoom);
    if (env.isRoot || env.isBody) d.printZoom = parentStyle.printZoom * d.zoom;
    ctx.printZoom = d.printZoom;

    for (const [id, value] of values) {
      if (id !== this.fontSizeId && id !== this.colorId && id !== this.fontFamilyId && id !== this.zoomId) this.apply(d, id, value);
    }

    finishBox(d, ctx);
    finishText(d, ctx);
    finishPaint(d, ctx);
    finishTruncation(d);
    fixDisplay(d, parentStyle, env);
    return d;
  }

  private customProperties(custom: ReadonlyMap<string, string | CssWide>, parent: ComputedStyle): ReadonlyMap<string, string> {
    const declared = new Map<string, string | null>();
    for (const [name, v] of custom) {
      if (v instanceof CssWide) {
        if (v === INITIAL) declared.set(name, null);
        // inherit, unset and revert keep the inherited value (custom properties inherit).
      } else declared.set(name, v);
    }
    if (declared.size === 0) return parent.customProperties;
    return computeCustomProperties(declared, parent.customProperties);
  }

  private apply(d: StyleDraft, id: number, value: unknown): void {
    const def = this.defs[id];
    if (value instanceof PendingSubstitution) value = substitute(value, def.name, d.customProperties);
    if (value instanceof CssWide) {
      const keyword = value.keyword;
      if (keyword === 'inherit' || (keyword !== 'initial' && def.inherited)) def.inherit(d, this.ctx);
      else def.reset(d, this.ctx);
      return;
    }
    def.apply(d, value, this.ctx);
  }
}

/** Substitute var() and re-parse; invalid at computed-value time → unset. */
function substitute(p: PendingSubstitution, longhand: string, props: ReadonlyMap<string, string>): unknown {
  const text = substituteVars(p.text, props);
  if (text === null) return UNSET;
  const expanded = expandDeclaration(p.property, text);
  const own = p.longhand ?? longhand;
  const found = expanded?.find((l) => l.name === own);
  if (found === undefined || found.value instanceof PendingSubstitution) return UNSET;
  return found.value;
}

const BLOCKIFIED: Partial<Record<Display, Display>> = {
  inline: 'block',
  'inline-block': 'block',
  'inline-table': 'table',
  'inline-flex': 'flex',
  'inline-grid': 'grid',
  'table-row-group': 'block',
  'table-header-group': 'block',
  'table-footer-group': 'block',
  'table-row': 'block',
  'table-cell': 'block',
  'table-column-group': 'block',
  'table-column': 'block',
  'table-caption': 'block',
};

/** CSS 2 §9.7 and CSS Display §2.7: floats, absolute positioning, the root and flex/grid items. */
function fixDisplay(d: StyleDraft, parent: ComputedStyle, env: ComputeEnvironment): void {
  if (d.display === 'none') return;
  const absolute = d.position === 'absolute' || d.position === 'fixed';
  if (absolute) d.float = 'none';
  if (absolute && d.display.startsWith('inline')) d.originallyInline = true;
  if (env.isRoot && d.display === 'contents') d.display = 'block';
  const parentDisplay = parent.display;
  const flexItem =
    env.pseudo !== 'marker' && env.pseudo !== 'first-letter' && env.pseudo !== 'first-line' &&
    !env.isRoot &&
    (parentDisplay === 'flex' || parentDisplay === 'inline-flex' || parentDisplay === 'grid' || parentDisplay === 'inline-grid');
  if (absolute || d.float !== 'none' || env.isRoot || flexItem) {
    if (flexItem) d.float = 'none';
    d.display = BLOCKIFIED[d.display] ?? d.display;
  }
}
