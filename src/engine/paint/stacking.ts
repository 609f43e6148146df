// The painting order of one stacking context (CSS 2.1 Appendix E): its root's decorations, negative
// z-index contexts, block backgrounds, floats, inline content, positioned boxes, positive z-index contexts.
import type { ComputedStyle } from '../css/types.js';
import { hasTransform } from '../css/values/transform.js';
import type { InlineBox } from '../boxes/types.js';
import type { BoxFragment, Fragment, InlineFragment, LineFragment, ReplacedFragment, TextFragment } from '../layout/fragments.js';
import { hasOutline } from './outlines.js';
import type { TreeOrder } from './tree-order.js';

/** An overflow clip of a box between a step and its stacking context's root, inside the clips of the boxes around it. */
export interface Clip {
  readonly box: BoxFragment;
  readonly parent: Clip | null;
}

/** One thing to paint, under the clips of its ancestors within the stacking context. */
export type Step =
  /** A box's backgrounds and borders (and its link rectangle). */
  | { readonly kind: 'decorations'; readonly fragment: BoxFragment; readonly clip: Clip | null }
  /** A table's collapsed borders, after the backgrounds of its cells. */
  | { readonly kind: 'collapsed-borders'; readonly fragment: BoxFragment; readonly clip: Clip | null }
  /** Text, an inline box's decorations, or a replaced element; text with the line it is on. */
  | { readonly kind: 'inline'; readonly fragment: TextFragment | InlineFragment | ReplacedFragment; readonly clip: Clip | null; readonly line?: LineFragment }
  /** A stacking context of its own, painted whole (its transform and opacity apply to all of it). */
  | { readonly kind: 'context'; readonly fragment: ElementFragment; readonly clip: Clip | null }
  /** A box's outline, over everything else in its stacking context. */
  | { readonly kind: 'outline'; readonly fragment: BoxFragment | InlineFragment | ReplacedFragment; readonly clip: Clip | null }
  /** The start of what an inline box with an opacity below 1 holds on a line, composited as one group (its end: `box` null). */
  | { readonly kind: 'group'; readonly box: InlineBox | null; readonly clip: Clip | null };

export type ElementFragment = BoxFragment | ReplacedFragment;

/** Steps of one phase of a box treated as if it established a stacking context (floats, inline-blocks, flex items, z-index: auto). */
interface Flow {
  readonly blocks: Step[];
  readonly floats: Step[];
  readonly inlines: Step[];
}

/** A stacking context or positioned box, with its z-index and where it comes in the document. */
interface Layer {
  readonly z: number;
  readonly order: number;
  readonly steps: Step[];
}

/** The layers a stacking context collects from all its descendants outside nested contexts. */
interface Layers {
  readonly negative: Layer[];
  readonly positioned: Layer[];
  readonly positive: Layer[];
  readonly tree: TreeOrder;
  lastOrder: number;
}

function styleOf(fragment: ElementFragment): ComputedStyle {
  return fragment.kind === 'box' ? fragment.style : fragment.box.style;
}

/** The z-index of a box establishing a stacking context, or null when it does not establish one. */
export function contextZ(fragment: ElementFragment, itemOfFlexOrGrid: boolean): number | null {
  const style = styleOf(fragment);
  const position = style.position;
  if (typeof style.zIndex === 'number' && (position !== 'static' || itemOfFlexOrGrid)) return style.zIndex;
  // Chromium makes fixed and sticky boxes stacking contexts whatever their z-index; a clipped
  // absolutely positioned box is painted as one too, so its clip covers all it paints.
  if (style.opacity < 1 || hasTransform(style) || position === 'fixed' || position === 'sticky' || style.clipPath !== null || style.filter !== null || style.mixBlendMode !== 'normal') return 0;
  if (position === 'absolute' && style.clip !== null) return 0;
  return null;
}

function clipOf(fragment: BoxFragment, parent: Clip | null): Clip | null {
  return fragment.style.overflow !== 'visible' && fragment.box.kind !== 'table-row' ? { box: fragment, parent } : parent;
}

function isCaption(fragment: Fragment): boolean {
  return fragment.kind === 'box' && fragment.style.display === 'table-caption';
}

