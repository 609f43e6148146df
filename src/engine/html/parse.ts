// HTML text to a DOM tree (parse5, the WHATWG algorithm) in domhandler's node shapes,
// which css-select matches against directly.
import { parse, type Token, type TreeAdapter } from 'parse5';
import { adapter, type Htmlparser2TreeAdapterMap } from 'parse5-htmlparser2-tree-adapter';
import { Element, type Document } from 'domhandler';
import { exactDomArrays } from '../exact-arrays.js';
import { flattenDeepNodes } from './flatten-deep.js';

type Attributes = Record<string, string>;

/**
 * An element's attributes without Object.prototype, so an attribute named `constructor` or
 * `toString` is never inherited. Not `Object.create(null)`, which V8 keeps in dictionary mode:
 * ~180 bytes an object, three per element in the stock adapter, the largest part of a DOM.
 */
const AttributeMap = function AttributeMap(this: Attributes) {} as unknown as new () => Attributes;
AttributeMap.prototype = Object.create(null) as Attributes;

/** Namespaces and prefixes are kept only for elements with foreign (SVG, MathML) attributes. */
const NONE: Attributes = Object.freeze(new AttributeMap());

type Foreign = Element & { 'x-attribsNamespace': Attributes; 'x-attribsPrefix': Attributes };

const leanAdapter: TreeAdapter<Htmlparser2TreeAdapterMap> = {
  ...adapter,
  createElement(tagName: string, namespaceURI, attrs: Token.Attribute[]) {
    const attribs = new AttributeMap();
    let foreign = false;
    for (let i = 0; i < attrs.length; i++) {
      attribs[attrs[i].name] = attrs[i].value;
      if (attrs[i].namespace !== undefined || attrs[i].prefix !== undefined) foreign = true;
    }
    const node = new Element(tagName, attribs, []) as Foreign;
    node.namespace = namespaceURI;
    node['x-attribsNamespace'] = NONE;
    node['x-attribsPrefix'] = NONE;
    if (foreign) for (const attr of attrs) setForeign(node, attr);
    return node;
  },
  adoptAttributes(recipient, attrs: Token.Attribute[]) {
    for (const attr of attrs) {
      if (recipient.attribs[attr.name] !== undefined) continue;
      recipient.attribs[attr.name] = attr.value;
      if (attr.namespace !== undefined || attr.prefix !== undefined) setForeign(recipient as Foreign, attr);
    }
  },
};

function setForeign(node: Foreign, attr: Token.Attribute): void {
  if (node['x-attribsNamespace'] === NONE) {
    node['x-attribsNamespace'] = new AttributeMap();
    node['x-attribsPrefix'] = new AttributeMap();
  }
  if (attr.namespace !== undefined) node['x-attribsNamespace'][attr.name] = attr.namespace;
  if (attr.prefix !== undefined) node['x-attribsPrefix'][attr.name] = attr.prefix;
}

export function parseHtml(html: string): Document {
  const document = parse(html, { treeAdapter: leanAdapter, scriptingEnabled: false }) as unknown as Document;
  flattenDeepNodes(document);
  exactDomArrays(document);
  return document;
}
