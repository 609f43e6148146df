// The elements a render finds by name before styling: images to load (an img's, an embed's, an
// object's, a video's poster), the title and meta for the PDF's information, and <base>, <style> and
// <link> for the stylesheets. One walk of the DOM per document finds them all (walks for each took a
// few per cent of a long table's render).
import type { AnyNode, Document, Element } from 'domhandler';
import { hasChildren, isTag } from 'domhandler';

export interface NamedElements {
  /** In document order, `<template>` contents included. */
  readonly all: readonly Element[];
  /** In document order, outside `<template>` contents (what applies to the document itself). */
  readonly outsideTemplates: readonly Element[];
}

const NAMES = new Set(['img', 'input', 'embed', 'object', 'video', 'title', 'meta', 'base', 'style', 'link']);

const found = new WeakMap<Document, NamedElements>();

export function namedElements(document: Document): NamedElements {
  const known = found.get(document);
  if (known !== undefined) return known;
  const all: Element[] = [];
  const outsideTemplates: Element[] = [];
  // Each node with the depth of <template>s it is in.
  const stack: AnyNode[] = [];
  const templates: number[] = [];
  for (let i = document.children.length - 1; i >= 0; i--) {
    stack.push(document.children[i]);
    templates.push(0);
  }
  while (stack.length > 0) {
    const node = stack.pop()!;
    let depth = templates.pop()!;
    if (isTag(node)) {
      if (NAMES.has(node.name)) {
        all.push(node);
        if (depth === 0) outsideTemplates.push(node);
      }
      if (node.name === 'template') depth++;
    }
    if (hasChildren(node)) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        stack.push(node.children[i]);
        templates.push(depth);
      }
    }
  }
  const result = { all, outsideTemplates };
  found.set(document, result);
  return result;
}
