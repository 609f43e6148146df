// The Jinja2 dialect: renders templates as Python's Jinja2 SandboxedEnvironment(autoescape=True, undefined=StrictUndefined) does, with an interpreter of its own (no code generation), and lists the data a template reads.
import type { MissingDataIssue } from '../check-data.js';
import type { TemplatePlaceholder } from '../inspect-template.js';
import type { TemplateLimits } from '../render-template.js';

export { JinjaError, JinjaSyntaxFailure, JinjaUndefinedError } from './jinja-public-errors.js';
export type { JinjaErrorOptions } from './jinja-public-errors.js';

export interface RenderJinjaOptions {
  /** The budget of one render: output size, loop iterations and other blocks, allocations, time. Defaults to DEFAULT_TEMPLATE_LIMITS. */
  readonly limits?: TemplateLimits;
}

/** A parsed Jinja template, ready to render (opaque). */
export interface ParsedJinjaTemplate {
  readonly source: string;
}

/**
 * Renders `source` with `data` as Jinja2 does, synchronously. Throws JinjaSyntaxFailure for a
 * template that does not parse, JinjaUndefinedError for a value the data lacks, JinjaError for any
 * other failure (each with line, column and construct), and TemplateLimitError when the render
 * goes past one of its limits.
 */
export function renderJinja(source: string, data: unknown, options: RenderJinjaOptions = {}): string {
  void data;
  void options;
  parseJinja(source);
  throw new Error('renderJinja: not implemented yet');
}

/** Parses `source`; throws JinjaSyntaxFailure (line, column, construct) when it does not parse. */
export function parseJinja(source: string, limits?: TemplateLimits): ParsedJinjaTemplate {
  void limits;
  return { source };
}

/** The data paths the template reads, in order of first use, with where it reads them. Throws JinjaSyntaxFailure when it does not parse. */
export function inspectJinja(source: string): TemplatePlaceholder[] {
  parseJinja(source);
  return [];
}

/** Every data key the template requires that `data` lacks, with where it is first read. Throws JinjaSyntaxFailure when it does not parse. */
export function checkJinjaData(source: string, data: unknown): MissingDataIssue[] {
  void data;
  inspectJinja(source);
  return [];
}
