// What `element()` and `string()` show on each page (GCPM 3): the assignments of running elements
// and named strings found on each laid-out page, and the page policies first/start/last/first-except.
import { type CounterStyles, predefinedCounterStyles } from '../boxes/counter-style.js';
import type { Box } from '../boxes/types.js';
import type { PagePolicy } from '../css/types.js';
import type { Fragment, PageFragment } from './fragments.js';

interface Assignment<T> {
  readonly value: T;
  /** Nothing of the page's content came before it (`start`). */
  readonly atStart: boolean;
}

type Assignments<T> = Map<string, Assignment<T>[]>;

/** The running elements and named strings of a document's pages, resolved per page and policy. */
export class PageAssignments {
  private readonly elements: Assignments<Box>[] = [];
  private readonly strings: Assignments<string>[] = [];
  private readonly elementEntry: Map<string, Box>[] = [];
  private readonly stringEntry: Map<string, string>[] = [];

  constructor(pages: readonly PageFragment[]) {
    const lastElement = new Map<string, Box>();
    const lastString = new Map<string, string>();
    for (const page of pages) {
      const elements: Assignments<Box> = new Map();
      const strings: Assignments<string> = new Map();
      this.elementEntry.push(new Map(lastElement));
      this.stringEntry.push(new Map(lastString));
      if (page.root) collect(page.root, { seen: false }, elements, strings);
      for (const [name, list] of elements) lastElement.set(name, list[list.length - 1].value);
      for (const [name, list] of strings) lastString.set(name, list[list.length - 1].value);
      this.elements.push(elements);
      this.strings.push(strings);
    }
  }

  /** The running element `element(name, policy)` shows on a page (0-based), or null. */
  element(name: string, policy: PagePolicy, page: number): Box | null {
    return pick(this.elements[page]?.get(name), this.elementEntry[page]?.get(name), policy) ?? null;
  }

  /** The text `string(name, policy)` shows on a page (0-based). */
  string(name: string, policy: PagePolicy, page: number): string {
    return pick(this.strings[page]?.get(name), this.stringEntry[page]?.get(name), policy) ?? '';
  }
}

function pick<T>(onPage: readonly Assignment<T>[] | undefined, entry: T | undefined, policy: PagePolicy): T | undefined {
  if (!onPage || onPage.length === 0) return entry;
  switch (policy) {
    case 'first': return onPage[0].value;
    case 'last': return onPage[onPage.length - 1].value;
    case 'start': return onPage[0].atStart ? onPage[0].value : entry;
    case 'first-except': return undefined;
  }
}

function add<T>(map: Assignments<T>, name: string, value: T, atStart: boolean): void {
  const list = map.get(name);
  if (list) list.push({ value, atStart });
  else map.set(name, [{ value, atStart }]);
}

/** Walks a page's fragments in document order, noting assignments and whether content came first. */
function collect(fragment: Fragment, state: { seen: boolean }, elements: Assignments<Box>, strings: Assignments<string>): void {
  switch (fragment.kind) {
    case 'text':
    case 'replaced':
      state.seen = true;
      return;
    case 'line':
      for (const child of fragment.children) collect(child, state, elements, strings);
      return;
    case 'inline':
    case 'box': {
      const box = fragment.box;
      const starts = fragment.kind === 'box' ? fragment.hasTop : fragment.hasStart;
      if (starts && box.running?.style.running) add(elements, box.running.style.running, box.running, !state.seen);
      if (starts && box.strings) for (const s of box.strings) add(strings, s.name, s.value, !state.seen);
      if (fragment.kind === 'box') for (const child of fragment.children) collect(child, state, elements, strings);
    }
  }
}

/** A running element as shown on one page: its generated `counter(page)` and `counter(pages)` filled in. */
export function withPageNumbers(box: Box, page: number, pages: number, styles: CounterStyles = predefinedCounterStyles()): Box {
  if (!hasPageCounter(box)) return box;
  return mapBox(box, (b) => (b.kind === 'text' && b.pageCounter
    ? { ...b, text: styles.format(b.pageCounter.name === 'page' ? page : pages, b.pageCounter.style) }
    : b));
}

function hasPageCounter(box: Box): boolean {
  return box.kind === 'text' ? box.pageCounter !== undefined : childBoxes(box).some(hasPageCounter);
}

function childBoxes(box: Box): readonly Box[] {
  switch (box.kind) {
    case 'block': return box.marker ? [box.marker, ...box.children] : box.children;
    case 'inline': case 'flex': case 'grid': return box.children;
    case 'table': return [...box.captions, ...box.rowGroups];
    case 'table-row-group': return box.rows;
    case 'table-row': return box.cells;
    case 'table-cell': return [box.content];
    default: return [];
  }
}

/** A copy of a box tree with `f` applied to its text boxes. */
function mapBox<T extends Box>(box: T, f: (text: Box) => Box): T {
  const map = <U extends Box>(b: U): U => mapBox(b, f);
  switch (box.kind) {
    case 'text': return f(box) as T;
    case 'block': return { ...box, marker: box.marker ? map(box.marker) : null, children: box.children.map(map) };
    case 'inline': case 'flex': case 'grid': return { ...box, children: box.children.map(map) };
    case 'table': return { ...box, captions: box.captions.map(map), rowGroups: box.rowGroups.map(map) };
    case 'table-row-group': return { ...box, rows: box.rows.map(map) };
    case 'table-row': return { ...box, cells: box.cells.map(map) };
    case 'table-cell': return { ...box, content: map(box.content) };
    default: return box;
  }
}
