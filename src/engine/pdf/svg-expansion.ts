// How many elements drawing an SVG visits once its <use> references are followed: a few hundred
// bytes of <use> chains stand for billions of shapes, and svg-to-pdfkit builds its element objects
// for them as it goes, so a budget counted while drawing stops the work only after the heap has
// filled. Counted first, such an SVG is left out before any of it is built.
import { parseSvgMarkup, type SvgMarkupElement } from './svg-markup.js';

/**
 * The elements `svg` draws with every <use> expanded, counted up to `cap` (anything more gives
 * `cap + 1`); null when its markup cannot be read (svg-to-pdfkit draws nothing of it either).
 */
export function svgExpandedSize(svg: string, cap: number): number | null {
  let root: SvgMarkupElement | null;
  try {
    root = parseSvgMarkup(svg).root;
  } catch {
    return null;
  }
  if (root === null) return 0;
  const byId = new Map<string, SvgMarkupElement>();
  const stack: SvgMarkupElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    const id = element.attributes.id;
    if (id !== undefined && !byId.has(id)) byId.set(id, element);
    for (const child of element.children) if (child.kind === 'element') stack.push(child);
  }
  const sizes = new Map<SvgMarkupElement, number>();
  const counting = new Set<SvgMarkupElement>();
  const sizeOf = (element: SvgMarkupElement): number => {
    const known = sizes.get(element);
    if (known !== undefined) return known;
    // A reference back into what is being counted is a cycle, which svg-to-pdfkit does not follow.
    if (counting.has(element)) return 0;
    counting.add(element);
    let size = 1;
    for (const child of element.children) {
      if (child.kind === 'element') size = Math.min(cap + 1, size + sizeOf(child));
    }
    if (element.name === 'use') {
      const href = element.attributes.href ?? element.attributes['xlink:href'] ?? '';
      const target = href.startsWith('#') ? byId.get(href.slice(1)) : undefined;
      if (target !== undefined) size = Math.min(cap + 1, size + sizeOf(target));
    }
    counting.delete(element);
    sizes.set(element, size);
    return size;
  };
  try {
    return sizeOf(root);
  } catch {
    // Nested past what can be counted: as deep as svg-to-pdfkit cannot read either.
    return null;
  }
}
