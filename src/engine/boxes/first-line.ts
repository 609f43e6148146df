// ::first-line (CSS Pseudo-Elements 4 §2.1): the inline content of a block as its first line
// shows it. The pseudo-element sits between the block and its inline content, so text directly in
// the block takes its style, and inline elements inherit from it. Layout lays the first line out
// from these boxes and the rest from the block's own (layout/inline.ts).
import type { Element } from 'domhandler';
import type { ComputedStyle } from '../css/types.js';
import type { Box } from './types.js';

/** Computes an element's style under another parent (the cascade's computeStyle). */
export type Restyle = (element: Element, parent: ComputedStyle) => ComputedStyle | null;

/**
 * `children` (inline content whose parent style is `from`) restyled under `to`; null when the
 * content holds anything but text, inline boxes and line breaks (floats, atomic inlines, positioned
 * boxes), which a first line restyled this way cannot hold.
 */
export function firstLineBoxes(children: readonly Box[], from: ComputedStyle, to: ComputedStyle, restyle: Restyle, transform: (text: string, style: ComputedStyle) => string): Box[] | null {
  const out: Box[] = [];
  for (const child of children) {
    if (child.style.position === 'absolute' || child.style.position === 'fixed' || child.style.float !== 'none') return null;
    switch (child.kind) {
      case 'text': {
        if (child.style !== from || child.leader || child.symbol !== undefined || child.pageCounter !== undefined || child.actualText !== undefined) return null;
        const text = to.textTransform === from.textTransform ? child.text : transform(child.text, to);
        if (text.length !== child.text.length) return null;
        out.push({ ...child, style: to, text });
        break;
      }
      case 'line-break':
        out.push({ ...child, style: child.style === from ? to : child.style });
        break;
      case 'inline': {
        if (child.element === null || child.pseudo !== null) return null;
        const style = restyle(child.element, to);
        if (style === null) return null;
        const inner = firstLineBoxes(child.children, child.style, style, restyle, transform);
        if (inner === null) return null;
        out.push({ ...child, style, children: inner });
        break;
      }
      default:
        return null;
    }
  }
  return out;
}
