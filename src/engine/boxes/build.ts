// Styled DOM to box tree: display types, anonymous boxes, white space, generated content,
// counters and list markers.
import { mathText, withOperatorSpacing } from './mathml.js';
import { canvasImage } from './canvas.js';
import { EMBEDDING_ELEMENTS, embeddedContent } from './embedded-content.js';
import { type FaceFeatures, smallCapsBoxes } from './small-caps.js';
import { rubyBox, withRubyRoom } from './ruby.js';
import type { ChildNode, Document, Element } from 'domhandler';
import type { SvgRuleStyle } from '../css/cascade.js';
import type { ComputedStyle, ContentItem, Display, PseudoElement } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import { inlineSvgImage, isInlineSvg } from '../images/inline-svg.js';
import { brokenImageBoxes, inQuirksMode } from './broken-image.js';
import { CounterScopes } from './counters.js';
import { buildFormControl, isFormControl, type ControlContext, type ControlFonts } from './form-controls.js';
import type { CounterStyles } from './counter-style.js';
import { insideMarker } from './inside-marker.js';
import { splitFirstLetter } from './first-letter.js';
import { firstLineBoxes } from './first-line.js';
import { isInFlowBlock, isOutOfFlowBox, markLinkedFloats } from './out-of-flow.js';
import { onlyPlaceholders, pagedMediaBoxes, withNamedStrings } from './paged-media.js';
import { isTargetItem, type TargetResolver } from './targets.js';
import { exactBoxArrays } from '../exact-arrays.js';
import {
  isBlockLevel,
  type BlockBox,
  type Box,
  type InlineBox,
  type ReplacedBox,
  type TableBox,
  type TableCellBox,
  type TableColumnBox,
  type TableRowBox,
  type TableRowGroupBox,
  type TextBox,
  type TextDecoration,
} from './types.js';
import { onlyWhiteSpace } from './white-space.js';
import { containsLayout } from '../css/values/containment.js';

export interface StyleSource {
  computeStyle(element: Element, parent: ComputedStyle | null, pseudo?: PseudoElement): ComputedStyle | null;
  anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle;
  /** What the stylesheets' rules set of SVG presentation properties (fill, stroke…) on an element inside inline SVG. */
  svgStyle?(element: Element, custom: ReadonlyMap<string, string>): SvgRuleStyle;
}

export interface BuildOptions {
  readonly styles: StyleSource;
  /** Loaded images by the URL as written in the document (`src`, `url()`). */
  readonly images: ReadonlyMap<string, ImageResource>;
  /** URLs an `<object>`'s data names that loaded but are no image: it prints as a box, not its fallback. */
  readonly embeddedDocuments?: ReadonlySet<string>;
  /** Bounds the work on pathological input. */
  readonly maxDepth?: number;
  /** Resolves target-counter() and target-text(), and records what they read (boxes/targets.ts). */
  readonly targets?: TargetResolver;
  /** Font measurements for form controls' sizes (boxes/form-controls.ts); without them, controls keep their CSS sizes. */
  readonly controlFonts?: ControlFonts;
  /** The document's counter styles (boxes/counter-style.ts); the predefined ones when not given. */
  readonly counterStyles?: CounterStyles;
  /** Which OpenType features a style's face has, for font-variant-caps (boxes/small-caps.ts); without it, capitals are synthesized. */
  readonly faceFeatures?: FaceFeatures;
}

interface BuildState {
  readonly options: BuildOptions;
  readonly counters: CounterScopes;
  quoteDepth: number;
  /** Whether the last text emitted in the current inline formatting context ended in collapsible space. */
  afterSpace: boolean;
  /** For text-transform: capitalize, whether the next letter starts a word. */
  wordStart: boolean;
  /**
   * Characters on the current line of the inline formatting context so far: preserved tabs stop at
   * multiples of tab-size counted from the line's start, across inline elements (a tab after a
   * `<span>` of highlighted code), as in Chromium.
   */
  column: number;
  /** How many `math` elements the element being built is inside (MathML text rules: boxes/mathml.ts). */
  mathDepth: number;
}

const DEFAULT_MAX_DEPTH = 512;

/** Builds the box tree of a document; the root box is the `html` element's block. */
export function buildBoxTree(document: Document, options: BuildOptions): BlockBox {
  const root = document.children.find((n): n is Element => n.type === 'tag');
  const state: BuildState = { options, counters: new CounterScopes(options.counterStyles), quoteDepth: 0, afterSpace: true, wordStart: true, column: 0, mathDepth: 0 };
  const rootStyle = root ? options.styles.computeStyle(root, null) : null;
  if (!root || !rootStyle) {
    throw new Error('The document has no root element');
  }
  const style = rootStyle.display === 'none' ? options.styles.anonymousStyle(rootStyle, 'block') : rootStyle;
  state.counters.enterElement();
  state.counters.apply(style);
  const children = buildChildren(root, style, state, [], 0);
  state.counters.leaveElement();
  const tree = makeBlock(style, root, null, children, 'block', true, state);
  exactBoxArrays(tree);
  return tree;
}

