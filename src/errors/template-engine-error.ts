// 500: the template could not be rendered (missing data, bad placeholder syntax, malformed content).
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export interface TemplateEngineErrorOptions extends PagesmithErrorOptions {
  /** 1-based position in the template the failure points at, when known. */
  readonly line?: number;
  readonly column?: number;
}

export class TemplateEngineError extends PagesmithError {
  readonly code = 'TEMPLATE_ENGINE_ERROR';
  readonly status = 500;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(options: TemplateEngineErrorOptions = {}) {
    super('Template engine error!', options);
    this.line = options.line;
    this.column = options.column;
  }
}
