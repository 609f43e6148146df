// The failures of the Jinja dialect while it parses and renders, named as Python names them, with the offset in the template where each happened.

/** A template that does not parse: Jinja's TemplateSyntaxError (and TemplateAssertionError). */
export class JinjaSyntaxError extends Error {
  override readonly name = 'TemplateSyntaxError';

  constructor(
    message: string,
    /** Offset in the template's text. */
    readonly offset: number,
    /** `TemplateSyntaxError`, or `TemplateAssertionError` for a filter or test Jinja does not have. */
    readonly pythonType: 'TemplateSyntaxError' | 'TemplateAssertionError' = 'TemplateSyntaxError',
  ) {
    super(message);
  }
}

/**
 * A failure while rendering, with the Python exception it stands for (`UndefinedError`,
 * `TypeError`, `SecurityError`, …). The offset is filled in by the innermost construct that
 * sees it go by, when the place that raised it did not know.
 */
export class JinjaRuntimeError extends Error {
  constructor(
    readonly pythonType: string,
    message: string,
    public offset?: number,
    /** The construct it happened in, filled in with the offset. */
    public construct?: string,
  ) {
    super(message);
    this.name = pythonType;
  }
}
