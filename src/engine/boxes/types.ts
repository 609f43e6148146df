// The box tree: what the builder makes from styled elements and what layout consumes.
// One tree serves all three engine parts: flow (block/inline), tables and paged media,
// then floats, positioning, flexbox and grid, which read the same boxes' styles.
import type { Element } from 'domhandler';
import type { Color, ComputedStyle, ListStyleType } from '../css/types.js';
import type { ImageResource } from '../images/types.js';

interface BoxBase {
  readonly style: ComputedStyle;
  /** The element that generated the box; null for anonymous boxes and generated text. */
  readonly element: Element | null;
  /** Which pseudo-element generated the box, if any. */
  readonly pseudo: 'before' | 'after' | 'marker' | 'first-letter' | null;
  /** Anonymous boxes inherit from their parent box's style and carry no element. */
  readonly anonymous: boolean;
  /** GCPM `string-set`: the named strings this box's element assigns, resolved when it is built. */
  readonly strings?: readonly NamedString[];
  /** GCPM `position: running(name)`: this empty box holds the element's place in the flow; `running` is its own box. */
  readonly running?: Box;
  /**
   * A form control's content width from its attributes and font (px), which intrinsic sizing uses
   * instead of its content's: min-content 0 (a compressible control), max-content this (boxes/form-controls.ts).
   */
  readonly intrinsicWidth?: number;
}

export interface NamedString {
  readonly name: string;
  readonly value: string;
}

/**
 * A block container: block-level (`display: block`, `list-item`, `flow-root`, anonymous block)
 * or inline-level (`inline-block`). Its children are either all block-level or all inline-level;
 * `inlineContent` says which, and the builder wraps mixed content in anonymous blocks.
 */
export interface BlockBox extends BoxBase {
  readonly kind: 'block';
  readonly level: 'block' | 'inline';
  readonly children: Box[];
  readonly inlineContent: boolean;
  /** For `display: list-item`: the marker, laid out outside (or first inside) the first line. */
  readonly marker: InlineBox | ReplacedBox | null;
  /** Establishes a new block formatting context (root, inline-block, overflow != visible, flow-root, floats, abs-pos, cells). */
  readonly newFormattingContext: boolean;
  /** With a `::first-line` rule: `children` as its first line shows them, styled by the pseudo-element (boxes/first-line.ts). */
  readonly firstLine?: Box[];
  /** A ruby column (boxes/ruby.ts): how far its annotation reaches over the top of its base's line (0 for one under it). */
  readonly rubyReach?: number;
}

/** An inline box (`display: inline`): its children are inline-level. */
export interface InlineBox extends BoxBase {
  readonly kind: 'inline';
  readonly children: Box[];
}

/** A run of text; white space is already processed per `white-space` (collapsed, or kept). */
export interface TextBox extends BoxBase {
  readonly kind: 'text';
  readonly text: string;
  /** Decorations from this box's element and its ancestors (text-decoration propagates, it is not inherited). */
  readonly decorations: readonly TextDecoration[];
  /** A `leader()`: `text` is the pattern, repeated to fill the line (layout/inline.ts). */
  readonly leader?: boolean;
  /** Generated `counter(page)` / `counter(pages)`: a margin box showing a running element fills in its page. */
  readonly pageCounter?: { readonly name: 'page' | 'pages'; readonly style: ListStyleType };
  /** An inside symbol marker (boxes/inside-marker.ts): laid out and painted as its shape, not as text. */
  readonly symbol?: SymbolKind;
  /** Synthesized small caps (boxes/small-caps.ts): the text as written, of `text`'s length; `text` is its capitals. */
  readonly actualText?: string;
}

/** The list-style-type symbols Chromium paints as shapes. */
export type SymbolKind = 'disc' | 'circle' | 'square' | 'disclosure-open' | 'disclosure-closed';

export interface TextDecoration {
  readonly line: 'underline' | 'overline' | 'line-through';
  readonly color: Color;
  readonly style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  /** The decorating box's `text-decoration-thickness` in px (null: the font's). */
  readonly thickness: number | null;
  /** The decorating box's `text-underline-offset` in px (null: auto). */
  readonly underlineOffset: number | null;
}

/** A forced line break (`<br>`, or a preserved newline). */
export interface LineBreakBox extends BoxBase {
  readonly kind: 'line-break';
}

/** An image (or other replaced content); inline-level unless its display is block. */
export interface ReplacedBox extends BoxBase {
  readonly kind: 'replaced';
  readonly level: 'block' | 'inline';
  readonly image: ImageResource;
}

/** Table wrapper and its parts (engine part 2 lays them out; part 1 builds them so nothing is lost). */
export interface TableBox extends BoxBase {
  readonly kind: 'table';
  readonly level: 'block' | 'inline';
  readonly captions: BlockBox[];
  readonly columns: TableColumnBox[];
  readonly rowGroups: TableRowGroupBox[];
}
export interface TableColumnBox extends BoxBase {
  readonly kind: 'table-column';
  readonly span: number;
}
export interface TableRowGroupBox extends BoxBase {
  readonly kind: 'table-row-group';
  readonly role: 'header' | 'body' | 'footer';
  readonly rows: TableRowBox[];
}
export interface TableRowBox extends BoxBase {
  readonly kind: 'table-row';
  readonly cells: TableCellBox[];
}
export interface TableCellBox extends BoxBase {
  readonly kind: 'table-cell';
  readonly colspan: number;
  readonly rowspan: number;
  /** A cell is a block container for its content. */
  readonly content: BlockBox;
}

/** Flex and grid containers (engine part 3); items are block-level boxes, each blockified. */
export interface FlexBox extends BoxBase {
  readonly kind: 'flex';
  readonly level: 'block' | 'inline';
  readonly children: Box[];
}
export interface GridBox extends BoxBase {
  readonly kind: 'grid';
  readonly level: 'block' | 'inline';
  readonly children: Box[];
}

export type Box =
  | BlockBox | InlineBox | TextBox | LineBreakBox | ReplacedBox
  | TableBox | TableColumnBox | TableRowGroupBox | TableRowBox | TableCellBox
  | FlexBox | GridBox;

/** Boxes that sit in a block formatting context as blocks. */
export function isBlockLevel(box: Box): boolean {
  switch (box.kind) {
    case 'block':
    case 'replaced':
    case 'table':
    case 'flex':
    case 'grid':
      return box.level === 'block';
    default:
      return false;
  }
}