function isFlexOrGrid(fragment: BoxFragment): boolean {
  return fragment.box.kind === 'flex' || fragment.box.kind === 'grid';
}

/** Appends without spreading into arguments (a page can hold more steps than a call takes). */
function append(target: Step[], source: readonly Step[]): void {
  for (const step of source) target.push(step);
}

function newFlow(): Flow {
  return { blocks: [], floats: [], inlines: [] };
}

function layer(layers: Layers, fragment: ElementFragment, z: number, steps: Step[]): Layer {
  // Boxes without an element (anonymous) keep their place after the box before them.
  const order = layers.tree.of(fragment.box) ?? layers.lastOrder;
  layers.lastOrder = order;
  return { z, order, steps };
}

/**
 * A box painted as if it established a stacking context: its decorations, then its descendants'
 * blocks, floats and inline content; its positioned descendants and stacking contexts go to `layers`.
 */
function atomic(fragment: ElementFragment, clip: Clip | null, layers: Layers): Step[] {
  if (fragment.kind === 'replaced') return [{ kind: 'inline', fragment, clip }];
  const flow = newFlow();
  walkChildren(fragment, clipOf(fragment, clip), flow, layers);
  const steps: Step[] = [{ kind: 'decorations', fragment, clip }];
  append(steps, flow.blocks);
  append(steps, flow.floats);
  append(steps, flow.inlines);
  return steps;
}

function walkChildren(fragment: BoxFragment, clip: Clip | null, flow: Flow, layers: Layers): void {
  const items = isFlexOrGrid(fragment);
  // A table's captions lie outside its fragment (the grid) but inside the box its overflow clips
  // to, as Chromium's table box holds them: they keep the clips around the table only.
  const captionClip = clip !== null && clip.box === fragment ? clip.parent : clip;
  for (const child of fragment.children) {
    // A block-level or positioned replaced box wraps its content: the wrapper is the one transformed, positioned or stacked.
    if (child.kind === 'replaced' && child.box === fragment.box) flow.inlines.push({ kind: 'inline', fragment: child, clip });
    else walk(child, items ? 'item' : 'block', fragment.box.kind === 'table' && isCaption(child) ? captionClip : clip, flow, layers);
  }
  if (fragment.collapsedBorders) flow.blocks.push({ kind: 'collapsed-borders', fragment, clip });
}

/**
 * Sorts one fragment into the phases of the stacking context being built. `as` says how an
 * element box is laid out: in block flow, as a flex or grid item, or on a line (atomic inline).
 */
function walk(fragment: Fragment, as: 'block' | 'item' | 'line', clip: Clip | null, flow: Flow, layers: Layers, line?: LineFragment): void {
  switch (fragment.kind) {
    case 'line':
      return walkLine(fragment, clip, flow, layers);
    case 'text':
      flow.inlines.push(line === undefined ? { kind: 'inline', fragment, clip } : { kind: 'inline', fragment, clip, line });
      return;
    case 'inline':
      flow.inlines.push({ kind: 'inline', fragment, clip });
      return;
    default:
  }
  const style = styleOf(fragment);
  const z = contextZ(fragment, as === 'item');
  if (z !== null) {
    const entry = layer(layers, fragment, z, [{ kind: 'context', fragment, clip }]);
    (z < 0 ? layers.negative : z > 0 ? layers.positive : layers.positioned).push(entry);
    return;
  }
  if (style.position !== 'static') {
    // Positioned with z-index: auto: painted after the flow, in tree order; its own positioned descendants after it.
    const steps: Step[] = [];
    layers.positioned.push(layer(layers, fragment, 0, steps));
    append(steps, atomic(fragment, clip, layers));
    return;
  }
  if (fragment.kind === 'replaced') {
    flow.inlines.push({ kind: 'inline', fragment, clip });
    return;
  }
  if (style.float !== 'none' && as !== 'item') {
    append(flow.floats, atomic(fragment, clip, layers));
    return;
  }
  if (as !== 'block') {
    // Inline-blocks and flex and grid items paint as if they established stacking contexts (CSS 2.1 E.2, Flexbox §4.3).
    append(flow.inlines, atomic(fragment, clip, layers));
    return;
  }
  flow.blocks.push({ kind: 'decorations', fragment, clip });
  walkChildren(fragment, clipOf(fragment, clip), flow, layers);
}

