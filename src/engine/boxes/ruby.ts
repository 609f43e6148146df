// Ruby (`<ruby>`, `<rb>`, `<rt>`; `<rp>` is not displayed): each base and the annotation after it
// become one column, an inline-block holding the annotation centred over the base (decision 0291).
// The column's baseline is its base's, so the base sits on the line as the text around it; the
// annotation takes no room on the line but over it, as Chromium's does (withRubyRoom); in vertical
// writing the column is turned with the line, so the annotation stands beside the base, on its right.
import type { ComputedStyle, Display } from '../css/types.js';
import type { BlockBox, Box, InlineBox } from './types.js';

export type AnonymousStyle = (parent: ComputedStyle, display: Display) => ComputedStyle;

function isAnnotation(box: Box): box is InlineBox {
  return box.kind === 'inline' && box.element?.name === 'rt';
}

function isBlank(boxes: readonly Box[]): boolean {
  return boxes.every((box) => box.kind === 'text' && box.text.trim() === '');
}

/** A `<ruby>` inline box with its bases and annotations paired into columns. */
export function rubyBox(ruby: InlineBox, anonymousStyle: AnonymousStyle): InlineBox {
  if (!ruby.children.some(isAnnotation)) return ruby;
  const children: Box[] = [];
  let base: Box[] = [];
  for (const child of ruby.children) {
    if (!isAnnotation(child)) {
      base.push(child);
      continue;
    }
    children.push(column(ruby.style, base, child, anonymousStyle));
    base = [];
  }
  if (!isBlank(base)) children.push(...base);
  return { ...ruby, children };
}

function centred(style: ComputedStyle, display: Display): ComputedStyle {
  return { ...style, display, textAlign: 'center', textAlignLast: 'auto', textIndent: 0 };
}

/** Which physical side a box's block-start (where its lines start stacking) is. */
function blockStart(style: ComputedStyle): 'Top' | 'Right' | 'Left' {
  return style.writingMode === 'vertical-rl' ? 'Right' : style.writingMode === 'vertical-lr' ? 'Left' : 'Top';
}

/**
 * The over part of an em box, as Chromium rounds it for ruby: Noto CJK's typographic ascent
 * (0.88em over the baseline) in horizontal lines, half the em either side of the central baseline
 * in vertical ones, rounded up to whole pixels.
 */
function emOver(size: number, vertical: boolean): number {
  return Math.ceil(vertical ? 0.5 * size : 0.88 * size);
}

/** The under part of an em box, rounded up as emOver. */
function emUnder(size: number, vertical: boolean): number {
  return Math.ceil(vertical ? 0.5 * size : 0.12 * size);
}

/**
 * A `line-height: normal` line's height in CJK faces (Noto's ascent 1.16em and descent 0.288em,
 * each rounded as Chromium rounds them), the same in vertical lines, laid out in a turned frame (0290).
 */
function lineHeight(size: number): number {
  return Math.round(1.16 * size) + Math.round(0.288 * size);
}

/** Where a `line-height: normal` line's baseline is under its top: its central baseline, midway, in vertical lines. */
function lineAscent(size: number, vertical: boolean): number {
  return vertical ? lineHeight(size) / 2 : Math.round(1.16 * size);
}

/** What a line height other than `normal` adds over (or takes from) a line's ascent. */
function halfLeading(style: ComputedStyle): number {
  const lh = style.lineHeight;
  if (lh === 'normal') return 0;
  const used = 'px' in lh ? lh.px : lh.factor * style.fontSize;
  return (used - lineHeight(style.fontSize)) / 2;
}

/**
 * How far the annotation's baseline sits over its base's: Chromium stands the annotation's em box
 * (rounded up) on the base's (rounded up).
 */
function annotationRise(size: number, baseSize: number, vertical: boolean): number {
  return emOver(baseSize, vertical) + emUnder(size, vertical);
}

