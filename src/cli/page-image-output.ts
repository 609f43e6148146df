// `pagesmith render --format png|jpeg|webp`: the page images' options from the command line, an
// engine that paints them where the service would have it write a PDF, and their file names.
import { extname } from 'node:path';
import type { PageImageFormat, PageImageOptions, PageImages, PdfEngine } from '../engine/types.js';

export const IMAGE_FORMATS: readonly PageImageFormat[] = ['png', 'jpeg', 'webp'];

/** Page numbers `--pages` may list in all (a range of millions is a typo, not a request). */
const MAX_LISTED_PAGES = 10_000;

/** What the command line asks the output to be: a PDF, or page images of a format. */
export type OutputFormat = 'pdf' | PageImageFormat;

/** `--format`, else what the output file's extension names (`.png`, `.jpg`, `.webp`), else pdf. */
export function outputFormatArgument(format: string | undefined, output: string): OutputFormat | { readonly problem: string } {
  if (format !== undefined) {
    const named = format.toLowerCase() === 'jpg' ? 'jpeg' : format.toLowerCase();
    if (named === 'pdf' || (IMAGE_FORMATS as readonly string[]).includes(named)) return named as OutputFormat;
    return { problem: `--format must be pdf, png, jpeg or webp, not ${format}` };
  }
  const extension = extname(output).slice(1).toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return extension === 'png' || extension === 'webp' ? extension : 'pdf';
}

/** `--pages 1,3-4`: 1-based page numbers in the order listed, or a usage message. */
export function pageListArgument(text: string): number[] | { readonly problem: string } {
  const pages: number[] = [];
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = range ? Number(range[1]) : 0;
    const last = range?.[2] !== undefined ? Number(range[2]) : first;
    if (!range || first < 1 || last < first) return { problem: `--pages lists page numbers and ranges from 1, such as 1,3-4; not ${text}` };
    if (pages.length + (last - first + 1) > MAX_LISTED_PAGES) return { problem: `--pages lists more than ${MAX_LISTED_PAGES} pages` };
    for (let page = first; page <= last; page++) pages.push(page);
  }
  return pages;
}

/** `--scale` or `--width` as a number (the engine checks their bounds), or a usage message. */
export function positiveNumberArgument(name: string, text: string | undefined): number | undefined | { readonly problem: string } {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return { problem: `--${name} must be a number above 0, not ${text}` };
  return value;
}

/**
 * The engine the service renders with, painting page images where it would write a PDF: the
 * template is checked, rendered and limited as for a PDF, and the images wait in `images()`. The
 * service gets a one-page stand-in PDF, which goes no further than the command.
 */
export function pageImageEngine(base: PdfEngine, paint: Pick<PageImageOptions, 'pages' | 'scale' | 'width' | 'format' | 'quality'>): { readonly engine: PdfEngine; images(): PageImages | null } {
  let painted: PageImages | null = null;
  const renderImages = base.renderImages;
  if (renderImages === undefined) throw new Error(`engine ${base.name} cannot paint page images`);
  const engine: PdfEngine = {
    name: `${base.name}-images`,
    render: async (html, options = {}) => {
      const { resourceLoader, maxPages, signal, timeoutMs, onWarning } = options;
      painted = await renderImages.call(base, html, { resourceLoader, maxPages, signal, timeoutMs, onWarning, ...paint });
      return STAND_IN_PDF;
    },
  };
  return { engine, images: () => painted };
}

const STAND_IN_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Pages /Count 1 /Kids [] >> endobj\n%%EOF\n');

/** `out.png` → `out-3.png` for page 3; an output without the format's extension gets it (`out` → `out-3.png`). */
export function pageImageFile(output: string, page: number, format: PageImageFormat): string {
  const extension = extname(output);
  const known = ['.png', '.jpg', '.jpeg', '.webp'].includes(extension.toLowerCase());
  const stem = known ? output.slice(0, -extension.length) : output;
  return `${stem}-${page}${known ? extension : `.${format === 'jpeg' ? 'jpg' : format}`}`;
}
