// Adds extra CSS to an HTML document as its last stylesheet in <head>.
import { styleElement } from './style-element.js';

/**
 * Inserts `css` as a final `<style>` before `</head>`; without a head, right after `<html>` or
 * the doctype, and failing those at the very start.
 */
export function injectExtraCss(html: string, css: string | null | undefined): string {
  if (!css) return html;
  const style = styleElement(css);
  const headEnd = /<\/head\s*>/i.exec(html);
  if (headEnd) return html.slice(0, headEnd.index) + style + html.slice(headEnd.index);
  const opening = /<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (opening) {
    const at = opening.index + opening[0].length;
    return html.slice(0, at) + style + html.slice(at);
  }
  return style + html;
}
