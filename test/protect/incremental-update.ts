// Test helper: appends an incremental update to a PDF that replaces its document information dictionary.

/**
 * Redefines the trailer's /Info object (same number, so the newest revision must win) with
 * `/Title (title)`, in a classic cross-reference section or in a cross-reference stream.
 */
export function appendInfoUpdate(pdf: Uint8Array, title: string, style: 'table' | 'stream'): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const prev = Number(last(text, /startxref\s+(\d+)/g));
  const root = last(text, /\/Root\s+(\d+\s+\d+\s+R)/g);
  const info = Number(last(text, /\/Info\s+(\d+)\s+0\s+R/g));
  const size = Number(last(text, /\/Size\s+(\d+)/g));
  const object = Buffer.from(`\n${info} 0 obj\n<< /Title (${title}) /Producer (incremental update) >>\nendobj\n`, 'latin1');
  const objectOffset = pdf.length + 1;
  const sectionOffset = pdf.length + object.length;
  let section: Buffer;
  if (style === 'table') {
    section = Buffer.from(
      `xref\n${info} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n` +
        `trailer\n<< /Size ${size} /Root ${root} /Info ${info} 0 R /Prev ${prev} >>\nstartxref\n${sectionOffset}\n%%EOF\n`,
      'latin1',
    );
  } else {
    // Rows of /W [1 4 2]: type 1 (in use), byte offset, generation 0.
    const rows = Buffer.alloc(14);
    rows.writeUInt8(1, 0);
    rows.writeUInt32BE(objectOffset, 1);
    rows.writeUInt8(1, 7);
    rows.writeUInt32BE(sectionOffset, 8);
    section = Buffer.concat([
      Buffer.from(
        `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 4 2] /Index [${info} 1 ${size} 1] /Root ${root} /Info ${info} 0 R /Prev ${prev} /Length ${rows.length} >>\nstream\n`,
        'latin1',
      ),
      rows,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${sectionOffset}\n%%EOF\n`, 'latin1'),
    ]);
  }
  return new Uint8Array(Buffer.concat([pdf, object, section]));
}

function last(text: string, pattern: RegExp): string {
  const matches = [...text.matchAll(pattern)];
  const match = matches[matches.length - 1];
  if (!match) throw new Error(`appendInfoUpdate: ${pattern} not found`);
  return match[1];
}
