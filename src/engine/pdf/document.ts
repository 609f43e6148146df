// A PDF document to paint into: metadata, deterministic dates and ID, outline, and the final bytes.
import PDFDocument from 'pdfkit';
import type { DocumentInfo } from '../paint/backend.js';
import { pdfkitR6Options, upgradeToR6, type ProtectOptions } from '../../protect/index.js';
import { PdfkitBackend, takeBackendFor } from './pdfkit-backend.js';

export interface PdfDocumentOptions {
  /** Fixed dates and document ID, so identical input gives byte-identical output. */
  readonly deterministic?: boolean;
  readonly info?: DocumentInfo;
  /** /Creator (the application that made the source); default 'pagesmith'. */
  readonly creator?: string;
  /** Deflate content streams (default true; false makes the PDF readable in a text editor). */
  readonly compress?: boolean;
  /** Encrypt while writing (AES-256, revision 6); random keys and IVs make the bytes differ each time. */
  readonly encryption?: ProtectOptions;
}

/** The dates a deterministic document claims. */
export const DETERMINISTIC_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

const output = new WeakMap<PDFKit.PDFDocument, { chunks: Uint8Array[]; flush: () => void; done: Promise<void> }>();

/** The part of pdfkit's document (a Readable) that writes the file: `_write` of one string line or bytes. */
interface WriterInternals {
  _offset: number;
  _write(data: unknown): void;
  read(): Uint8Array | null;
}

/**
 * Collects what pdfkit writes straight into `chunks` instead of through its Readable stream:
 * pdfkit turns every line of every object into bytes one character at a time and pushes each
 * through the stream; here lines are joined as text and converted once per run of text.
 * Returns a function that flushes the text still pending.
 */
function collectOutput(doc: PDFKit.PDFDocument, chunks: Uint8Array[]): () => void {
  const writer = doc as unknown as WriterInternals;
  // The header pdfkit wrote while constructing, still buffered in the stream.
  const head = writer.read();
  if (head !== null) chunks.push(head);
  let text = '';
  const flush = (): void => {
    if (text === '') return;
    chunks.push(Buffer.from(text, 'latin1'));
    text = '';
  };
  writer._write = (data: unknown): void => {
    if (data instanceof Uint8Array) {
      flush();
      chunks.push(data);
      writer._offset += data.length;
    } else {
      // One byte per character, as pdfkit's own conversion (and Buffer's latin1) writes it.
      const line = `${data as string}\n`;
      text += line;
      writer._offset += line.length;
    }
  };
  return flush;
}

/** A new, empty pdfkit document with no page yet; paint it through `new PdfkitBackend(doc)`. */
export function createPdfDocument(options: PdfDocumentOptions = {}): PDFKit.PDFDocument {
  const date = options.deterministic ? DETERMINISTIC_DATE : new Date();
  const info: PDFKit.DocumentInfo = { Producer: 'pagesmith', Creator: options.creator ?? 'pagesmith', CreationDate: date, ModDate: date };
  if (options.info?.title) info.Title = options.info.title;
  if (options.info?.author) info.Author = options.info.author;
  if (options.info?.subject) info.Subject = options.info.subject;
  if (options.info?.keywords) info.Keywords = options.info.keywords;
  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    compress: options.compress ?? true,
    info,
    // No default Helvetica: every face is embedded from fontkit.
    font: null as unknown as string,
    ...(options.encryption ? pdfkitR6Options(options.encryption) : {}),
  });
  if (options.encryption) upgradeToR6(doc, options.encryption);
  // pdfkit derives /ID from the info dictionary (dates included), so fixed dates give a fixed ID.
  const chunks: Uint8Array[] = [];
  const flush = collectOutput(doc, chunks);
  const done = new Promise<void>((resolve, reject) => {
    // Nothing arrives here any more (see collectOutput), but a flowing stream is what emits 'end'.
    doc.on('data', (chunk: Uint8Array) => {
      flush();
      chunks.push(chunk);
    });
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  output.set(doc, { chunks, flush, done });
  return doc;
}

/** Ends the document (after the last page its backend painted) and resolves to its bytes. */
export async function finishPdf(target: PDFKit.PDFDocument | PdfkitBackend): Promise<Uint8Array> {
  const doc = target instanceof PdfkitBackend ? target.doc : target;
  const out = output.get(doc);
  if (out === undefined) throw new Error('finishPdf: this document was not made by createPdfDocument, or was already finished');
  output.delete(doc);
  takeBackendFor(doc)?.endPage();
  doc.end();
  await out.done;
  out.flush();
  const bytes = Buffer.concat(out.chunks);
  // A Uint8Array, not a Buffer; over its own memory when Buffer.concat gave it some (large results), else copied out of Buffer's pool.
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength
    ? new Uint8Array(bytes.buffer, 0, bytes.byteLength)
    : new Uint8Array(bytes);
}
