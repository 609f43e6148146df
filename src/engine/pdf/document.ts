// A PDF document to paint into: metadata, deterministic dates and ID, outline, and the final bytes.
import PDFDocument from 'pdfkit';
import type { DocumentInfo } from '../paint/backend.js';
import { pdfkitR6Options, upgradeToR6, type ProtectOptions } from '../../protect/index.js';
import { backendFor, PdfkitBackend } from './pdfkit-backend.js';

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

const output = new WeakMap<PDFKit.PDFDocument, { chunks: Uint8Array[]; done: Promise<void> }>();

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
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  output.set(doc, { chunks, done });
  return doc;
}

/** Ends the document (after the last page its backend painted) and resolves to its bytes. */
export async function finishPdf(target: PDFKit.PDFDocument | PdfkitBackend): Promise<Uint8Array> {
  const doc = target instanceof PdfkitBackend ? target.doc : target;
  const out = output.get(doc);
  if (out === undefined) throw new Error('finishPdf: this document was not made by createPdfDocument, or was already finished');
  output.delete(doc);
  backendFor(doc)?.endPage();
  doc.end();
  await out.done;
  return new Uint8Array(Buffer.concat(out.chunks));
}
