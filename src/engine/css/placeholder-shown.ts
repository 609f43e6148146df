// `:placeholder-shown`: a text field or text area showing its placeholder, as printed (its value is
// the `value` attribute, a text area's its text).
import type { Element } from 'domhandler';

/** Input types that show a placeholder (HTML §4.10.5.3.11); an unknown type is a text field. */
const SHOWS_PLACEHOLDER = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);
const OTHER_TYPES = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button', 'range', 'color', 'date', 'month', 'week', 'time', 'datetime-local']);

export function placeholderShown(element: Element): boolean {
  // Blink shows no placeholder whose text is empty once line breaks are dropped.
  if ((element.attribs.placeholder ?? '').replace(/[\r\n]/g, '') === '') return false;
  if (element.name === 'textarea') return element.children.every((child) => child.type === 'text' && (child as { data: string }).data === '');
  if (element.name !== 'input') return false;
  const type = (element.attribs.type ?? 'text').trim().toLowerCase();
  if (!SHOWS_PLACEHOLDER.has(type) && OTHER_TYPES.has(type)) return false;
  return (element.attribs.value ?? '') === '';
}
