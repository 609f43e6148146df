// A stored document's page as an image, painted from the HTML it was printed from; for the account that made it only.
import type { PageImageFormat } from '../engine/types.js';
import { DocumentNotFoundError, NoPageImagesError, PageNotFoundError, ValidationError } from '../errors/index.js';
import { isEncryptedPdf } from '../protect/index.js';
import { startDeadline } from './deadline.js';
import { resolveDeps, type CallOptions, type Principal, type ServiceDeps } from './deps.js';
import type { OutcomeHeaders, Outcome } from './outcome.js';
import { PAGE_IMAGE_WIDTH, paintPages } from './page-images.js';
import { engineFailure } from './produce-document.js';
import { runSafely } from './run-safely.js';
import { WARNINGS_HEADER, warningsHeaderValue } from './warnings-header.js';
import type { RenderWarning } from '../engine/types.js';

export interface PageImageRequest {
  /** Pixels across; default 800, from 100 to 2000. A decimal string (a query parameter) is read as its number. */
  readonly width?: number | string | null;
  /** Default `png`. */
  readonly format?: PageImageFormat;
}

/**
 * Never rejects. 200 with the image's bytes; 404 for a document that is not the caller's or a page
 * it does not have, 409 for one whose HTML was not kept (password-protected, or stored before it
 * was kept), 422 for a width out of bounds, 501 when the engine cannot paint images. No quota used.
 */
export async function documentPageImage(
  deps: ServiceDeps,
  principal: Principal,
  documentId: unknown,
  page: unknown,
  request: PageImageRequest = {},
  options: CallOptions = {},
): Promise<Outcome<Uint8Array>> {
  return runSafely(principal, async (accountId) => {
    const resolved = resolveDeps(deps);
    const width = pageImageWidth(request.width);
    const document = typeof documentId === 'string' ? await resolved.documents.getDocument(documentId) : null;
    if (!document || document.accountId !== accountId) throw new DocumentNotFoundError({ detail: `document ${String(documentId)}` });
    if (typeof document.html !== 'string') throw new NoPageImagesError(isEncryptedPdf(document.bytes) ? 'protected' : 'not_kept', { detail: `document ${document.id}` });
    const number = pageNumber(page);
    if (number === null) throw new PageNotFoundError(null, { detail: `page ${String(page)} of document ${document.id}` });

    const warnings: RenderWarning[] = [];
    const deadline = startDeadline(resolved.limits.renderTimeoutMs, options.signal);
    let painted;
    try {
      painted = await paintPages(resolved, document.html, { pages: [number], width, format: request.format ?? 'png', onWarning: (warning) => warnings.push(warning) }, deadline);
    } catch (error) {
      throw engineFailure(error, resolved.limits);
    } finally {
      deadline.clear();
    }
    const image = painted.images[0];
    if (image === undefined) throw new PageNotFoundError(painted.pageCount, { detail: `page ${number} of document ${document.id}` });
    const name = document.filename.replace(/\.pdf$/i, '');
    const warning = warningsHeaderValue(warnings);
    const headers: OutcomeHeaders = {
      'content-type': image.mediaType,
      'content-length': String(image.data.byteLength),
      'content-disposition': `inline; filename="${name}-page-${number}.${image.format}"`,
      'x-page-count': String(painted.pageCount),
      ...(warning !== undefined && { [WARNINGS_HEADER]: warning }),
    };
    return { ok: true, status: 200, headers, body: image.data };
  });
}

/** A page number as a path gives it: digits only, from 1; null for anything else. */
function pageNumber(page: unknown): number | null {
  const text = typeof page === 'number' ? String(page) : page;
  if (typeof text !== 'string' || !/^[0-9]{1,9}$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 ? number : null;
}

/** Throws ValidationError (field `width`) unless it is absent or a whole number within bounds. */
function pageImageWidth(width: PageImageRequest['width']): number {
  if (width === undefined || width === null || width === '') return PAGE_IMAGE_WIDTH.default;
  const number = typeof width === 'number' ? width : /^[0-9]{1,9}$/.test(width) ? Number(width) : Number.NaN;
  const { min, max } = PAGE_IMAGE_WIDTH;
  if (Number.isInteger(number) && number >= min && number <= max) return number;
  const message = Number.isInteger(number)
    ? number < min
      ? `Input should be greater than or equal to ${min}`
      : `Input should be less than or equal to ${max}`
    : 'Input should be a valid integer, unable to parse string as an integer';
  const type = Number.isInteger(number) ? (number < min ? 'greater_than_equal' : 'less_than_equal') : 'int_parsing';
  throw new ValidationError([{ field: 'width', type, message }]);
}
