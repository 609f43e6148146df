// The parts of pdfkit's private surface the backend relies on (pdfkit 0.20), typed in one place.
import type { Font as FontkitFont } from 'fontkit';

export interface PdfRef {
  data: Record<string, unknown>;
  end(chunk?: unknown): void;
}

export interface EmbeddedFontInternals {
  readonly id: string;
  readonly font: FontkitFont;
  /** Replaced by a TrueTypeSubset for static TrueType faces (see embeddedFont). */
  subset: { includeGlyph(glyph: number): number };
  readonly widths: number[];
  readonly unicode: (readonly number[])[];
  /** 1000 / unitsPerEm. */
  readonly scale: number;
  ref(): PdfRef;
  /** Glyph codes and positions (1/1000 em) of a text, as svg-to-pdfkit draws it. */
  encode(text: string, features?: unknown): [string[], { advanceWidth: number }[]];
}

/** A stream object before pdfkit writes it: chunks, and whether pdfkit will deflate them. */
export interface PdfStreamRef extends PdfRef {
  buffer: Uint8Array[];
  compress: boolean;
  write(chunk: Uint8Array): void;
}

export interface PageInternals {
  readonly width: number;
  readonly height: number;
  readonly dictionary: PdfRef;
  /** Swapped for a form XObject while a transparency group is painted (see PdfkitBackend.beginGroup). */
  content: PdfStreamRef;
  readonly resources: PdfRef;
  end(): void;
  readonly fonts: Record<string, PdfRef>;
  readonly xobjects: Record<string, PdfRef>;
  readonly ext_gstates: Record<string, PdfRef>;
}

export interface PdfImageInternals {
  readonly width: number;
  readonly height: number;
}

export interface OutlineInternals {
  readonly outlineData: Record<string, unknown>;
  addItem(title: string, options?: { pageNumber?: number; expanded?: boolean }): OutlineInternals;
}

export interface DocumentInternals {
  page: PageInternals | null;
  _font: EmbeddedFontInternals | null;
  /** The fonts `font(name)` selects by name. */
  readonly _fontFamilies: Record<string, EmbeddedFontInternals>;
  _id: Uint8Array | string;
  info: Record<string, unknown>;
  readonly outline: OutlineInternals;
  readonly _root: { data: { Pages: { data: { Kids: PdfRef[] } } } };
  addContent(data: string): unknown;
  ref(data?: Record<string, unknown>): PdfRef;
  font(src: unknown, family?: string): unknown;
  openImage(src: Buffer): PdfImageInternals;
  addNamedDestination(name: string, ...args: unknown[]): void;
}
