// An inside disc, circle or square list marker as Blink makes it: the symbol alone (a shape the
// layout sizes from the font, layout/inline.ts), 1px into the start margin and 1em before the text
// (ListMarker::InlineMarginsForInside). A <summary>'s disclosure triangle is such a shape too, 0.4em
// before the text (measured from Chromium's PDF).
import type { ComputedStyle } from '../css/types.js';
import type { InlineBox, ReplacedBox, SymbolKind } from './types.js';

/** The list-style-types drawn as shapes rather than text, inside and outside. */
export const SYMBOLS: ReadonlySet<string> = new Set<SymbolKind>(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed']);

/** The marker styles with Blink's inside margins, one per marker style. */
const insideStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function insideStyle(style: ComputedStyle, disclosure: boolean): ComputedStyle {
  let inside = insideStyles.get(style);
  if (inside === undefined) {
    inside = disclosure ? { ...style, marginLeft: 0, marginRight: style.fontSize * 0.4 } : { ...style, marginLeft: -1, marginRight: style.fontSize };
    insideStyles.set(style, inside);
  }
  return inside;
}

/** `marker` as an inside marker: a symbol marker becomes its symbol; any other is left as it is. */
export function insideMarker(marker: InlineBox | ReplacedBox): InlineBox | ReplacedBox {
  if (marker.kind !== 'inline' || marker.children.length !== 1) return marker;
  const text = marker.children[0];
  const style = marker.style;
  const type = style.listStyleType;
  if (text.kind !== 'text' || Array.isArray(style.content) || typeof type !== 'string' || !SYMBOLS.has(type) || style.fontSize <= 0) return marker;
  const inside = insideStyle(style, type.startsWith('disclosure'));
  return { ...marker, style: inside, children: [{ ...text, style: inside, text: '\u2022', symbol: type as SymbolKind }] };
}
