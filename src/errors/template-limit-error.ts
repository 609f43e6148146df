// 500 `Template engine error!`: the template needed more than a limit allows; `limit` names which.
import { TemplateEngineError, type TemplateEngineErrorOptions } from './template-engine-error.js';

/**
 * What ran out: the tags a template may have (`tags`), the characters it wrote (`output`), the
 * loop iterations and other block bodies it rendered (`iterations`), what its filters and ranges
 * allocated (`memory`), its render time (`time`), the heap of the thread rendering it (`heap`),
 * or the time its Markdown took to convert to HTML (`markdownTime`).
 */
export type TemplateLimit = 'tags' | 'output' | 'iterations' | 'memory' | 'time' | 'heap' | 'markdownTime';

export interface TemplateLimitErrorOptions extends TemplateEngineErrorOptions {
  readonly limit: TemplateLimit;
  /** The limit's value: tags, characters, blocks, allocation units, milliseconds or megabytes (`heap`). */
  readonly maximum: number;
}

/**
 * The envelope is the spec's template engine error, byte for byte; `limit`, `maximum` and
 * `detail` say which limit stopped the render, for logs and for callers of the library. To get
 * past it, make the template do less, or raise the limit (`ServiceLimits`) if the work is meant.
 */
export class TemplateLimitError extends TemplateEngineError {
  readonly limit: TemplateLimit;
  readonly maximum: number;

  constructor(options: TemplateLimitErrorOptions) {
    super(options);
    this.limit = options.limit;
    this.maximum = options.maximum;
  }
}
