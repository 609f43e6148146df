// PDF bookmarks from the laid-out pages: every element with a bookmark-level (h1–h6 by default),
// at the first fragment it has, labelled with bookmark-label or its text.
import { textContent } from 'domutils';
import type { Element } from 'domhandler';
import type { ContentItem } from '../css/types.js';
import type { Fragment, PageFragment } from '../layout/fragments.js';
import type { OutlineEntry } from './backend.js';

function label(element: Element, items: readonly ContentItem[] | null): string {
  if (!items) return textContent(element).replace(/\s+/g, ' ').trim();
  return items.map((item) => (item.type === 'string' ? item.value
    : item.type === 'attr' ? element.attribs[item.name] ?? ''
      : item.type === 'content' ? textContent(element).replace(/\s+/g, ' ').trim() : '')).join('');
}

export function outlineEntries(pages: readonly PageFragment[]): OutlineEntry[] {
  const outline = new OutlineCollector();
  pages.forEach((page, index) => outline.add(page, index));
  return outline.entries;
}

/** The bookmarks of pages given in order, one page at a time. */
export class OutlineCollector {
  readonly entries: OutlineEntry[] = [];
  private readonly seen = new Set<Element>();

  add(page: PageFragment, index: number): void {
    const stack: Fragment[] = page.root ? [page.root] : [];
    while (stack.length > 0) {
      const fragment = stack.pop()!;
      if (fragment.kind !== 'box') continue;
      const { element, pseudo } = fragment.box;
      const level = fragment.style.bookmarkLevel;
      if (element && pseudo === null && level !== 'none' && !this.seen.has(element)) {
        this.seen.add(element);
        const text = label(element, fragment.style.bookmarkLabel);
        if (text) this.entries.push({ label: text, level, page: index, y: fragment.y * page.scale });
      }
      for (let i = fragment.children.length - 1; i >= 0; i--) stack.push(fragment.children[i]);
    }
  }
}
