// Cross-references: target-counter(), target-counters() and target-text() resolved against what
// the previous pass recorded (counters and pseudo-element text at each target, the page it landed on).
import type { AnyNode, Document, Element } from 'domhandler';
import { hasChildren, isTag } from 'domhandler';
import { textContent } from 'domutils';
import type { ContentItem, ContentTarget } from '../css/types.js';
import { type CounterStyles, predefinedCounterStyles } from './counter-style.js';

export type TargetItem = Extract<ContentItem, { type: 'target-counter' | 'target-counters' | 'target-text' }>;

export function isTargetItem(item: ContentItem): item is TargetItem {
  return item.type === 'target-counter' || item.type === 'target-counters' || item.type === 'target-text';
}

function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** The pages elements landed on: 1-based page number by element, and the page count. */
export interface TargetPages {
  readonly pageOf: ReadonlyMap<Element, number>;
  readonly count: number;
}

interface Recorded {
  counters: ReadonlyMap<string, readonly number[]>;
  before: string;
  after: string;
}

/**
 * Shared by the builds of one document. The first build only notes whether any reference is
 * made (`used`); when one is, the engine builds again with `recording` on, lays out, and repeats
 * until two builds print the same values (`settled()`).
 */
export class TargetResolver {
  /** Set when a content list refers to a target: the document needs the layout loop. */
  used = false;
  /** Whether builds record counters and ::before/::after text of elements with an id. */
  recording = false;
  private ids: Map<string, Element> | null = null;
  private previous = new Map<Element, Recorded>();
  private current = new Map<Element, Recorded>();
  private pages: TargetPages | null = null;
  private printed: string[] = [];
  private lastPrinted: string[] | null = null;

  constructor(private readonly document: Document, private readonly counterStyles: CounterStyles = predefinedCounterStyles()) {}

  /** Called before each recording build. */
  startPass(): void {
    if (this.current.size > 0) this.previous = this.current;
    this.current = new Map();
    this.lastPrinted = this.printed;
    this.printed = [];
  }

  /** Whether the last build printed exactly what the one before it did. */
  settled(): boolean {
    const last = this.lastPrinted;
    return last !== null && last.length === this.printed.length && last.every((v, i) => v === this.printed[i]);
  }

  setPages(pages: TargetPages): void {
    this.pages = pages;
  }

  /** The target of an element with an id, when it is the element the id names. */
  isTarget(element: Element): boolean {
    const id = element.attribs.id;
    return id !== undefined && this.idMap().get(id) === element;
  }

  recordCounters(element: Element, counters: ReadonlyMap<string, readonly number[]>): void {
    this.current.set(element, { counters, before: '', after: '' });
  }

  recordPseudo(element: Element, which: 'before' | 'after', text: string): void {
    const entry = this.current.get(element);
    if (entry) entry[which] = text;
  }

  /** The text a reference prints, from the element whose content holds it. */
  resolve(item: TargetItem, from: Element): string {
    this.used = true;
    const value = this.value(item, from);
    this.printed.push(value);
    return value;
  }

  private value(item: TargetItem, from: Element): string {
    const target = this.targetOf(item.url, from);
    if (!target) return '';
    if (item.type === 'target-text') {
      // The text as with white-space: normal, trimmed (as WeasyPrint prints it).
      const text = collapse(textContent(target));
      switch (item.which ?? 'content') {
        case 'before': return collapse(this.recorded(target)?.before ?? '');
        case 'after': return collapse(this.recorded(target)?.after ?? '');
        case 'first-letter': return /^[\p{P}\s]*[^\p{P}\s]/u.exec(text)?.[0].trimStart() ?? '';
        default: return text;
      }
    }
    let values: readonly number[];
    if (item.name === 'page') {
      const page = this.pages ? this.pages.pageOf.get(target) : 0;
      // A target that makes no box (display: none) is on no page.
      if (page === undefined) return '';
      values = [page];
    } else if (item.name === 'pages') {
      values = [this.pages?.count ?? 0];
    } else {
      values = this.recorded(target)?.counters.get(item.name) ?? [0];
    }
    if (item.type === 'target-counters') return values.map((v) => this.counterStyles.format(v, item.style)).join(item.separator);
    return this.counterStyles.format(values[values.length - 1], item.style);
  }

  /** This build's record when the target came before the reference, else the previous build's. */
  private recorded(target: Element): Recorded | undefined {
    return this.current.get(target) ?? this.previous.get(target);
  }

  private targetOf(url: ContentTarget, from: Element): Element | undefined {
    const href = 'attr' in url ? from.attribs[url.attr] : url.url;
    if (href === undefined || !href.startsWith('#') || href.length < 2) return undefined;
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape names the id as written.
    }
    return this.idMap().get(id);
  }

  /** The first element with each id, in document order (one walk, on first use). */
  private idMap(): Map<string, Element> {
    if (this.ids) return this.ids;
    const ids = new Map<string, Element>();
    const stack: AnyNode[] = [...this.document.children].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (isTag(node) && node.attribs.id !== undefined && !ids.has(node.attribs.id)) ids.set(node.attribs.id, node);
      if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    this.ids = ids;
    return ids;
  }
}
