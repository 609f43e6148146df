// The errors callers of the Jinja dialect see: a template that does not parse, a value the data lacks, any other failure while rendering; each with the line, column and Jinja construct it happened in.
import { TemplateEngineError } from '../../errors/index.js';

export interface JinjaErrorOptions {
  /** Python's exception name: `TemplateSyntaxError`, `UndefinedError`, `TypeError`, `SecurityError`, … */
  readonly pythonType: string;
  /** The message Jinja gives, e.g. `'customer' is undefined`. */
  readonly jinjaMessage: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  /** The construct it happened in: `{{ … }}`, `{% for %}`, `{% if %}`, `| round`, … */
  readonly construct: string;
  readonly cause?: unknown;
}

/**
 * A Jinja template that cannot be parsed or rendered. Its envelope is the spec's template engine
 * error, byte for byte; `jinjaMessage`, `line`, `column` and `construct` (also in `detail`) say
 * what and where, for the render's diagnostics and the preflight.
 */
export class JinjaError extends TemplateEngineError {
  readonly pythonType: string;
  readonly jinjaMessage: string;
  readonly construct: string;
  declare readonly line: number;
  declare readonly column: number;

  constructor(options: JinjaErrorOptions) {
    super({
      line: options.line,
      column: options.column,
      detail: `${options.pythonType}: ${options.jinjaMessage} (line ${options.line}, column ${options.column}, in ${options.construct})`,
      cause: options.cause,
    });
    this.pythonType = options.pythonType;
    this.jinjaMessage = options.jinjaMessage;
    this.construct = options.construct;
  }
}

/** The template does not parse (Jinja's TemplateSyntaxError), or uses something this dialect refuses (`include`, `extends`, `import`). */
export class JinjaSyntaxFailure extends JinjaError {}

/** The template read a value the data does not have (Jinja's UndefinedError under StrictUndefined). */
export class JinjaUndefinedError extends JinjaError {}
