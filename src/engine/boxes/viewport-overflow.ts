// CSS Overflow 3 §3.3: `overflow` on the root element, or on the HTML body when the root's is
// visible, applies to the viewport, and the element it came from is used as `overflow: visible`.
// A printed page does not clip its viewport, so that element clips nothing and, like Chromium,
// neither hides what reaches past the page nor keeps a wide document from being shrunk to fit.
import type { Element } from 'domhandler';
import type { ComputedStyle } from '../css/types.js';

/**
 * One visible copy per computed style: computed styles are shared across documents and cached by
 * their parent's identity, so the body's children find their styles again on every render.
 */
const visibleCopies = new WeakMap<ComputedStyle, ComputedStyle>();

function visible(style: ComputedStyle): ComputedStyle {
  let copy = visibleCopies.get(style);
  if (copy === undefined) {
    copy = { ...style, overflow: 'visible' };
    visibleCopies.set(style, copy);
  }
  return copy;
}

/** `style` with the used overflow of `element`: visible where its value goes to the viewport. */
export function withViewportOverflow(element: Element, style: ComputedStyle, rootStyle: () => ComputedStyle | null): ComputedStyle {
  if (style.overflow === 'visible') return style;
  const parent = element.parent;
  if (parent === null || parent.type === 'root') return visible(style);
  if (element.name !== 'body' || parent.type !== 'tag' || parent.name !== 'html' || !(parent.parent === null || parent.parent.type === 'root')) return style;
  return rootStyle()?.overflow === 'visible' ? visible(style) : style;
}
