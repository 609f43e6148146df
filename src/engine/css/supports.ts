// @supports conditions: a declaration is supported when this engine parses it; selector() when it can match.
import { expandDeclaration } from './expand.js';
import { analyseSelector } from './selector.js';
import type { CV } from './syntax.js';
import { parseComponents } from './syntax.js';

export function supportsCondition(text: string): boolean {
  return evaluate(parseComponents(text)) === true;
}

function evaluate(c: readonly CV[]): boolean | null {
  if (c.length === 0) return null;
  const head = c[0];
  if (head.type === 'ident' && head.lower === 'not') {
    if (c.length !== 2) return null;
    const r = inParens(c[1]);
    return r === null ? null : !r;
  }
  let result = inParens(head);
  if (result === null) return null;
  let op: string | null = null;
  for (let i = 1; i < c.length; i += 2) {
    const word = c[i];
    if (word.type !== 'ident' || (word.lower !== 'and' && word.lower !== 'or')) return null;
    if (op !== null && op !== word.lower) return null;
    op = word.lower;
    const next = c[i + 1] === undefined ? null : inParens(c[i + 1]);
    if (next === null) return null;
    result = op === 'and' ? result && next : result || next;
  }
  return result;
}

function inParens(v: CV): boolean | null {
  if (v.type === 'function') {
    if (v.name === 'selector') return analyseSelector(v.text.slice(v.text.indexOf('(') + 1, -1)) !== null;
    // font-tech(), font-format() and others: assumed available.
    return true;
  }
  if (v.type !== 'block' || v.open !== '(') return null;
  const items = v.items;
  if (items.length > 0 && (items[0].type === 'block' || (items[0].type === 'ident' && items[0].lower === 'not'))) {
    return evaluate(items);
  }
  // A declaration: re-read the raw text to keep the value exactly as written.
  const inner = v.text.slice(1, -1);
  const colon = inner.indexOf(':');
  if (colon < 0) return false;
  const property = inner.slice(0, colon).trim();
  const value = inner.slice(colon + 1).trim().replace(/!\s*important\s*$/i, '').trim();
  if (property === '' || value === '') return false;
  if (property.startsWith('--')) return true;
  return expandDeclaration(property, value) !== null;
}
