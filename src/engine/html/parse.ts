// HTML text to a DOM tree (parse5, the WHATWG algorithm) in domhandler's node shapes,
// which css-select matches against directly.
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import type { Document } from 'domhandler';

export function parseHtml(html: string): Document {
  return parse(html, { treeAdapter: adapter, scriptingEnabled: false }) as unknown as Document;
}
