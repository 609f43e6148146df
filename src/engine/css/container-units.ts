// Container query length units (cqw, cqh, cqi, cqb, cqmin, cqmax): which documents use them, and the
// query container sizes an element's units resolve against (CSS Conditional 5, section 6).
import type { Element } from 'domhandler';
import type { Stylesheet } from './stylesheet.js';

const CONTAINER_UNIT = /\d(?:cq[whib]|cqmin|cqmax)(?![\w-])/i;

/** Whether any declaration of the sheets uses a container query unit (only then are elements asked). */
export function usesContainerUnits(sheets: readonly Stylesheet[]): boolean {
  return sheets.some((sheet) => sheet.rules.some((rule) => rule.declarations.some((d) => CONTAINER_UNIT.test(d.value))));
}

/** A query container a layout found: its kind and content box. */
export interface SizedContainer {
  readonly type: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The width and height cq units of an element resolve against: the content box of the nearest
 * ancestor container of each axis (`inline-size` or `size` for the width, `size` for the height),
 * starting at `from` (the element's parent, or the element itself for its pseudo-elements).
 */
export function querySizes(from: Element | null, containers: ReadonlyMap<Element, SizedContainer>): { width?: number; height?: number } {
  let width: number | undefined;
  let height: number | undefined;
  for (let node: Element | null = from; node !== null && (width === undefined || height === undefined); node = node.parent?.type === 'tag' ? (node.parent as Element) : null) {
    const container = containers.get(node);
    if (container === undefined) continue;
    width ??= container.width;
    if (container.type === 'size') height ??= container.height;
  }
  return { ...(width !== undefined && { width }), ...(height !== undefined && { height }) };
}
