// The failures of page images: no raster backend (501), no such page (404), a document whose HTML is not kept (409).
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

/** The optional peer that paints page images, named in the 501 message. */
export const RASTER_PEER = '@napi-rs/canvas';

/** 501: the engine cannot paint page images, or the optional peer that paints them is not installed. */
export class PageImagesUnavailableError extends PagesmithError {
  readonly code = 'PAGE_IMAGES_UNAVAILABLE';
  readonly status = 501;

  constructor(options?: PagesmithErrorOptions) {
    super(
      `Page images are not available on this server: they need the native engine and ${RASTER_PEER}, an optional peer dependency of pagesmith. Install it where the server runs: npm install ${RASTER_PEER}`,
      options,
    );
  }
}

/** 404: the stored document has no page with that number (or the number is not one). */
export class PageNotFoundError extends PagesmithError {
  readonly code = 'PAGE_NOT_FOUND';
  readonly status = 404;
  /** Null when the request named no page number at all. */
  readonly pageCount: number | null;

  constructor(pageCount: number | null, options?: PagesmithErrorOptions) {
    super(
      pageCount === null
        ? 'Page not found. Pages are numbered from 1, as in /pages/1.png.'
        : `Page not found. The document has ${pageCount} page${pageCount === 1 ? '' : 's'}, numbered from 1.`,
      options,
    );
    this.pageCount = pageCount;
  }
}

/** Why a stored document has no page images: password-protected, or stored before its HTML was kept. */
export type NoPageImagesReason = 'protected' | 'not_kept';

/** 409: the document exists, but what its pages are painted from was not kept (decision 0326). */
export class NoPageImagesError extends PagesmithError {
  readonly code = 'NO_PAGE_IMAGES';
  readonly status = 409;
  readonly reason: NoPageImagesReason;

  constructor(reason: NoPageImagesReason, options?: PagesmithErrorOptions) {
    super(
      reason === 'protected'
        ? 'Password-protected documents have no page images: the HTML they were printed from is not kept, so their content stays behind the password.'
        : 'This document has no page images: it was stored before pagesmith kept the HTML documents are printed from. Generate it again to get them.',
      options,
    );
    this.reason = reason;
  }
}
