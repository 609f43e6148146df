// What one Jinja render may spend (output, loop iterations and blocks, allocations, time, call depth), counted as it goes and stopped at the limit with TemplateLimitError.
import { TemplateLimitError, type TemplateLimit } from '../../errors/index.js';

export interface JinjaBudgetLimits {
  readonly renderLimit: number;
  readonly memoryLimit: number;
  readonly outputLimit: number;
  readonly iterationLimit: number;
}

/** Steps (expressions and statements) between two looks at the clock. */
const STEPS_PER_CLOCK_CHECK = 512;

/** Macro calls and recursive loops nested deeper than this fail, as Python's recursion limit would stop Jinja. */
export const MAX_CALL_DEPTH = 200;

export class JinjaBudget {
  private written = 0;
  private blocks = 0;
  private allocated = 0;
  private steps = 0;
  private depth = 0;
  private readonly endsAt: number;

  constructor(
    private readonly limits: JinjaBudgetLimits,
    startedAt = performance.now(),
  ) {
    this.endsAt = startedAt + limits.renderLimit;
  }

  /** One expression or statement evaluated; looks at the clock every few hundred. */
  step(): void {
    this.steps += 1;
    if (this.steps % STEPS_PER_CLOCK_CHECK === 0) this.checkClock();
  }

  checkClock(): void {
    if (performance.now() > this.endsAt) this.exceeded('time', this.limits.renderLimit, `the template took longer than ${this.limits.renderLimit} ms to render`);
  }

  /** Characters written to the output or to a captured block (macro, `set` block, filter block). */
  write(characters: number): void {
    this.written += characters;
    if (this.written > this.limits.outputLimit) this.exceeded('output', this.limits.outputLimit, `the template wrote more than ${this.limits.outputLimit} characters`);
  }

  /** One loop iteration, branch or block body about to run. */
  enterBlock(): void {
    this.blocks += 1;
    if (this.blocks > this.limits.iterationLimit) {
      this.exceeded('iterations', this.limits.iterationLimit, `the template ran more than ${this.limits.iterationLimit} loop iterations and other blocks`);
    }
    this.step();
  }

  /** Characters or items a filter, method or operator is about to make. */
  allocate(units: number): void {
    if (!(units > 0)) return;
    this.allocated += units;
    if (this.allocated > this.limits.memoryLimit) this.exceeded('memory', this.limits.memoryLimit, `the template's filters, operators and ranges used more than ${this.limits.memoryLimit} units of memory`);
  }

  /** Runs `body` one call deeper (a macro, a caller, a recursive loop). */
  nested<T>(body: () => T): T {
    if (this.depth >= MAX_CALL_DEPTH) this.exceeded('iterations', MAX_CALL_DEPTH, `macro calls and recursive loops nested more than ${MAX_CALL_DEPTH} deep`);
    this.depth += 1;
    try {
      return body();
    } finally {
      this.depth -= 1;
    }
  }

  private exceeded(limit: TemplateLimit, maximum: number, detail: string): never {
    throw new TemplateLimitError({ limit, maximum, detail });
  }
}
