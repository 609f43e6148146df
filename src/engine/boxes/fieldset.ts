// A fieldset with a legend, as Chromium lays it out: the legend sits in the top border, which
// is drawn through the legend's middle and broken behind it; the content starts below it.
import type { Element } from 'domhandler';
import type { ComputedStyle, LengthPercentage } from '../css/types.js';
import type { ControlContext } from './form-controls.js';
import { isBlockLevel, type Box } from './types.js';

const px = (length: LengthPercentage): number => (typeof length === 'number' ? length : length.px ?? 0);
const NONE = { underline: false, overline: false, lineThrough: false } as const;

/**
 * The boxes of a fieldset whose first child element is a legend, or null for the ordinary
 * builder (no legend, a floated or positioned fieldset, or no fonts to size the legend with).
 *
 * Built from ordinary boxes: an anonymous block carries the fieldset's margins and, as top
 * padding, the distance from the legend's top to the border; the fieldset box inside it keeps its
 * side and bottom borders, and its first child is a row holding the legend between two pieces
 * of the top border, pulled up so the legend's top is the fieldset's top.
 */
export function buildFieldset(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): Box[] | null {
  const legend = element.children.find((c): c is Element => c.type === 'tag' && (c as Element).name === 'legend');
  const fonts = ctx.fonts;
  if (!legend || !fonts || level !== 'block' || style.float !== 'none' || (style.position !== 'static' && style.position !== 'relative')) return null;
  const border = style.borderTop.width;
  const body: ComputedStyle = {
    ...style, marginTop: 0, marginBottom: 0, paddingTop: 0, borderTop: { ...style.borderTop, width: 0 },
  };
  const children = ctx.children(body);
  const at = children.findIndex((b) => b.element === legend && isBlockLevel(b));
  if (at < 0) return null;
  // Chromium ignores a rendered legend's top margin; its bottom margin stands between it and the content.
  const legendBox: Box = { ...children[at], style: { ...children[at].style, marginTop: 0 } };
  const ls = legendBox.style;
  // The legend's border box: one line of its text (legends are short), its padding and borders; the
  // fieldset's top border runs through its middle.
  const height = fonts.lineHeight(ls) + px(ls.paddingTop) + px(ls.paddingBottom) + ls.borderTop.width + ls.borderBottom.width;
  const drop = Math.max(0, (height - border) / 2);
  const piece = (grow: boolean): Box => {
    const s: ComputedStyle = {
      ...ctx.anonymousStyle(body, 'block'), height: 0, marginTop: drop, borderTop: style.borderTop,
      width: grow ? 'auto' : style.borderLeft.width + px(style.paddingLeft), flexGrow: grow ? 1 : 0, flexShrink: grow ? 1 : 0, minWidth: 0,
      textDecorationLine: NONE,
    };
    return ctx.block(s, null, [], 'block');
  };
  const rowStyle: ComputedStyle = {
    ...ctx.anonymousStyle(body, 'flex'), display: 'flex', flexDirection: 'row', flexWrap: 'nowrap', alignItems: 'flex-start',
    // The fieldset's top padding, as the row's own: it must not collapse with the content's margins.
    marginTop: -drop, paddingBottom: style.paddingTop,
    // Chromium never ends a page with the legend: a fieldset whose content's first line does not fit below it moves on.
    breakAfter: 'avoid',
    marginLeft: -(style.borderLeft.width + px(style.paddingLeft)), marginRight: -(style.borderRight.width + px(style.paddingRight)),
  };
  const row: Box = { kind: 'flex', level: 'block', style: rowStyle, element: null, pseudo: null, anonymous: true, children: [piece(false), { ...legendBox, level: 'block' } as Box, piece(true)] };
  const rest = children.filter((_, i) => i !== at);
  const fieldset = ctx.block(body, element, [row, ...rest], 'block');
  const wrapperStyle: ComputedStyle = {
    ...ctx.anonymousStyle(style, 'block'), marginTop: style.marginTop, marginBottom: style.marginBottom, paddingTop: drop,
    breakBefore: style.breakBefore, breakAfter: style.breakAfter, breakInside: style.breakInside,
  };
  return [ctx.block(wrapperStyle, null, [fieldset], 'block')];
}
