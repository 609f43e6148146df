// Finished trees (DOM, boxes, fragments) hold tens of thousands of small arrays filled by push,
// and V8 gives a pushed array room for 16 elements: ~150 bytes for a cell's one child. A slice is
// exactly as long as its source, so replacing each finished array with one shrinks a long
// document's live set by about a quarter; the walks are iterative, as trees can be 10⁵ deep.
import type { AnyNode } from 'domhandler';
import { hasChildren } from 'domhandler';
import type { Box } from './boxes/types.js';
import type { Fragment, PageFragment } from './layout/fragments.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function exactDomArrays(root: AnyNode): void {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!hasChildren(node)) continue;
    node.children = node.children.slice();
    for (let i = 0; i < node.children.length; i++) stack.push(node.children[i]);
  }
}

export function exactBoxArrays(root: Box): void {
  const stack: Box[] = [root];
  while (stack.length > 0) {
    const box = stack.pop() as Mutable<Box>;
    if (box.running) stack.push(box.running);
    switch (box.kind) {
      case 'table':
        box.captions = box.captions.slice();
        box.columns = box.columns.slice();
        box.rowGroups = box.rowGroups.slice();
        stack.push(...box.captions, ...box.rowGroups);
        break;
      case 'table-row-group':
        box.rows = box.rows.slice();
        stack.push(...box.rows);
        break;
      case 'table-row':
        box.cells = box.cells.slice();
        stack.push(...box.cells);
        break;
      case 'table-cell':
        stack.push(box.content);
        break;
      default:
        if ('children' in box) {
          box.children = box.children.slice();
          for (let i = 0; i < box.children.length; i++) stack.push(box.children[i]);
        }
        if (box.kind === 'block' && box.marker) stack.push(box.marker);
    }
  }
}

export function exactFragmentArrays(pages: readonly PageFragment[]): void {
  const stack: Fragment[] = [];
  for (const page of pages as Mutable<PageFragment>[]) {
    page.marginBoxes = page.marginBoxes.slice();
    if (page.root) stack.push(page.root);
    stack.push(...page.marginBoxes);
    while (stack.length > 0) {
      const fragment = stack.pop()!;
      if (fragment.kind !== 'box' && fragment.kind !== 'line') continue;
      const children = fragment.children.slice();
      (fragment as Mutable<typeof fragment>).children = children;
      for (let i = 0; i < children.length; i++) stack.push(children[i]);
    }
  }
}
