// The engine's own errors, in a module of their own so code that only needs to recognise them
// (the worker engine's main thread, the Chromium engine) does not load the layout engine.
import { MissingPeerDependencyError } from '../errors/missing-peer-dependency-error.js';
import type { PagesmithErrorOptions, ValidationFailureEnvelope, ValidationIssue } from '../errors/pagesmith-error.js';
import { ValidationError } from '../errors/validation-error.js';

export class PageLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The document needs more than ${limit} pages`);
    this.name = 'PageLimitError';
  }
}

/** A worker engine's render thread ran out of the heap it was given (`maxHeapMb`). */
export class RenderMemoryLimitError extends Error {
  constructor(readonly limitMb: number) {
    super(`Rendering the document needs more than the ${limitMb} MB of heap the render thread is allowed`);
    this.name = 'RenderMemoryLimitError';
  }
}

/**
 * Layout would nest boxes deeper than the engine allows (inline-blocks, tables, flex or grid
 * containers inside one another): past it, the stack of a render on the caller's thread runs out.
 */
export class NestingDepthLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The document nests boxes more than ${limit} levels deep (inline-blocks, tables, flex, grid or floats inside one another); flatten its structure`);
    this.name = 'NestingDepthLimitError';
  }
}

/** The render ran past its time limit (`timeoutMs`). */
export class RenderTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`Rendering the document took longer than its ${limitMs} ms limit`);
    this.name = 'RenderTimeoutError';
  }
}

/**
 * Page images (`renderImages`) need `@napi-rs/canvas`, an optional peer dependency that paints them;
 * it is not installed.
 */
export class RasterUnavailableError extends MissingPeerDependencyError {
  constructor(options?: PagesmithErrorOptions) {
    super('@napi-rs/canvas', 'Page images (renderImages)', options);
  }
}

/** Options of `renderImages` out of range (a scale, width, page number or quality): a 422 listing each. */
export class PageImageOptionsError extends ValidationError {
  constructor(issues: readonly ValidationIssue[], options?: PagesmithErrorOptions) {
    super(issues, options);
    this.message = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  }

  /** The envelope says `Validation failed`, as every 422 does; the issues say what. */
  override toEnvelope(): ValidationFailureEnvelope {
    return { ...super.toEnvelope(), message: 'Validation failed' };
  }
}

/** A page image would have more pixels than allowed (`maxPixels`): ask for a smaller scale or width. */
export class PageImageTooLargeError extends PageImageOptionsError {
  constructor(readonly page: number, readonly width: number, readonly height: number, readonly maxPixels: number, readonly field: 'scale' | 'width') {
    super([{
      field,
      type: 'value_error',
      message: `page ${page} would be ${width} × ${height} px (${(width * height / 1e6).toFixed(1)} megapixels), more than the ${maxPixels / 1e6} megapixels a page image may have; ask for a smaller ${field}`,
    }]);
  }
}
