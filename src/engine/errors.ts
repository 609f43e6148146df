// The engine's own errors, in a module of their own so code that only needs to recognise them
// (the worker engine's main thread, the Chromium engine) does not load the layout engine.

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
