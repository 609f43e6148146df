// GCPM 3 in the box tree: `position: running(name)` leaves a placeholder in the flow, and
// `string-set` values are resolved on the element's box, both for the page margin boxes.
import type { Element } from 'domhandler';
import type { ComputedStyle, ContentItem, Display } from '../css/types.js';
import type { CounterScopes } from './counters.js';
import { isBlockLevel, type Box, type NamedString } from './types.js';

/**
 * The boxes an element with `position: running()` or `string-set` leaves in the flow: a running
 * element becomes an empty placeholder (block- or inline-level like the element) carrying its own
 * box; named strings are set on the first box.
 */
export function pagedMediaBoxes(
  boxes: Box[], element: Element, style: ComputedStyle, anonymous: (display: Display) => ComputedStyle, counters: CounterScopes,
): Box[] {
  const strings = style.stringSet.length > 0 ? namedStrings(boxes, element, style, counters) : undefined;
  let out = boxes;
  if (style.running !== null && boxes.length > 0) {
    const own = boxes[0];
    out = [isBlockLevel(own)
      ? {
        kind: 'block', level: 'block', style: anonymous('block'), element, pseudo: null, anonymous: true,
        children: [], inlineContent: false, marker: null, newFormattingContext: false, running: own,
      }
      : { kind: 'inline', style: anonymous('inline'), element, pseudo: null, anonymous: true, children: [], running: own }];
  }
  // Strings go on the element's own box (a flex container may follow its items' placeholders).
  const at = Math.max(0, out.findIndex((b) => b.element === element));
  // (`display: contents` has none: its first child's box carries them, before the child's own.)
  if (strings && out.length > 0) out = [...out.slice(0, at), { ...out[at], strings: [...strings, ...(out[at].strings ?? [])] } as Box, ...out.slice(at + 1)];
  return out;
}

/**
 * When a run of inline-level boxes holds only running elements' placeholders (and collapsible
 * white space), the same placeholders made block-level, else null.
 */
export function onlyPlaceholders(run: readonly Box[], isWhitespace: (box: Box) => boolean, blockStyle: ComputedStyle): Box[] | null {
  if (!run.every((b) => b.running !== undefined || isWhitespace(b))) return null;
  return run.filter((b) => b.running !== undefined).map((b): Box => ({
    kind: 'block', level: 'block', style: blockStyle, element: b.element, pseudo: null, anonymous: true,
    children: [], inlineContent: false, marker: null, newFormattingContext: false, running: b.running, strings: b.strings,
  }));
}

/** A table row's or cell's box with the named strings its element sets (they are built outside `pagedMediaBoxes`). */
export function withNamedStrings<T extends Box>(box: T, element: Element, style: ComputedStyle, counters: CounterScopes): T {
  return style.stringSet.length > 0 ? { ...box, strings: namedStrings([box], element, style, counters) } : box;
}

function namedStrings(boxes: readonly Box[], element: Element, style: ComputedStyle, counters: CounterScopes): NamedString[] {
  return style.stringSet.map(({ name, content }) => ({ name, value: content.map((item) => itemText(item, boxes, element, counters)).join('') }));
}

function itemText(item: ContentItem, boxes: readonly Box[], element: Element, counters: CounterScopes): string {
  switch (item.type) {
    case 'string': return item.value;
    case 'attr': return element.attribs[item.name] ?? '';
    case 'counter': return counters.text(item.name, item.style);
    case 'counters': return counters.texts(item.name, item.style, item.separator);
    case 'content': {
      if (item.which === 'text') return collapse(boxes.map((b) => textOf(b, element, null)).join(''));
      if (item.which === 'first-letter') return firstLetter(collapse(boxes.map((b) => textOf(b, element, null)).join('')));
      return collapse(boxes.map((b) => textOf(b, element, item.which as 'before' | 'after' | 'marker')).join(''));
    }
    default: return '';
  }
}

function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** The letter (with the punctuation before it) that `::first-letter` would select. */
function firstLetter(text: string): string {
  return /^[\p{P}\s]*[\p{L}\p{N}]/u.exec(text)?.[0] ?? text.slice(0, 1);
}

/** The text of a box tree: its own content (`pseudo` null, without ::before/::after), or one pseudo-element's. */
function textOf(box: Box, element: Element, pseudo: 'before' | 'after' | 'marker' | null, inside = pseudo === null): string {
  if (box.pseudo !== null && box.element === element) {
    if (box.pseudo !== pseudo) return '';
    inside = true;
  }
  if (box.kind === 'text') return inside ? box.text : '';
  if (box.kind === 'line-break') return inside ? '\n' : '';
  if (box.running) return '';
  const children: Box[] = [];
  switch (box.kind) {
    case 'block':
      if (box.marker) children.push(box.marker);
      children.push(...box.children);
      break;
    case 'inline': case 'flex': case 'grid': children.push(...box.children); break;
    case 'table': children.push(...box.captions, ...box.rowGroups); break;
    case 'table-row-group': children.push(...box.rows); break;
    case 'table-row': children.push(...box.cells); break;
    case 'table-cell': children.push(box.content); break;
    default: break;
  }
  return children.map((c) => textOf(c, element, pseudo, inside)).join('');
}
