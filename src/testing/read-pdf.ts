// Test helper: reads a PDF back with pdfjs-dist (page count, sizes, text, links, info, fonts).
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfLink {
  /** Target of a URI link (absolute when pdfjs can make it so, else as written). */
  readonly url?: string;
  /** Named destination, when the link points at one. */
  readonly dest?: string;
  /** 1-based page an internal link lands on, when it can be resolved. */
  readonly destPage?: number;
}

export interface PdfPageContent {
  /** Page size in PDF points. */
  readonly width: number;
  readonly height: number;
  /** Text in reading order: lines joined by "\n", runs on one line by a space when apart. */
  readonly text: string;
  readonly links: readonly PdfLink[];
}

export interface PdfContent {
  readonly pageCount: number;
  readonly pages: readonly PdfPageContent[];
  /** String entries of the document information dictionary (Title, Author, Producer, ...). */
  readonly info: Readonly<Record<string, string>>;
  /** Distinct font names used on any page, sorted, without a subset tag ("ABCDEF+Arimo" → "Arimo"). */
  readonly fontNames: readonly string[];
  /** Bookmarks in document order, with their depth (1 = top level). */
  readonly outline: readonly { readonly title: string; readonly level: number }[];
}

export interface ReadPdfOptions {
  /** User or owner password of an encrypted PDF. */
  readonly password?: string;
}

interface TextRun {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly hasEOL: boolean;
}

interface LinkAnnotation {
  readonly subtype?: string;
  readonly url?: string;
  readonly unsafeUrl?: string;
  readonly dest?: unknown;
}

type PdfDocumentProxy = Awaited<ReturnType<typeof getDocument>['promise']>;
type PdfPageProxy = Awaited<ReturnType<PdfDocumentProxy['getPage']>>;

export async function readPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfContent> {
  // pdfjs may transfer (detach) the buffer it is given, so hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    password: options.password,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: PdfPageContent[] = [];
    const fontNames = new Set<string>();
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      pages.push({
        width: viewport.width,
        height: viewport.height,
        text: await readPageText(page),
        links: await readPageLinks(doc, page),
      });
      for (const name of await readPageFontNames(page)) fontNames.add(name);
    }
    const metadata = await doc.getMetadata();
    const outline: { title: string; level: number }[] = [];
    type OutlineNode = { title: string; items: OutlineNode[] };
    const walk = (items: readonly OutlineNode[] | null, level: number): void => {
      for (const item of items ?? []) {
        outline.push({ title: item.title, level });
        walk(item.items, level + 1);
      }
    };
    walk((await doc.getOutline()) as OutlineNode[] | null, 1);
    return {
      pageCount: doc.numPages,
      pages,
      info: stringEntries(metadata.info),
      fontNames: [...fontNames].sort(),
      outline,
    };
  } finally {
    await task.destroy();
  }
}

async function readPageText(page: PdfPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    runs.push({
      str: item.str,
      x: item.transform[4],
      y: item.transform[5],
      width: item.width,
      height: item.height || Math.abs(item.transform[3]) || 1,
      hasEOL: item.hasEOL,
    });
  }
  let text = '';
  let previous: TextRun | undefined;
  for (const run of runs) {
    if (previous) {
      const sameLine = Math.abs(run.y - previous.y) < Math.max(previous.height, run.height) / 2;
      if (previous.hasEOL || !sameLine) {
        if (!text.endsWith('\n')) text += '\n';
      } else {
        const gap = run.x - (previous.x + previous.width);
        if (gap > previous.height * 0.15 && !text.endsWith(' ') && !run.str.startsWith(' ')) text += ' ';
      }
    }
    text += run.str;
    previous = run;
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

async function readPageLinks(doc: PdfDocumentProxy, page: PdfPageProxy): Promise<PdfLink[]> {
  const annotations = (await page.getAnnotations()) as LinkAnnotation[];
  const links: PdfLink[] = [];
  for (const annotation of annotations) {
    if (annotation.subtype !== 'Link') continue;
    const url = annotation.url ?? annotation.unsafeUrl;
    if (url !== undefined) {
      links.push({ url });
      continue;
    }
    if (annotation.dest === undefined || annotation.dest === null) continue;
    const dest = typeof annotation.dest === 'string' ? annotation.dest : undefined;
    links.push({ dest, destPage: await resolveDestPage(doc, annotation.dest) });
  }
  return links;
}

async function resolveDestPage(doc: PdfDocumentProxy, dest: unknown): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return undefined;
    const target: unknown = explicit[0];
    if (typeof target === 'number') return target + 1;
    if (target && typeof target === 'object' && 'num' in target && 'gen' in target) {
      return (await doc.getPageIndex(target as { num: number; gen: number })) + 1;
    }
  } catch {
    // An unresolvable destination is reported without a page.
  }
  return undefined;
}

async function readPageFontNames(page: PdfPageProxy): Promise<string[]> {
  const operators = await page.getOperatorList();
  const names: string[] = [];
  for (let index = 0; index < operators.fnArray.length; index++) {
    if (operators.fnArray[index] !== OPS.setFont) continue;
    const fontId = (operators.argsArray[index] as unknown[])[0];
    if (typeof fontId !== 'string' || !page.commonObjs.has(fontId)) continue;
    const font = page.commonObjs.get(fontId) as { name?: unknown } | null;
    if (font && typeof font.name === 'string') names.push(font.name.replace(/^[A-Z]{6}\+/, ''));
  }
  return names;
}

function stringEntries(info: unknown): Record<string, string> {
  const entries: Record<string, string> = {};
  if (!info || typeof info !== 'object') return entries;
  for (const [key, value] of Object.entries(info)) {
    if (typeof value === 'string') entries[key] = value;
  }
  return entries;
}
