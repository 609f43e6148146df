// The shape of a longhand property: parse once to a specified value, apply per element.
import type { StyleDraft } from './initial.js';
import { initialStyle } from './initial.js';
import type { CV } from './syntax.js';
import type { BorderStyle, Color, ComputedStyle, Px } from './types.js';
import type { LengthContext } from './values/length.js';
import type { BackgroundDraft } from './values/background.js';

/** Per-element working state for properties that several longhands assemble. */
export interface Scratch {
  /** Bitmask of border sides (1 top, 2 right, 4 bottom, 8 left) with a cascaded longhand. */
  borderSides: number;
  readonly borderWidth: [Px, Px, Px, Px];
  readonly borderStyle: [BorderStyle, BorderStyle, BorderStyle, BorderStyle];
  /** null = currentcolor. */
  readonly borderColor: [Color | null, Color | null, Color | null, Color | null];
  overflowX: ComputedStyle['overflow'] | null;
  overflowY: ComputedStyle['overflow'] | null;
  decorationColorSet: boolean;
  background: BackgroundDraft | null;
}

/** What a longhand's value resolves against; fontSize and color are the element's once computed. */
export interface ComputeContext extends LengthContext {
  fontSize: Px;
  rootFontSize: Px;
  viewportWidth: Px;
  viewportHeight: Px;
  queryWidth?: Px;
  queryHeight?: Px;
  color: Color;
  parent: ComputedStyle;
  scratch: Scratch;
  /** The element's ComputedStyle.printZoom, known before its other properties are computed. */
  printZoom: number;
}

export interface PropertyDef {
  readonly name: string;
  readonly inherited: boolean;
  /** The specified value of a declaration, or undefined when invalid. Called once per value text. */
  parse(values: readonly CV[], text: string): unknown;
  /** Compute a specified value (from `parse`) and store it. */
  apply(draft: StyleDraft, spec: unknown, ctx: ComputeContext): void;
  /** Store the parent's computed value. */
  inherit(draft: StyleDraft, ctx: ComputeContext): void;
  /** Store the initial value. */
  reset(draft: StyleDraft, ctx: ComputeContext): void;
}

type Field = keyof ComputedStyle;

/** A longhand stored in one field; `compute` defaults to the identity (context-free values). */
export function simple<S>(
  name: string,
  field: Field,
  inherited: boolean,
  parse: (values: readonly CV[], text: string) => S | undefined,
  compute?: (spec: S, ctx: ComputeContext) => unknown,
): PropertyDef {
  const f = field as string;
  return {
    name,
    inherited,
    parse,
    apply: compute
      ? (d, spec, ctx) => {
          (d as Record<string, unknown>)[f] = compute(spec as S, ctx);
        }
      : (d, spec) => {
          (d as Record<string, unknown>)[f] = spec;
        },
    inherit: (d, ctx) => {
      (d as Record<string, unknown>)[f] = ctx.parent[field];
    },
    reset: (d) => {
      (d as Record<string, unknown>)[f] = initialStyle()[field];
    },
  };
}

/** Parse a single keyword out of a fixed set (aliases map legacy or vendor spellings). */
export function keywords<K extends string>(
  allowed: readonly K[],
  aliases: Readonly<Record<string, K>> = {},
): (values: readonly CV[]) => K | undefined {
  const set = new Set<string>(allowed);
  return (values) => {
    if (values.length !== 1 || values[0].type !== 'ident') return undefined;
    const k = values[0].lower;
    if (set.has(k)) return k as K;
    return aliases[k];
  };
}

/** A property with one keyword field. */
export function keywordProperty<K extends string>(
  name: string,
  field: Field,
  inherited: boolean,
  allowed: readonly K[],
  aliases?: Readonly<Record<string, K>>,
): PropertyDef {
  return simple(name, field, inherited, keywords(allowed, aliases));
}
