// Container queries: the size containers a layout produced, which the next styling pass asks (CSS Conditional 5).
import type { Element } from 'domhandler';
import type { QueryContainer } from '../css/cascade.js';
import type { Stylesheet } from '../css/stylesheet.js';
import { usesContainerUnits } from '../css/container-units.js';
import type { Fragment, PageFragment } from './fragments.js';

/** Whether any rule of the sheets sits inside @container or uses cq units (only then is a document styled twice). */
export function hasContainerRules(sheets: readonly Stylesheet[]): boolean {
  return sheets.some((sheet) => sheet.rules.some((rule) => rule.containers !== null)) || usesContainerUnits(sheets);
}

/** Each element with a `container-type` and its content box, from its first fragment. */
export function queryContainers(pages: readonly PageFragment[]): Map<Element, QueryContainer> {
  const found = new Map<Element, QueryContainer>();
  const visit = (fragment: Fragment): void => {
    if (fragment.kind === 'box') {
      const { style, box } = fragment;
      const element = box.element;
      if (style.containerType !== 'normal' && element && !found.has(element)) {
        found.set(element, {
          names: style.containerName,
          type: style.containerType,
          width: Math.max(0, fragment.width - fragment.border.left - fragment.border.right - fragment.padding.left - fragment.padding.right),
          height: Math.max(0, fragment.height - fragment.border.top - fragment.border.bottom - fragment.padding.top - fragment.padding.bottom),
        });
      }
    }
    if ('children' in fragment) for (const child of fragment.children) visit(child);
  };
  for (const page of pages) if (page.root) visit(page.root);
  return found;
}

/** Whether two layouts' containers have the same sizes (then styling again would change nothing). */
export function sameContainers(a: ReadonlyMap<Element, QueryContainer>, b: ReadonlyMap<Element, QueryContainer>): boolean {
  if (a.size !== b.size) return false;
  for (const [element, one] of a) {
    const other = b.get(element);
    if (!other || Math.abs(other.width - one.width) > 0.01 || Math.abs(other.height - one.height) > 0.01) return false;
  }
  return true;
}
