// Adds extra CSS to an HTML document as its last stylesheet in <head>.
import { styleElement } from './style-element.js';

/**
 * Inserts `css` as a final `<style>` before `</head>`; without a head, right after `<html>` or
 * the doctype, and failing those at the very start. Each search is one pass over the document.
 */
export function injectExtraCss(html: string, css: string | null | undefined): string {
  if (!css) return html;
  const style = styleElement(css);
  const headEnd = /<\/head\s*>/i.exec(html);
  if (headEnd) return html.slice(0, headEnd.index) + style + html.slice(headEnd.index);
  const openingEnd = tagEnd(html, /<html\b/i) ?? tagEnd(html, /<!doctype/i);
  if (openingEnd !== undefined) return html.slice(0, openingEnd) + style + html.slice(openingEnd);
  return style + html;
}

/**
 * Where the first tag opening with `start` ends, as `start[^>]*>` would match it: the first `>`
 * after the first opening, since if that opening has none after it, no later one has.
 */
function tagEnd(html: string, start: RegExp): number | undefined {
  const opening = html.search(start);
  if (opening === -1) return undefined;
  const close = html.indexOf('>', opening + 1);
  return close === -1 ? undefined : close + 1;
}