function buildChildren(parent: Element, style: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number): Box[] {
  const boxes: Box[] = [];
  const maxDepth = state.options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (depth > maxDepth) return boxes;
  const before = buildPseudo(parent, style, 'before', state, decorations);
  if (before) boxes.push(before);
  let tableRun: StyledElement[] = [];
  const flushTable = (): void => {
    if (tableRun.length === 0) return;
    const tableStyle = state.options.styles.anonymousStyle(style, 'table');
    boxes.push(buildTableFrom(null, tableRun, tableStyle, state, decorations, depth + 1, 'block'));
    tableRun = [];
  };
  const nodes = childNodesOf(parent);
  for (const [index, child] of nodes.entries()) {
    if (state.mathDepth > 0 && child.type === 'text') {
      const shown = mathText(parent, child.data, index === 0, index === nodes.length - 1);
      if (shown !== null) boxes.push(...buildText(shown, style, state, decorations));
      continue;
    }
    if (isElement(child) && !TABLE_LIKE.has(style.display)) {
      const childStyle = state.options.styles.computeStyle(child, style);
      if (childStyle && TABLE_PARTS.has(childStyle.display)) {
        tableRun.push({ element: child, style: childStyle });
        continue;
      }
      // An element that generates no box (display: none) does not end a run of table parts.
      if (tableRun.length > 0 && (!childStyle || childStyle.display === 'none')) continue;
    } else if (child.type === 'text' && tableRun.length > 0 && onlyWhiteSpace(child.data)) {
      continue;
    } else if (tableRun.length > 0 && child.type !== 'text' && !isElement(child)) {
      // Nor does a comment.
      continue;
    }
    flushTable();
    boxes.push(...buildNode(child, style, state, decorations, depth + 1));
  }
  flushTable();
  // A closed <details> keeps its content box (Chromium's ::details-content, content-visibility:
  // hidden): empty, a formatting context of its own, so the summary's bottom margin does not
  // collapse through to the details' bottom margin.
  if (parent.name === 'details' && parent.attribs.open === undefined && style.display === 'block') {
    boxes.push(makeBlock(state.options.styles.anonymousStyle(style, 'block'), null, null, [], 'block', true, state));
  }
  const after = buildPseudo(parent, style, 'after', state, decorations);
  if (after) boxes.push(after);
  return boxes;
}

