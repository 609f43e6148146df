// countPdfPages: a PDF's page count read from its page tree, for metrics, without parsing the file.

const PAGES = Buffer.from('/Pages');
const COUNT = /\/Count\s+(\d+)/;
/** Bytes that end a PDF name: whitespace and delimiters. */
const NAME_END = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * The `/Count` of the page tree's root: the largest of the `/Type /Pages` dictionaries, which
 * stay in plain text in an encrypted file too. 0 when the tree is not in plain text (a file
 * packing its objects into compressed object streams).
 */
export function countPdfPages(pdf: Uint8Array): number {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let pages = 0;
  for (let at = bytes.indexOf(PAGES); at >= 0; at = bytes.indexOf(PAGES, at + PAGES.length)) {
    const end = at + PAGES.length;
    if (end < bytes.length && !NAME_END.has(bytes[end] as number)) continue;
    if (!afterType(bytes, at)) continue;
    const open = bytes.lastIndexOf('<<', at);
    const close = bytes.indexOf('>>', end);
    if (open < 0 || close < 0) continue;
    const count = COUNT.exec(bytes.toString('latin1', open, close));
    if (count) pages = Math.max(pages, Number(count[1]));
  }
  return pages;
}

/** Whether `/Type` and optional whitespace come just before `at`. */
function afterType(bytes: Buffer, at: number): boolean {
  let before = at;
  while (before > 0 && WHITESPACE.has(bytes[before - 1] as number)) before -= 1;
  return before >= 5 && bytes.toString('latin1', before - 5, before) === '/Type';
}
