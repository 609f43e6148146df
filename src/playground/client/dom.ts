// The page's elements by id, typed, and small list-building helpers.

export function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the playground page has no ${type.name} #${id}`);
  return found;
}

/** Replaces the list's items with one `<li>` per entry, each built by `fill`. */
export function fillList<T>(list: HTMLElement, entries: readonly T[], fill: (item: HTMLLIElement, entry: T) => void, empty?: string): void {
  const items = entries.map((entry) => {
    const item = document.createElement('li');
    fill(item, entry);
    return item;
  });
  if (items.length === 0 && empty !== undefined) {
    const item = document.createElement('li');
    item.className = 'empty';
    item.textContent = empty;
    items.push(item);
  }
  list.replaceChildren(...items);
}