/** An element node (domhandler gives <script> and <style> types of their own). */
function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** Parents whose table-part children are already handled by the table builder. */
const TABLE_LIKE: ReadonlySet<Display> = new Set<Display>(['table', 'inline-table', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-row']);

function childNodesOf(element: Element): ChildNode[] {
  // <template> content is inert.
  if (element.name === 'template') return [];
  // A closed <details> shows its summary only: its other elements are display: none (ua.ts), and
  // text directly inside it goes too.
  if (element.name === 'details' && element.attribs.open === undefined) return element.children.filter((child) => child.type === 'tag');
  return element.children;
}

function buildNode(node: ChildNode, parentStyle: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number): Box[] {
  if (node.type === 'text') {
    return buildText(node.data, parentStyle, state, decorations);
  }
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return [];
  const element = node as Element;
  const computed = state.options.styles.computeStyle(element, parentStyle);
  if (!computed || computed.display === 'none') return [];
  const math = element.name === 'math';
  const style = state.mathDepth > 0 && element.name === 'mo' ? withOperatorSpacing(element, computed) : computed;
  if (math) state.mathDepth++;
  state.counters.enterElement();
  // White space collapses across floats and absolutely positioned boxes as if they were not there.
  const afterSpace = state.afterSpace;
  try {
    applyCounters(element, style, state);
    const boxes = buildElement(element, style, state, decorations, depth);
    if (style.display !== 'contents' && (style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed')) state.afterSpace = afterSpace;
    if (style.running === null && style.stringSet.length === 0) return boxes;
    return pagedMediaBoxes(boxes, element, style, (display) => state.options.styles.anonymousStyle(parentStyle, display), state.counters);
  } finally {
    state.counters.leaveElement();
    if (math) state.mathDepth--;
  }
}

function applyCounters(element: Element, style: ComputedStyle, state: BuildState): void {
  const counters = state.counters;
  const name = element.name;
  if ((name === 'ol' || name === 'ul' || name === 'menu') && !style.counterReset.some((c) => c.name === 'list-item')) {
    counters.reset('list-item', listStart(element) - listStep(element));
  }
  counters.apply(style);
  if (style.display === 'list-item' && !style.counterIncrement.some((c) => c.name === 'list-item')) {
    const value = element.attribs.value;
    const parent = element.parent as Element | null;
    if (name === 'li' && value !== undefined && /^-?\d+$/.test(value.trim())) {
      counters.set('list-item', Number(value.trim()));
    } else {
      counters.increment('list-item', parent && parent.type === 'tag' ? listStep(parent) : 1);
    }
  }
  const targets = state.options.targets;
  if (targets?.recording && element.attribs.id !== undefined && targets.isTarget(element)) targets.recordCounters(element, counters.snapshot());
}

function listStep(list: Element): number {
  return list.name === 'ol' && list.attribs.reversed !== undefined ? -1 : 1;
}

function listStart(list: Element): number {
  const start = list.attribs.start;
  if (list.name === 'ol' && start !== undefined && /^-?\d+$/.test(start.trim())) return Number(start.trim());
  if (list.name === 'ol' && list.attribs.reversed !== undefined) {
    return list.children.filter((c) => c.type === 'tag' && (c as Element).name === 'li').length;
  }
  return 1;
}

function ownDecorations(style: ComputedStyle, inherited: readonly TextDecoration[]): readonly TextDecoration[] {
  const { underline, overline, lineThrough } = style.textDecorationLine;
  if (!underline && !overline && !lineThrough) return inherited;
  const out = [...inherited];
  const color = style.textDecorationColor;
  const shared = { color, style: style.textDecorationStyle, thickness: style.textDecorationThickness, underlineOffset: style.textUnderlineOffset };
  if (underline) out.push({ line: 'underline', ...shared });
  if (overline) out.push({ line: 'overline', ...shared });
  if (lineThrough) out.push({ line: 'line-through', ...shared });
  return out;
}

function buildElement(element: Element, style: ComputedStyle, state: BuildState, inherited: readonly TextDecoration[], depth: number): Box[] {
  const decorations = ownDecorations(style, inherited);
  const display = style.display;
  const level = display === 'inline' || display.startsWith('inline-') ? 'inline' : 'block';

  if (isFormControl(element)) {
    const control = buildFormControl(element, style, level, controlContext(element, state, depth));
    if (control) {
      state.afterSpace = level === 'block';
      return control;
    }
  }
  if (element.name === 'img' || element.name === 'input' && element.attribs.type === 'image') {
    const image = state.options.images.get(element.attribs.src ?? '');
    if (image) {
      // Text after a block-level image (a flex item's, blockified) starts a line of its own.
      state.afterSpace = level === 'block';
      return [replaced(style, element, image, level === 'inline' && display !== 'inline-block' ? 'inline' : level)];
    }
    // Not loaded or not decoded: Chromium's fallback content (icon, alt text, sized box).
    const fallback = brokenImageBoxes(element, style, {
      quirks: inQuirksMode(element),
      anonymousStyle: (parent, boxDisplay) => state.options.styles.anonymousStyle(parent, boxDisplay),
      text: (text, textStyle) => buildText(text, textStyle, state, decorations),
      block: (blockStyle, owner, children, blockLevel) => makeBlock(blockStyle, owner, null, children, blockLevel, true, state),
    });
    if (fallback.length > 0) state.afterSpace = false;
    return fallback;
  }
  if (isInlineSvg(element)) {
    state.afterSpace = false;
    const styles = state.options.styles;
    const rules = styles.svgStyle === undefined ? undefined : (inner: Element) => styles.svgStyle!(inner, style.customProperties);
    return [replaced(style, element, inlineSvgImage(element, style, rules), level)];
  }
  if (EMBEDDING_ELEMENTS.has(element.name)) {
    const embedded = embeddedContent(element, state.options.images, state.options.embeddedDocuments);
    if (embedded === 'nothing') return [];
    if (embedded !== 'fallback') {
      state.afterSpace = false;
      return [replaced(style, element, embedded, level)];
    }
  }
  if (element.name === 'canvas') {
    state.afterSpace = false;
    return [replaced(style, element, canvasImage(element), level)];
  }
  if (element.name === 'br') {
    state.afterSpace = true;
    state.column = 0;
    return [{ kind: 'line-break', style, element, pseudo: null, anonymous: false }];
  }
  if (display === 'contents') {
    return buildChildren(element, style, state, inherited, depth);
  }
  if (display === 'table' || display === 'inline-table') {
    const table = buildTable(element, style, state, decorations, depth, level);
    state.afterSpace = level === 'block';
    return [table];
  }
  if (display === 'flex' || display === 'inline-flex' || display === 'grid' || display === 'inline-grid') {
    state.afterSpace = true;
    const built = buildChildren(element, style, state, decorations, depth);
    // Running elements' placeholders make no flex or grid item: they go before a block-level container.
    const anchors = level === 'block' ? built.filter((child) => child.running) : [];
    const items = flexItems(built.filter((child) => !anchors.includes(child)), style, state);
    state.afterSpace = level === 'block';
    const kind = display.endsWith('flex') ? 'flex' : 'grid';
    return [...anchors, { kind, level, style, element, pseudo: null, anonymous: false, children: items }];
  }
  if (display === 'inline') {
    const children = buildChildren(element, style, state, decorations, depth);
    if (children.some(isInFlowBlock)) {
      // A running element moves as one box: it becomes a block holding its content.
      if (style.running !== null) return [makeBlock(style, element, null, children, 'block', false, state)];
      return splitAroundBlocks(style, element, children, state);
    }
    if (element.name === 'a' && element.attribs.href !== undefined) markLinkedFloats(element, children);
    const inline: InlineBox = { kind: 'inline', style, element, pseudo: null, anonymous: false, children };
    if (element.name === 'ruby') return [rubyBox(inline, (parent, boxDisplay) => state.options.styles.anonymousStyle(parent, boxDisplay))];
    return [inline];
  }
  // Block containers: block, list-item, flow-root, inline-block, table parts outside tables.
  // Their text starts a paragraph: white space collapses and a word starts at their beginning.
  state.afterSpace = true;
  state.wordStart = true;
  const marker = display === 'list-item' ? buildMarker(element, style, state) : null;
  // Its lines are its own: an inline-block's tabs count from its start, and what follows it goes on where its line was.
  const outerColumn = state.column;
  state.column = 0;
  // Decorations do not propagate into atomic inlines (CSS Text Decoration 3 §2.1).
  const children = buildChildren(element, style, state, level === 'inline' ? ownDecorations(style, []) : decorations, depth);
  state.column = level === 'block' ? 0 : outerColumn;
  let outsideMarker: BlockBox['marker'] = null;
  if (marker) {
    if (style.listStylePosition === 'inside') children.unshift(insideMarker(marker));
    else outsideMarker = marker;
  }
  state.afterSpace = level === 'block' ? true : false;
  state.wordStart = level === 'block' ? true : false;
  withFirstLetter(children, element, style, decorations, state);
  const block = withFirstLine(withRubyRoom(makeBlock(style, element, null, children, level, establishesContext(style, level, element), state)), element, state);
  return [outsideMarker ? { ...block, marker: outsideMarker } : block];
}

/**
 * Block-in-inline (CSS 2.1 §9.2.1.1): the inline is split around its block-level children,
 * whose parent then wraps the inline parts, with their inline siblings, in anonymous blocks.
 * Only the first part keeps the inline's start edge (margin, border, padding), only the last
 * its end edge. A link's block-level children are wrapped in an anonymous block carrying the
 * link's element, so that they stay part of the link.
 */
function splitAroundBlocks(style: ComputedStyle, element: Element, children: readonly Box[], state: BuildState): Box[] {
  const runs: Box[][] = [[]];
  const blocks: Box[][] = [];
  for (const child of children) {
    if (isInFlowBlock(child)) {
      if (blocks.length < runs.length) blocks.push([]);
      blocks[blocks.length - 1].push(child);
    } else {
      if (blocks.length === runs.length) runs.push([]);
      runs[runs.length - 1].push(child);
    }
  }
  if (runs.length === blocks.length) runs.push([]);
  const link = element.name === 'a' && element.attribs.href !== undefined;
  const out: Box[] = [];
  runs.forEach((run, i) => {
    const first = i === 0;
    const last = i === runs.length - 1;
    out.push({ kind: 'inline', style: first && last ? style : slicedStyle(style, first, last), element, pseudo: null, anonymous: false, children: run });
    if (last) return;
    if (!link) out.push(...blocks[i]);
    else out.push(makeBlock(state.options.styles.anonymousStyle(style, 'block'), element, null, blocks[i], 'block', false, state));
  });
  return out;
}

/** An inline part's style without the edges the split cut off (start unless `first`, end unless `last`). */
function slicedStyle(style: ComputedStyle, first: boolean, last: boolean): ComputedStyle {
  const ltr = style.direction !== 'rtl';
  const cutLeft = ltr ? !first : !last;
  const cutRight = ltr ? !last : !first;
  return {
    ...style,
    ...(cutLeft ? { marginLeft: 0, paddingLeft: 0, borderLeft: { ...style.borderLeft, width: 0 } } : {}),
    ...(cutRight ? { marginRight: 0, paddingRight: 0, borderRight: { ...style.borderRight, width: 0 } } : {}),
  };
}

/**
 * Whether a block container is an independent formatting context. A fieldset is, whatever its
 * style: Blink lays out its content in an anonymous box that is one, so its children's margins
 * stay inside it.
 */
function establishesContext(style: ComputedStyle, level: 'block' | 'inline', element: Element): boolean {
  return level === 'inline' || element.name === 'fieldset' || style.display === 'flow-root' || style.overflow !== 'visible'
    || style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed'
    || style.display === 'table-cell' || style.display === 'table-caption' || containsLayout(style.contain)
    // A block container aligning its content (align-content other than normal) is an independent formatting context.
    || (style.alignContent !== 'normal' && style.alignContent !== '');
}

/** What the form control builder borrows from this one. */
function controlContext(element: Element, state: BuildState, depth: number): ControlContext {
  const own = (style: ComputedStyle) => ownDecorations(style, []);
  return {
    fonts: state.options.controlFonts,
    anonymousStyle: (parent, display) => state.options.styles.anonymousStyle(parent, display),
    partStyle: (owner, style, part) => state.options.styles.computeStyle(owner, style, part) ?? state.options.styles.anonymousStyle(style, 'block'),
    elementStyle: (descendant, parent) => state.options.styles.computeStyle(descendant, parent) ?? state.options.styles.anonymousStyle(parent, 'block'),
    text: (text, style) => buildText(text, style, state, own(style)),
    children: (style) => buildChildren(element, style, state, own(style), depth),
    block: (style, owner, children, level) => makeBlock(style, owner, null, children, level, true, state),
    container: (style, children, kind) => ({
      kind, level: 'block', style, element: null, pseudo: null, anonymous: true, children: children.flatMap((child) => blockifyItem(child, style, state)),
    }),
  };
}

function replaced(style: ComputedStyle, element: Element | null, image: ImageResource, level: 'block' | 'inline'): ReplacedBox {
  return { kind: 'replaced', level, style, element, pseudo: null, anonymous: false, image };
}

/**
 * A block container whose children are all block-level or all inline-level. Floats and absolutely
 * positioned boxes go with the inline content around them (as in Blink), unless there is none.
 */
function makeBlock(
  style: ComputedStyle, element: Element | null, pseudo: BlockBox['pseudo'], children: Box[],
  level: 'block' | 'inline', newFormattingContext: boolean, state: BuildState,
): BlockBox {
  const hasInline = children.some((c) => !isBlockLevel(c));
  const hasBlock = children.some(isInFlowBlock) || children.some(isBlockLevel) && children.every((c) => isBlockLevel(c) || isCollapsibleWhitespace(c));
  if (!hasBlock) {
    return { kind: 'block', level, style, element, pseudo, anonymous: false, children, inlineContent: hasInline, marker: null, newFormattingContext };
  }
  const wrapped: Box[] = [];
  let run: Box[] = [];
  const flush = (): void => {
    // Floats starting a run of inline content stay in its lines, as in Chromium: they go to the
    // next page with the line they start on (decision 0414).
    // A run of only white space and out-of-flow boxes leaves the boxes among the blocks.
    if (run.every((c) => isOutOfFlowBox(c) || isCollapsibleWhitespace(c))) wrapped.push(...run.filter(isOutOfFlowBox));
    else if (run.length > 0) {
      const anonymousStyle = state.options.styles.anonymousStyle(style, 'block');
      // Running elements alone between blocks leave block-level placeholders, not an empty line.
      const placeholders = onlyPlaceholders(run, isCollapsibleWhitespace, anonymousStyle);
      if (placeholders) wrapped.push(...placeholders);
      else wrapped.push({
        kind: 'block', level: 'block', style: anonymousStyle, element: null, pseudo: null, anonymous: true,
        children: run, inlineContent: true, marker: null, newFormattingContext: false,
      });
    }
    run = [];
  };
  for (const child of children) {
    if (isInFlowBlock(child)) {
      flush();
      wrapped.push(child);
    } else {
      run.push(child);
    }
  }
  flush();
  return { kind: 'block', level, style, element, pseudo, anonymous: false, children: wrapped, inlineContent: false, marker: null, newFormattingContext };
}

function isCollapsibleWhitespace(box: Box): boolean {
  if (box.kind === 'text') {
    const ws = box.style.whiteSpace;
    return (ws === 'normal' || ws === 'nowrap' || ws === 'pre-line') && onlyWhiteSpace(box.text) && !box.leader;
  }
  if (box.kind === 'inline') return box.children.every(isCollapsibleWhitespace) && !hasInlineEdges(box) && !box.running;
  return false;
}

function hasInlineEdges(box: InlineBox): boolean {
  const s = box.style;
  return s.borderLeft.width > 0 || s.borderRight.width > 0 || s.backgroundColor.a > 0;
}

/** Flex and grid items are blockified; runs of text become anonymous blocks. */
/**
 * A flex or grid container's items: each child box blockified, and each run of text (with the
 * `<br>`s in it, which Chromium keeps in the text) in one anonymous item (CSS Flexbox 1 §4).
 */
function flexItems(children: readonly Box[], parentStyle: ComputedStyle, state: BuildState): Box[] {
  const items: Box[] = [];
  let run: Box[] = [];
  const flush = (): void => {
    while (run.length > 0 && isCollapsibleWhitespace(run[run.length - 1])) run.pop();
    if (run.length > 0) items.push(...(run.length === 1 ? blockifyItem(run[0], parentStyle, state) : [anonymousItem(run, parentStyle, state)]));
    run = [];
  };
  for (const child of children) {
    if (child.kind === 'text' || child.kind === 'line-break') {
      if (run.length > 0 || !isCollapsibleWhitespace(child)) run.push(child);
      continue;
    }
    flush();
    items.push(...blockifyItem(child, parentStyle, state));
  }
  flush();
  return items;
}

function anonymousItem(children: Box[], parentStyle: ComputedStyle, state: BuildState): BlockBox {
  const style = state.options.styles.anonymousStyle(parentStyle, 'block');
  return { kind: 'block', level: 'block', style, element: null, pseudo: null, anonymous: true, children, inlineContent: true, marker: null, newFormattingContext: true };
}

function blockifyItem(child: Box, parentStyle: ComputedStyle, state: BuildState): Box[] {
  if (isBlockLevel(child)) return [child];
  if (isCollapsibleWhitespace(child)) return [];
  switch (child.kind) {
    case 'block':
    case 'table':
    case 'flex':
    case 'grid':
    case 'replaced':
      return [{ ...child, level: 'block' }];
    default:
      return [anonymousItem([child], parentStyle, state)];
  }
}

// ---- text and white space ----

/** White space that collapses to something else: a tab, a line break, or two or more spaces in a row. */
const COLLAPSIBLE = /[\t\n\r\f]| {2}/;

function buildText(raw: string, style: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[]): Box[] {
  const ws = style.whiteSpace;
  const preserveSpaces = ws === 'pre' || ws === 'pre-wrap' || ws === 'break-spaces';
  const preserveNewlines = preserveSpaces || ws === 'pre-line';
  const boxes: Box[] = [];
  const lines = preserveNewlines ? raw.replace(/\r\n?/g, '\n').split('\n') : [raw];
  lines.forEach((line, index) => {
    if (index > 0) {
      boxes.push({ kind: 'line-break', style, element: null, pseudo: null, anonymous: true });
      state.afterSpace = true;
      state.column = 0;
    }
    let text: string;
    if (preserveSpaces) {
      text = expandTabs(line, style.tabSize, state.column);
      if (text.length > 0) state.afterSpace = false;
    } else {
      // (Most text has nothing to collapse: it is kept as it is, not copied.)
      text = COLLAPSIBLE.test(line) ? line.replace(/[ \t\n\r\f]+/g, ' ') : line;
      // pre-line: spaces next to a kept newline go too.
      if (preserveNewlines && index < lines.length - 1) text = text.replace(/ $/, '');
      if (preserveNewlines && index > 0) text = text.replace(/^ /, '');
      if (state.afterSpace && text.startsWith(' ')) text = text.slice(1);
      if (text.length > 0) state.afterSpace = text.endsWith(' ');
    }
    state.column += text.length;
    if (text.length === 0) return;
    const shown = transform(text, style, state);
    // Whether the next letter starts a word follows the text as it runs, whatever each piece's transform.
    if (style.textTransform !== 'capitalize') state.wordStart = !WORD_END.test(text);
    if (style.fontVariantCaps !== 'normal') boxes.push(...smallCapsBoxes(shown, style, decorations, state.options.faceFeatures));
    else boxes.push({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text: shown, decorations });
  });
  return boxes;
}

/** Text ending inside a word: a letter, a digit or an apostrophe last. */
const WORD_END = /[\p{L}\p{N}'\u2019]$/u;

/** Tabs as the spaces to their stops, `column` characters into the line. */
function expandTabs(text: string, tabSize: number, column: number): string {
  if (!text.includes('\t')) return text;
  let out = '';
  for (const ch of text) {
    if (ch === '\t') out += tabSize > 0 ? ' '.repeat(tabSize - ((column + out.length) % tabSize)) : '';
    else out += ch;
  }
  return out;
}

function transform(text: string, style: ComputedStyle, state: BuildState): string {
  switch (style.textTransform) {
    case 'uppercase': return text.toUpperCase();
    case 'lowercase': return text.toLowerCase();
    case 'capitalize': {
      let out = '';
      for (const ch of text) {
        const letter = /\p{L}|\p{N}/u.test(ch);
        out += letter && state.wordStart ? ch.toUpperCase() : ch;
        state.wordStart = !letter && !/['\u2019]/.test(ch);
      }
      return out;
    }
    default: return text;
  }
}

// ---- generated content ----

/** The block with its ::first-line boxes, when a rule styles its first line and its content allows it. */
function withFirstLine(block: BlockBox, element: Element, state: BuildState): BlockBox {
  if (!block.inlineContent) return block;
  const styles = state.options.styles;
  const lineStyle = styles.computeStyle(element, block.style, 'first-line');
  if (lineStyle === null) return block;
  const boxes = firstLineBoxes(block.children, block.style, lineStyle, (el, parent, pseudo) => styles.computeStyle(el, parent, pseudo), (text, s) => transform(text, s, state));
  return boxes === null ? block : { ...block, firstLine: boxes };
}

/** Splits the element's ::first-letter, when a rule styles one, out of its children. */
function withFirstLetter(children: Box[], element: Element, style: ComputedStyle, decorations: readonly TextDecoration[], state: BuildState): void {
  const styles = state.options.styles;
  if (styles.computeStyle(element, style, 'first-letter') === null) return;
  splitFirstLetter(children, (text) => {
    // As in Chromium, it inherits from the element whose text it takes (an <em> in the paragraph).
    const ls = styles.computeStyle(element, text.style, 'first-letter')!;
    const shown = ls.textTransform === 'none' ? text.text : transform(text.text, ls, state);
    const letter: TextBox = { ...text, style: ls, text: shown, decorations: ownDecorations(ls, text.decorations) };
    if (ls.float !== 'none') return makeBlock(ls, element, 'first-letter', [letter], 'block', true, state);
    return { kind: 'inline', style: ls, element, pseudo: 'first-letter', anonymous: false, children: [letter] };
  });
}

function buildPseudo(element: Element, parentStyle: ComputedStyle, pseudo: 'before' | 'after', state: BuildState, decorations: readonly TextDecoration[]): Box | null {
  const style = state.options.styles.computeStyle(element, parentStyle, pseudo);
  if (!style || style.display === 'none' || !Array.isArray(style.content)) return null;
  state.counters.apply(style);
  const afterSpace = state.afterSpace;
  const children = contentBoxes(style.content as readonly ContentItem[], element, style, state, ownDecorations(style, decorations));
  // White space collapses across a floated or absolutely positioned ::before as across such an element.
  if (style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed') state.afterSpace = afterSpace;
  const targets = state.options.targets;
  if (targets?.recording && element.attribs.id !== undefined && targets.isTarget(element)) {
    targets.recordPseudo(element, pseudo, children.map((c) => (c.kind === 'text' ? c.text : '')).join(''));
  }
  const level = style.display === 'inline' || style.display.startsWith('inline-') ? 'inline' : 'block';
  if (level === 'inline' && style.display === 'inline') {
    return { kind: 'inline', style, element, pseudo, anonymous: false, children };
  }
  if (style.display === 'table' || style.display === 'inline-table') {
    // Its content (even an empty string) in an anonymous row and cell, which border-spacing surrounds.
    const styles = state.options.styles;
    const cell = anonymousCell(children, style, state);
    const row: TableRowBox = { kind: 'table-row', style: styles.anonymousStyle(style, 'table-row'), element: null, pseudo: null, anonymous: true, cells: [cell] };
    const group: TableRowGroupBox = { kind: 'table-row-group', role: 'body', style: styles.anonymousStyle(style, 'table-row-group'), element: null, pseudo: null, anonymous: true, rows: [row] };
    return { kind: 'table', level, style, element, pseudo, anonymous: false, captions: [], columns: [], rowGroups: [group] };
  }
  const block = makeBlock(style, element, pseudo, children, level, level === 'inline', state);
  return block;
}

function contentBoxes(items: readonly ContentItem[], element: Element, style: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[]): Box[] {
  const boxes: Box[] = [];
  let text = '';
  const flushText = (): void => {
    if (text) boxes.push(...buildText(text, style, state, decorations));
    text = '';
  };
  for (const item of items) {
    switch (item.type) {
      case 'string': text += item.value; break;
      case 'attr': text += element.attribs[item.name] ?? ''; break;
      case 'counter':
        if (item.name === 'page' || item.name === 'pages') {
          // Its own text box: in a running element, the margin box showing it fills in the page (GCPM 3).
          flushText();
          const value = state.counters.text(item.name, item.style);
          boxes.push({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text: value, decorations, pageCounter: { name: item.name, style: item.style } });
          state.afterSpace = false;
          break;
        }
        text += state.counters.text(item.name, item.style);
        break;
      case 'counters': text += state.counters.texts(item.name, item.style, item.separator); break;
      case 'open-quote': text += quote(style, state.quoteDepth, 0); state.quoteDepth += 1; break;
      case 'close-quote': state.quoteDepth = Math.max(0, state.quoteDepth - 1); text += quote(style, state.quoteDepth, 1); break;
      case 'no-open-quote': state.quoteDepth += 1; break;
      case 'no-close-quote': state.quoteDepth = Math.max(0, state.quoteDepth - 1); break;
      case 'url': {
        const image = state.options.images.get(item.url);
        if (image) {
          flushText();
          boxes.push(replaced(state.options.styles.anonymousStyle(style, 'inline'), null, image, 'inline'));
        }
        break;
      }
      case 'leader':
        flushText();
        boxes.push({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text: item.value, decorations, leader: true });
        state.afterSpace = false;
        break;
      default:
        if (isTargetItem(item) && state.options.targets) text += state.options.targets.resolve(item, element);
        // element() and string() belong to the margin boxes.
        break;
    }
  }
  flushText();
  return boxes;
}

const DEFAULT_QUOTES: readonly (readonly [string, string])[] = [['“', '”'], ['‘', '’']];

function quote(style: ComputedStyle, depth: number, side: 0 | 1): string {
  const quotes = style.quotes === 'auto' ? DEFAULT_QUOTES : style.quotes === 'none' ? [] : style.quotes;
  if (quotes.length === 0) return '';
  return quotes[Math.min(depth, quotes.length - 1)][side];
}

/** The gap between a `list-style-image` marker and the item's text, px (Blink's kCMarkerPaddingPx). */
const IMAGE_MARKER_GAP = 7;

function buildMarker(element: Element, style: ComputedStyle, state: BuildState): InlineBox | ReplacedBox | null {
  const markerStyle = state.options.styles.computeStyle(element, style, 'marker') ?? state.options.styles.anonymousStyle(style, 'inline');
  if (Array.isArray(markerStyle.content)) {
    const children = contentBoxes(markerStyle.content as readonly ContentItem[], element, markerStyle, state, []);
    return { kind: 'inline', style: markerStyle, element, pseudo: 'marker', anonymous: false, children };
  }
  if (style.listStyleImage) {
    const image = state.options.images.get(style.listStyleImage);
    // Blink sets an image marker 7px apart from the item's text (kCMarkerPaddingPx), inside or outside.
    if (image) return { ...replaced({ ...markerStyle, marginRight: IMAGE_MARKER_GAP }, element, image, 'inline'), pseudo: 'marker' };
  }
  const text = state.counters.styles.marker(state.counters.value('list-item'), style.listStyleType);
  if (!text) return null;
  return {
    kind: 'inline', style: markerStyle, element, pseudo: 'marker', anonymous: false,
    children: [{ kind: 'text', style: markerStyle, element: null, pseudo: null, anonymous: true, text, decorations: [] }],
  };
}

// ---- tables: the structure engine part 2 lays out ----

interface StyledElement {
  readonly element: Element;
  readonly style: ComputedStyle;
}

/** A child of a table: a table part with its style, or anything else (text, a block), which goes in an anonymous cell. */
type TableChild = StyledElement | { readonly element: null; readonly node: ChildNode };

function buildTable(element: Element, style: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number, level: 'block' | 'inline'): TableBox {
  const parts: TableChild[] = [];
  for (const child of childNodesOf(element)) {
    if (child.type === 'text') {
      parts.push({ element: null, node: child });
      continue;
    }
    if (child.type !== 'tag') continue;
    const childStyle = state.options.styles.computeStyle(child, style);
    if (!childStyle || childStyle.display === 'none') continue;
    parts.push(TABLE_PARTS.has(childStyle.display) ? { element: child, style: childStyle } : { element: null, node: child });
  }
  return buildTableFrom(element, parts, style, state, decorations, depth, level);
}

const TABLE_PARTS: ReadonlySet<Display> = new Set<Display>([
  'table-row-group', 'table-header-group', 'table-footer-group', 'table-row', 'table-cell', 'table-caption', 'table-column-group', 'table-column',
]);

/** Table parts whose parent is not a table get an anonymous table around each run of them (CSS 2.1 §17.2.1). */
function buildTableFrom(
  element: Element | null, parts: readonly TableChild[], style: ComputedStyle, state: BuildState,
  decorations: readonly TextDecoration[], depth: number, level: 'block' | 'inline',
): TableBox {
  const captions: BlockBox[] = [];
  const columns: TableColumnBox[] = [];
  const rowGroups: TableRowGroupBox[] = [];
  let looseRows: TableRowBox[] = [];
  const flushRows = (): void => {
    if (looseRows.length === 0) return;
    rowGroups.push({ kind: 'table-row-group', role: 'body', style: state.options.styles.anonymousStyle(style, 'table-row-group'), element: null, pseudo: null, anonymous: true, rows: looseRows });
    looseRows = [];
  };
  let looseCells: TableCellBox[] = [];
  const flushCells = (): void => {
    if (looseCells.length === 0) return;
    looseRows.push({ kind: 'table-row', style: state.options.styles.anonymousStyle(style, 'table-row'), element: null, pseudo: null, anonymous: true, cells: looseCells });
    looseCells = [];
  };
  state.afterSpace = true;
  // A table's ::before and ::after are its first and last children: each in an anonymous cell of
  // an anonymous row (CSS 2.1 §17.2.1), as Chromium lays out the clearfix `table::after`.
  const before = element ? buildPseudo(element, style, 'before', state, decorations) : null;
  if (before) looseCells.push(anonymousCell([before], style, state));
  // Consecutive children that are not table parts go in one anonymous cell (CSS 2.1 §17.2.1);
  // white space alone between table parts makes none.
  let loose: ChildNode[] = [];
  const flushLoose = (): void => {
    if (loose.some((node) => node.type !== 'text' || !onlyWhiteSpace(node.data))) looseCells.push(anonymousCellAround(loose, style, state, decorations, depth));
    loose = [];
  };
  for (const part of parts) {
    if (part.element === null) {
      loose.push(part.node);
      continue;
    }
    flushLoose();
    const { element: child, style: childStyle } = part;
    state.counters.enterElement();
    applyCounters(child, childStyle, state);
    switch (childStyle.display) {
      case 'table-caption':
        flushCells();
        captions.push(makeBlock(childStyle, child, null, buildChildren(child, childStyle, state, decorations, depth + 1), 'block', true, state));
        break;
      case 'table-column-group':
      case 'table-column':
        columns.push(...buildColumns(child, childStyle, state));
        break;
      case 'table-row-group':
      case 'table-header-group':
      case 'table-footer-group':
        flushCells();
        flushRows();
        rowGroups.push({
          kind: 'table-row-group', style: childStyle, element: child, pseudo: null, anonymous: false,
          role: childStyle.display === 'table-header-group' ? 'header' : childStyle.display === 'table-footer-group' ? 'footer' : 'body',
          rows: buildRows(child, childStyle, state, decorations, depth + 1),
        });
        break;
      case 'table-row':
        flushCells();
        looseRows.push(buildRow(child, childStyle, state, decorations, depth + 1));
        break;
      default:
        looseCells.push(buildCell(child, childStyle, state, decorations, depth + 1));
    }
    state.counters.leaveElement();
  }
  flushLoose();
  const after = element ? buildPseudo(element, style, 'after', state, decorations) : null;
  if (after) {
    flushCells();
    looseCells.push(anonymousCell([after], style, state));
  }
  flushCells();
  flushRows();
  return { kind: 'table', level, style, element, pseudo: null, anonymous: element === null, captions, columns, rowGroups };
}

/** An anonymous cell of the table styled `tableStyle`, holding `boxes`. */
function anonymousCell(boxes: Box[], tableStyle: ComputedStyle, state: BuildState): TableCellBox {
  const style = state.options.styles.anonymousStyle(tableStyle, 'table-cell');
  return { kind: 'table-cell', style, element: null, pseudo: null, anonymous: true, colspan: 1, rowspan: 1, content: makeBlock(style, null, null, boxes, 'block', true, state) };
}

function buildColumns(element: Element, style: ComputedStyle, state: BuildState): TableColumnBox[] {
  const span = Math.max(1, Math.min(1000, Number(element.attribs.span) || 1));
  if (style.display === 'table-column') return [{ kind: 'table-column', style, element, pseudo: null, anonymous: false, span }];
  const cols: TableColumnBox[] = [];
  for (const child of element.children) {
    if (child.type !== 'tag') continue;
    const childStyle = state.options.styles.computeStyle(child, style);
    if (childStyle && childStyle.display === 'table-column') {
      cols.push({ kind: 'table-column', style: childStyle, element: child, pseudo: null, anonymous: false, span: Math.max(1, Math.min(1000, Number(child.attribs.span) || 1)) });
    }
  }
  return cols.length > 0 ? cols : [{ kind: 'table-column', style, element, pseudo: null, anonymous: false, span }];
}

function buildRows(group: Element, groupStyle: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number): TableRowBox[] {
  const rows: TableRowBox[] = [];
  let loose: TableCellBox[] = [];
  // Consecutive children that are neither rows nor cells (`tr`s made `display: block`) share one
  // anonymous cell of an anonymous row, stacked (CSS 2.1 §17.2.1).
  let blocks: Element[] = [];
  const flushBlocks = (): void => {
    if (blocks.length > 0) loose.push(anonymousCellAround(blocks, groupStyle, state, decorations, depth + 1));
    blocks = [];
  };
  for (const child of group.children) {
    if (child.type !== 'tag') continue;
    const style = state.options.styles.computeStyle(child, groupStyle);
    if (!style || style.display === 'none') continue;
    if (style.display !== 'table-row' && style.display !== 'table-cell') {
      blocks.push(child);
      continue;
    }
    flushBlocks();
    state.counters.enterElement();
    applyCounters(child, style, state);
    if (style.display === 'table-row') {
      if (loose.length) rows.push({ kind: 'table-row', style: state.options.styles.anonymousStyle(groupStyle, 'table-row'), element: null, pseudo: null, anonymous: true, cells: loose });
      loose = [];
      rows.push(buildRow(child, style, state, decorations, depth + 1));
    } else {
      loose.push(buildCell(child, style, state, decorations, depth + 1));
    }
    state.counters.leaveElement();
  }
  flushBlocks();
  if (loose.length) rows.push({ kind: 'table-row', style: state.options.styles.anonymousStyle(groupStyle, 'table-row'), element: null, pseudo: null, anonymous: true, cells: loose });
  return rows;
}

function buildRow(row: Element, rowStyle: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number): TableRowBox {
  const cells: TableCellBox[] = [];
  // Consecutive children that are not cells (a `td` made `display: block`) share an anonymous cell (CSS 2.1 §17.2.1).
  let loose: ChildNode[] = [];
  const flush = (): void => {
    if (loose.length > 0) cells.push(anonymousCellAround(loose, rowStyle, state, decorations, depth + 1));
    loose = [];
  };
  for (const child of row.children) {
    if (child.type === 'text' && !onlyWhiteSpace(child.data)) loose.push(child);
    if (child.type !== 'tag') continue;
    const style = state.options.styles.computeStyle(child, rowStyle);
    if (!style || style.display === 'none') continue;
    if (style.display !== 'table-cell') {
      loose.push(child);
      continue;
    }
    flush();
    state.counters.enterElement();
    applyCounters(child, style, state);
    cells.push(buildCell(child, style, state, decorations, depth + 1));
    state.counters.leaveElement();
  }
  flush();
  return withNamedStrings({ kind: 'table-row', style: rowStyle, element: row, pseudo: null, anonymous: false, cells }, row, rowStyle, state.counters);
}

/** An anonymous table cell around children of a row or row group that are not cells or rows themselves. */
function anonymousCellAround(nodes: readonly ChildNode[], parentStyle: ComputedStyle, state: BuildState, decorations: readonly TextDecoration[], depth: number): TableCellBox {
  state.afterSpace = true;
  const boxes = nodes.flatMap((node) => buildNode(node, parentStyle, state, decorations, depth + 1));
  state.afterSpace = true;
  return anonymousCell(boxes, parentStyle, state);
}

const marginless = new WeakMap<ComputedStyle, ComputedStyle>();

/** A table cell's style for laying its content out: margins do not apply to table cells (CSS 2.1 §17.5). */
function withoutMargins(style: ComputedStyle): ComputedStyle {
  if (style.marginTop === 0 && style.marginRight === 0 && style.marginBottom === 0 && style.marginLeft === 0) return style;
  let bare = marginless.get(style);
  if (bare === undefined) {
    bare = { ...style, marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0 };
    marginless.set(style, bare);
  }
  return bare;
}

function buildCell(cell: Element, style: ComputedStyle, state: BuildState, inherited: readonly TextDecoration[], depth: number): TableCellBox {
  state.afterSpace = true;
  const decorations = ownDecorations(style, inherited);
  const children = buildChildren(cell, style, state, decorations, depth);
  withFirstLetter(children, cell, style, decorations, state);
  const content = withNamedStrings(makeBlock(withoutMargins(style), cell, null, children, 'block', true, state), cell, style, state.counters);
  const attr = (name: string): number => {
    const n = Number(cell.attribs[name]);
    return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 1000) : 1;
  };
  state.afterSpace = true;
  return { kind: 'table-cell', style, element: cell, pseudo: null, anonymous: false, colspan: attr('colspan'), rowspan: attr('rowspan'), content };
}
