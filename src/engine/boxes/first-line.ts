// ::first-line (CSS Pseudo-Elements 4 §2.1): the inline content of a block as its first line
// shows it. The pseudo-element sits between the block and its inline content, so text directly in
// the block takes its style, and inline elements inherit from it. Layout lays the first line out
// from these boxes and the rest from the block's own (layout/inline.ts).
import type { Element } from 'domhandler';
import type { ComputedStyle } from '../css/types.js';
import type { Box } from './types.js';

/** Computes an element's (or its pseudo-element's) style under another parent (the cascade's computeStyle). */
export type Restyle = (element: Element, parent: ComputedStyle, pseudo?: 'before' | 'after' | 'first-letter') => ComputedStyle | null;

/**
 * `children` (inline content whose parent style is `from`) restyled under `to`; null when the
 * content holds what a first line restyled this way cannot hold (absolutely positioned boxes,
 * generated images, leaders, page counters).
 *
 * Generated content (::before, ::after) and the ::first-letter inherit from the first line, as in
 * CSS and Chromium; floats, images and inline blocks are not part of it and are kept as they are.
 */
export function firstLineBoxes(children: readonly Box[], from: ComputedStyle, to: ComputedStyle, restyle: Restyle, transform: (text: string, style: ComputedStyle) => string): Box[] | null {
  const out: Box[] = [];
  for (const child of children) {
    if (child.style.position === 'absolute' || child.style.position === 'fixed') return null;
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
        if (child.element === null || child.pseudo === 'marker') return null;
        const restyled = restyledUnder(child, to, restyle, transform);
        if (restyled === null) return null;
        out.push(restyled);
        break;
      }
      case 'block':
        if (child.pseudo === 'first-letter') {
          const letter = restyledUnder(child, to, restyle, transform);
          if (letter === null) return null;
          out.push(letter);
        } else if (child.style.float !== 'none' || child.level === 'inline') {
          out.push(child);
        } else {
          return null;
        }
        break;
      case 'replaced':
        out.push(child);
        break;
      default:
        if (child.style.float === 'none' && !('level' in child && child.level === 'inline')) return null;
        out.push(child);
    }
  }
  return out;
}

/** An inline box, or a floated first letter, with its style and its content's computed anew under `parent`. */
function restyledUnder<B extends Box & { readonly element: Element | null; readonly children: readonly Box[] }>(
  box: B, parent: ComputedStyle, restyle: Restyle, transform: (text: string, style: ComputedStyle) => string,
): B | null {
  if (box.element === null) return null;
  const pseudo = box.pseudo === 'before' || box.pseudo === 'after' || box.pseudo === 'first-letter' ? box.pseudo : undefined;
  if (box.pseudo !== null && pseudo === undefined) return null;
  const style = restyle(box.element, parent, pseudo);
  if (style === null) return null;
  const inner = firstLineBoxes(box.children, box.style, style, restyle, transform);
  return inner === null ? null : { ...box, style, children: inner };
}