/** How far an annotation of `size` reaches over the top of its base's line. */
function overreach(size: number, baseSize: number, vertical: boolean): number {
  return annotationRise(size, baseSize, vertical) + emOver(size, vertical) - lineAscent(baseSize, vertical);
}

/**
 * The annotation's block (its lines `normal`): taking no room on the line, its top at the top of
 * the base's line, moved up over the base (`ruby-position: over`) or down under it (`under`; left
 * of it in vertical-rl), each em box standing on the other's.
 */
function annotationStyle(style: ComputedStyle, rubyStyle: ComputedStyle): ComputedStyle {
  const size = style.fontSize;
  const baseSize = rubyStyle.fontSize;
  const side = blockStart(style);
  const vertical = side !== 'Top';
  // Where the base's baseline is under the block's top, and where the annotation's is.
  const baseBaseline = lineAscent(baseSize, vertical) + halfLeading(rubyStyle);
  const ownBaseline = lineAscent(size, vertical);
  // How far the block moves towards its block-start: up, or right in vertical-rl, left in vertical-lr.
  const offset = style.rubyPosition === 'under'
    ? ownBaseline - baseBaseline - emUnder(baseSize, vertical) - emOver(size, vertical)
    : ownBaseline - baseBaseline + annotationRise(size, baseSize, vertical);
  const after = side === 'Top' ? 'Bottom' : side === 'Right' ? 'Left' : 'Right';
  return {
    ...centred(style, 'block'), marginTop: 0, marginBottom: 0, marginLeft: 0, marginRight: 0, [`margin${after}`]: -lineHeight(size),
    position: 'relative', top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', [side.toLowerCase()]: -offset,
  };
}

/**
 * A block whose lines hold ruby, with room over its first line for the annotations reaching over
 * it: Chromium counts that reach as a margin, collapsing with the margins before the line.
 */
export function withRubyRoom(block: BlockBox): BlockBox {
  if (!block.inlineContent) return block;
  let reach = 0;
  const visit = (boxes: readonly Box[]): void => {
    for (const box of boxes) {
      const known = box.kind === 'block' ? box.rubyReach : undefined;
      if (known !== undefined) reach = Math.max(reach, known);
      else if (box.kind === 'inline') visit(box.children);
    }
  };
  visit(block.children);
  if (reach <= 0) return block;
  // Measured from a `line-height: normal` line: the leading of another line height moves the line's top.
  reach -= halfLeading(block.style);
  if (reach <= 0) return block;
  const field = `margin${blockStart(block.style)}` as const;
  const margin = block.style[field];
  if (typeof margin !== 'number' || margin >= reach) return block;
  return { ...block, style: { ...block.style, [field]: reach } };
}

function column(rubyStyle: ComputedStyle, base: readonly Box[], annotation: InlineBox, anonymousStyle: AnonymousStyle): BlockBox {
  const over: BlockBox = {
    kind: 'block', level: 'block', style: annotationStyle(annotation.style, rubyStyle), element: annotation.element, pseudo: null, anonymous: false,
    children: annotation.children, inlineContent: true, marker: null, newFormattingContext: false,
  };
  const under: BlockBox = {
    kind: 'block', level: 'block', style: centred(anonymousStyle(rubyStyle, 'block'), 'block'), element: null, pseudo: null, anonymous: true,
    children: isBlank(base) ? [] : [...base], inlineContent: true, marker: null, newFormattingContext: false,
  };
  return {
    // As wide as its widest part, however narrow the line: a column does not wrap inside.
    kind: 'block', level: 'inline', style: { ...centred(anonymousStyle(rubyStyle, 'inline-block'), 'inline-block'), widthKeyword: 'max-content' }, element: null, pseudo: null,
    anonymous: true, children: [over, under], inlineContent: false, marker: null, newFormattingContext: true,
    rubyReach: annotation.style.rubyPosition === 'under' ? 0 : overreach(annotation.style.fontSize, rubyStyle.fontSize, rubyStyle.writingMode !== 'horizontal-tb'),
  };
}
