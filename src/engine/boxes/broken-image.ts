// Boxes for an <img> that could not be loaded or decoded, as Chromium lays out its fallback
// content (html_image_fallback_helper.cc): a 16px broken-image icon floated left and the alt
// text, in an inline-block; with a size and no alt text (or any alt text in quirks mode), that
// size with a thin silver border. See decision 0146.
import type { Element } from 'domhandler';
import type { ComputedStyle, Display, LengthPercentageAuto } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import type { BlockBox, Box, ReplacedBox } from './types.js';

/** What the broken-image builder borrows from the box builder. */
export interface BrokenImageContext {
  /** Whether the document is in quirks mode. */
  readonly quirks: boolean;
  anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle;
  /** Text boxes for `text` in `style` (white space processed, the element's decorations kept). */
  text(text: string, style: ComputedStyle): Box[];
  /** A block container of `children` that establishes a formatting context. */
  block(style: ComputedStyle, element: Element | null, children: Box[], level: 'block' | 'inline'): BlockBox;
}

/** Chromium's broken-image icon, redrawn: a page with a folded corner, sky, cloud and hill, torn. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">
<path d="M0.5 0.5H12L15.5 4V15.5H0.5Z" fill="#c6d8f4" stroke="#a3a3a3"/>
<path d="M12 0.5V4H15.5" fill="#f5f5f5" stroke="#838384"/>
<path d="M3.5 5.5a1.6 1.6 0 0 1 3-0.8a1.3 1.3 0 0 1 1.6 1.3z" fill="#fff"/>
<path d="M1 15V12.5Q6 8 10.5 11.5L15 12V15Z" fill="#58ae39"/>
<path d="M8.5 15.8L15.8 8.8" stroke="#fff" stroke-width="1.4"/>
</svg>`;

/** The icon as an image resource (16 × 16 CSS px, as Chromium draws it). */
export const BROKEN_IMAGE_ICON: ImageResource = {
  format: 'svg',
  bytes: new TextEncoder().encode(ICON_SVG),
  width: 16,
  height: 16,
  url: 'pagesmith:broken-image-icon',
};

/** The icon and its offset from a bordered box's edge: 16px for the image, 2px for border and padding. */
const ICON_SIZE = 16;
const PIXELS_FOR_ICON = ICON_SIZE + 2;

const isAuto = (length: LengthPercentageAuto): boolean => length === 'auto';

/** A fixed length below `min` (percentages are taken as large enough, as in Chromium). */
const smallerThan = (length: LengthPercentageAuto, min: number): boolean => typeof length === 'number' && length < min;

/**
 * The boxes for a broken image `element` with computed `style`: [] when it represents nothing
 * (empty alt text), else one inline-block (or block, after its display) box.
 */
export function brokenImageBoxes(element: Element, style: ComputedStyle, ctx: BrokenImageContext): Box[] {
  const altAttribute = element.attribs.alt;
  // The alt text, else the title (HTMLImageElement::AltText).
  const altText = altAttribute ?? element.attribs.title;
  let { width, height } = style;
  if (ctx.quirks) {
    // Quirks mode gives the missing side the other's length, as for a loaded image without ratio.
    if (!isAuto(width) && isAuto(height)) height = width;
    else if (!isAuto(height) && isAuto(width)) width = height;
  }
  const sized = !isAuto(width) && !isAuto(height);
  const asReplaced = sized && (ctx.quirks || !altAttribute);
  const inline = style.display === 'inline';
  if (!asReplaced) {
    const src = element.attribs.src ?? '';
    const representsNothing = altText === '' || (src === '' && altText === undefined);
    // Nothing shows, but Chromium keeps an empty atomic box: its line is not empty (it has the
    // line's height) and its margins apply.
    if (representsNothing) {
      const empty: ComputedStyle = { ...style, display: inline ? 'inline-block' : style.display, width: 0, height: 0 };
      return [ctx.block(empty, element, [], inline || style.display.startsWith('inline-') ? 'inline' : 'block')];
    }
    if (inline) [width, height] = ['auto', 'auto'];
  }
  const hostDisplay: Display = inline ? 'inline-block' : style.display;
  const level = inline || style.display.startsWith('inline-') ? 'inline' : 'block';
  const host: ComputedStyle = { ...style, display: hostDisplay, width, height };
  if (!asReplaced) return [ctx.block(host, element, [icon(host, ctx), ...ctx.text(altText ?? '', host)], level)];

  const showIcon = !smallerThan(width, PIXELS_FOR_ICON) && !smallerThan(height, PIXELS_FOR_ICON);
  const base = ctx.anonymousStyle(host, 'inline-block');
  const border = { width: 1, style: 'solid' as const, color: { r: 192, g: 192, b: 192, a: 1 } };
  const container: ComputedStyle = {
    ...base, width, height, overflow: 'hidden', verticalAlign: 'baseline',
    ...(showIcon ? {
      borderTop: border, borderRight: border, borderBottom: border, borderLeft: border,
      paddingTop: 1, paddingRight: 1, paddingBottom: 1, paddingLeft: 1, boxSizing: 'border-box' as const,
    } : {}),
  };
  const content = [...(showIcon ? [icon(container, ctx)] : []), ...ctx.text(altText ?? '', container)];
  return [ctx.block(host, element, [ctx.block(container, null, content, 'inline')], level)];
}

/** The icon, floated to the start side of `parent`. */
function icon(parent: ComputedStyle, ctx: BrokenImageContext): ReplacedBox {
  const style: ComputedStyle = {
    ...ctx.anonymousStyle(parent, 'block'),
    float: parent.direction === 'rtl' ? 'right' : 'left',
    width: ICON_SIZE,
    height: ICON_SIZE,
  };
  return { kind: 'replaced', level: 'block', style, element: null, pseudo: null, anonymous: true, image: BROKEN_IMAGE_ICON };
}

/** Whether the document `element` belongs to is in quirks mode (parse5 found no or a legacy doctype). */
export function inQuirksMode(element: Element): boolean {
  let node: { parent: unknown } = element;
  while (node.parent !== null && node.parent !== undefined) node = node.parent as { parent: unknown };
  return (node as { 'x-mode'?: string })['x-mode'] === 'quirks';
}
