// Bookmarks: flat outline entries (with heading levels) as the PDF's nested outline tree.
import type { OutlineEntry } from '../paint/backend.js';
import type { DocumentInternals, OutlineInternals } from './pdfkit-internals.js';

/**
 * Adds entries in document order; a deeper level nests under the previous shallower entry.
 * Each bookmark opens its page scrolled to the entry's y (CSS px from the page top).
 */
export function addOutline(doc: PDFKit.PDFDocument, entries: readonly OutlineEntry[], ptPerPx: number): void {
  const pdf = doc as unknown as DocumentInternals;
  const kids = pdf._root.data.Pages.data.Kids;
  const stack: { level: number; item: OutlineInternals }[] = [];
  for (const entry of entries) {
    const page = kids[entry.page];
    if (page === undefined) continue;
    while (stack.length > 0 && stack[stack.length - 1].level >= entry.level) stack.pop();
    const parent = stack.length > 0 ? stack[stack.length - 1].item : pdf.outline;
    const item = parent.addItem(entry.label, { pageNumber: entry.page, expanded: true });
    const mediaBox = page.data.MediaBox as number[];
    item.outlineData.Dest = [page, 'XYZ', null, mediaBox[3] - entry.y * ptPerPx, null];
    stack.push({ level: entry.level, item });
  }
}
