// Document order of boxes, for painting positioned boxes in tree order (layout appends absolute boxes to their containing block).
import type { Element, ParentNode } from 'domhandler';
import type { Box } from '../boxes/types.js';

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Each element's pre-order index and the last index inside it, numbered once per document when first asked. */
export class TreeOrder {
  private readonly spans = new Map<Element, Span>();
  private readonly numbered = new Set<ParentNode>();

  /**
   * Where a box comes in document order: its element's place, a `::before` box just inside its
   * element, an `::after` box after all of it; undefined for anonymous boxes.
   */
  of(box: Box): number | undefined {
    const element = box.element;
    if (element === null) return undefined;
    let span = this.spans.get(element);
    if (span === undefined) {
      let root: ParentNode = element;
      while (root.parent) root = root.parent;
      if (this.numbered.has(root)) return undefined;
      this.numbered.add(root);
      this.number(root);
      span = this.spans.get(element);
      if (span === undefined) return undefined;
    }
    if (box.pseudo === 'before' || box.pseudo === 'marker') return span.start + 0.5;
    if (box.pseudo === 'after') return span.end + 0.5;
    return span.start;
  }

  private number(root: ParentNode): void {
    let next = this.spans.size;
    const visit = (node: ParentNode): void => {
      for (const child of node.children) {
        if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue;
        const element = child as Element;
        const start = next++;
        visit(element);
        this.spans.set(element, { start, end: next - 1 });
      }
    };
    visit(root);
  }
}