const NOT_FADED: readonly InlineBox[] = [];

/**
 * A line's pieces, those inside inline boxes with an opacity below 1 between the ends of a group
 * for each such box (the pieces of one box are consecutive on a line).
 */
function walkLine(line: LineFragment, clip: Clip | null, flow: Flow, layers: Layers): void {
  let open = NOT_FADED;
  for (const child of visualOrder(line.children)) {
    const faded = child.kind === 'line' ? NOT_FADED : child.faded ?? NOT_FADED;
    if (faded !== open) open = regroup(open, faded, clip, flow.inlines);
    walk(child, 'line', clip, flow, layers, line);
  }
  if (open.length > 0) regroup(open, NOT_FADED, clip, flow.inlines);
}

/**
 * A line's pieces with each stretch of consecutive text runs in visual order, left to right, when
 * the line holds right-to-left text: Chromium draws a line's runs so, and readers join the
 * characters of neighbouring runs into words only in that order (`,12` between Hebrew words).
 * Other pieces (inline boxes' backgrounds, atomic inlines) keep their places.
 */
function visualOrder(children: readonly Fragment[]): readonly Fragment[] {
  if (!children.some((child) => child.kind === 'text' && child.rightToLeft === true)) return children;
  const ordered = [...children];
  for (let start = 0; start < ordered.length;) {
    if (ordered[start].kind !== 'text') {
      start++;
      continue;
    }
    let end = start;
    while (end < ordered.length && ordered[end].kind === 'text') end++;
    const stretch = (ordered.slice(start, end) as TextFragment[]).sort((a, b) => a.x - b.x);
    ordered.splice(start, stretch.length, ...stretch);
    start = end;
  }
  return ordered;
}

/** Ends the groups of `open` that `next` is not inside, and starts those of `next` not yet open. */
function regroup(open: readonly InlineBox[], next: readonly InlineBox[], clip: Clip | null, steps: Step[]): readonly InlineBox[] {
  let shared = 0;
  while (shared < open.length && shared < next.length && open[shared] === next[shared]) shared++;
  for (let i = open.length; i > shared; i--) steps.push({ kind: 'group', box: null, clip });
  for (let i = shared; i < next.length; i++) steps.push({ kind: 'group', box: next[i], clip });
  return next;
}

function byZThenTree(a: Layer, b: Layer): number {
  return a.z - b.z || a.order - b.order;
}

/**
 * What the stacking context established by `root` paints, in order; nested contexts are single
 * `context` steps. Clips are those of boxes inside the context (the root's own clips its content).
 */
export function stackingOrder(root: ElementFragment, tree: TreeOrder): Step[] {
  if (root.kind === 'replaced') return [{ kind: 'inline', fragment: root, clip: null }];
  const layers: Layers = { negative: [], positioned: [], positive: [], tree, lastOrder: -1 };
  const flow = newFlow();
  walkChildren(root, clipOf(root, null), flow, layers);
  const steps: Step[] = [{ kind: 'decorations', fragment: root, clip: null }];
  for (const l of layers.negative.sort(byZThenTree)) append(steps, l.steps);
  append(steps, flow.blocks);
  append(steps, flow.floats);
  append(steps, flow.inlines);
  for (const l of layers.positioned.sort(byZThenTree)) append(steps, l.steps);
  for (const l of layers.positive.sort(byZThenTree)) append(steps, l.steps);
  // Outlines come last (Appendix E step 10); a nested context paints its own.
  const outlines: Step[] = [];
  for (const step of steps) {
    if (step.kind === 'decorations' && hasOutline(step.fragment.style)) outlines.push({ kind: 'outline', fragment: step.fragment, clip: step.clip });
    else if (step.kind === 'inline' && (step.fragment.kind === 'inline' || step.fragment.kind === 'replaced') && hasOutline(step.fragment.box.style)) {
      outlines.push({ kind: 'outline', fragment: step.fragment, clip: step.clip });
    }
  }
  append(steps, outlines);
  return steps;
}
