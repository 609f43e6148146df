// Test helpers: compute every element's style of a small document, top-down as the box builder does.
import { selectOne } from 'css-select';
import type { Document, Element } from 'domhandler';
import { parseHtml } from '../html/parse.js';
import { StyleResolver, type StyleResolverOptions } from './cascade.js';
import { parseStylesheet } from './stylesheet.js';
import type { ComputedStyle, PseudoElement } from './types.js';
import { userAgentStylesheet } from './ua.js';

export interface Styled {
  readonly document: Document;
  readonly resolver: StyleResolver;
  readonly styles: Map<Element, ComputedStyle>;
  /** The style of the first element matching `selector`. */
  style(selector: string): ComputedStyle;
  /** A pseudo-element's style of the first element matching `selector`. */
  pseudo(selector: string, pseudo: PseudoElement): ComputedStyle | null;
}

export function styleDocument(html: string, css = '', options?: StyleResolverOptions): Styled {
  const document = parseHtml(html);
  const sheets = [userAgentStylesheet(), parseStylesheet(css, 'author')];
  for (const el of collectStyleElements(document)) sheets.push(parseStylesheet(el, 'author'));
  const resolver = new StyleResolver(sheets, options);
  const styles = new Map<Element, ComputedStyle>();
  const walk = (el: Element, parent: ComputedStyle | null): void => {
    const s = resolver.computeStyle(el, parent)!;
    styles.set(el, s);
    for (const c of el.children) if (c.type === 'tag' || c.type === 'style' || c.type === 'script') walk(c as Element, s);
  };
  for (const c of document.children) if (c.type === 'tag') walk(c as Element, null);
  const find = (selector: string): Element => {
    const el = selectOne(selector, document) as Element | null;
    if (el === null) throw new Error(`no element matches ${selector}`);
    return el;
  };
  return {
    document,
    resolver,
    styles,
    style: (selector) => styles.get(find(selector))!,
    pseudo: (selector, pseudo) => {
      const el = find(selector);
      return resolver.computeStyle(el, styles.get(el)!, pseudo);
    },
  };
}

function collectStyleElements(document: Document): string[] {
  const out: string[] = [];
  const walk = (n: { children?: unknown[] }): void => {
    for (const c of (n.children ?? []) as (Element & { data?: string })[]) {
      if (c.type === 'style') out.push(c.children.map((t) => (t as unknown as { data: string }).data).join(''));
      if ('children' in c) walk(c);
    }
  };
  walk(document);
  return out;
}
