// Chromium's limit on how deep a parsed document nests: an element or text the parser would put
// deeper than 512 open elements goes beside its parent instead (Blink's
// kMaximumHTMLParserDOMTreeDepth). So nothing is left out, and no later stage recurses deeper.
import { hasChildren, type AnyNode, type Document, type ParentNode } from 'domhandler';

/** Open elements (the root `html` is 1) below which the parser nests no further. */
export const MAX_PARSED_DEPTH = 512;

/**
 * Puts every node nested deeper than one level below an element at depth `maxDepth` straight
 * into that element, in document order, as Blink's parser attaches it: the element's subtree
 * becomes one flat list of its descendants, each with no children.
 */
export function flattenDeepNodes(document: Document, maxDepth = MAX_PARSED_DEPTH): void {
  const stack: { node: AnyNode; depth: number }[] = document.children.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!hasChildren(node)) continue;
    if (depth === maxDepth) {
      if (node.children.some(hasChildren)) flattenInto(node);
      continue;
    }
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}

function flattenInto(parent: ParentNode): void {
  const flat: AnyNode[] = [];
  // Pre-order, without recursion: the subtree may be thousands of levels deep.
  const pending: AnyNode[] = [...parent.children].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    flat.push(node);
    if (!hasChildren(node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
    node.children = [];
  }
  for (let i = 0; i < flat.length; i++) {
    const node = flat[i];
    node.parent = parent;
    node.prev = flat[i - 1] ?? null;
    node.next = flat[i + 1] ?? null;
  }
  parent.children = flat;
}
