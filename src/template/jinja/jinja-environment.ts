// What filters, tests, methods and globals need from the render they run in: the budget, the sandbox's lookups, autoescaping, and calls back into filters and tests.
import type { JinjaBudget } from './jinja-budget.js';
import type { Kwargs } from './jinja-callables.js';
import type { SandboxLookup } from './jinja-lookup.js';

export interface RenderEnvironment {
  readonly budget: JinjaBudget;
  readonly lookup: SandboxLookup;
  /** Whether output is escaped here (`{% autoescape %}` may turn it off). */
  readonly autoescape: boolean;
  /** Offset in the template of the expression being evaluated, for Undefined values made on its behalf. */
  readonly offset: number;
  callFilter(name: string, value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown;
  callTest(name: string, value: unknown, args: readonly unknown[], kwargs: Kwargs): boolean;
  /** Calls a template value (macro, builtin, method). */
  callValue(callee: unknown, args: readonly unknown[], kwargs: Kwargs): unknown;
}

export type Filter = (environment: RenderEnvironment, value: unknown, args: readonly unknown[], kwargs: Kwargs) => unknown;
export type Test = (environment: RenderEnvironment, value: unknown, args: readonly unknown[], kwargs: Kwargs) => boolean;
