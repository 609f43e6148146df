// HTML's radio button groups: checking a radio button unchecks the others of its group (the same
// name in the same form), so of several `checked` ones in a group only the last in tree order is
// checked once the page is parsed, and only it prints checked, as in Chromium.
import type { AnyNode, Element } from 'domhandler';

/** The checked radio buttons of each document, by its root node. */
const checkedByRoot = new WeakMap<AnyNode, ReadonlySet<Element>>();

/** Whether a checkbox or radio button `element` is checked once its document is parsed. */
export function isChecked(element: Element): boolean {
  if (element.attribs.checked === undefined) return false;
  if (!isNamedRadio(element)) return true;
  let root: AnyNode = element;
  while (root.parent !== null) root = root.parent;
  let checked = checkedByRoot.get(root);
  if (checked === undefined) {
    checked = lastCheckedOfEachGroup(root);
    checkedByRoot.set(root, checked);
  }
  return checked.has(element);
}

function isNamedRadio(element: Element): boolean {
  return element.name === 'input' && (element.attribs.type ?? '').trim().toLowerCase() === 'radio' && (element.attribs.name ?? '') !== '';
}

/** The last checked radio button of each group under `root`, walked in tree order without recursion. */
function lastCheckedOfEachGroup(root: AnyNode): ReadonlySet<Element> {
  // Per form owner (a form element, the id a `form` attribute names, or none), the last checked radio of each name.
  const last = new Map<Element | string | null, Map<string, Element>>();
  const stack: { node: AnyNode; form: Element | null }[] = [{ node: root, form: null }];
  while (stack.length > 0) {
    const { node, form } = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'root' && node.type !== 'script' && node.type !== 'style') continue;
    const element = node.type === 'root' ? null : (node as Element);
    if (element !== null && isNamedRadio(element) && element.attribs.checked !== undefined) {
      const owner = element.attribs.form ?? form;
      let names = last.get(owner);
      if (names === undefined) last.set(owner, (names = new Map()));
      names.set(element.attribs.name, element);
    }
    const inner = element !== null && element.name === 'form' ? element : form;
    const children = 'children' in node ? node.children : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], form: inner });
  }
  return new Set([...last.values()].flatMap((names) => [...names.values()]));
}
