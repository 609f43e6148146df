// What one template render may spend (output, block bodies, allocations, time), counted as it goes and stopped at the limit.
import { Context, toPromise, toValue, type Emitter, type Liquid, type Template } from 'liquidjs';
import { DocumentCreationError, TemplateLimitError, type TemplateLimit } from '../errors/index.js';
import { stringifyOutput } from './stringify-output.js';

export interface TemplateBudgetLimits {
  /** Longest parse and render, in milliseconds. */
  readonly renderLimit: number;
  /** Most characters and array items filters and ranges may allocate (LiquidJS's `memoryLimit` units). */
  readonly memoryLimit: number;
  /** Most characters the template may write, captured text included. */
  readonly outputLimit: number;
  /** Most block bodies the render may run: each loop iteration, branch taken and capture counts one. */
  readonly iterationLimit: number;
}

/**
 * How long a render keeps the event loop before it lets other work run. Short enough that a
 * server stays responsive while a long template renders, long enough that pausing costs nothing
 * measurable (one `setImmediate` per slice).
 */
export const PAUSE_EVERY_MS = 10;

type Limiter = NonNullable<ConstructorParameters<typeof Context>[3]>['renderLimit'];

const budgets = new WeakMap<object, TemplateBudget>();

/**
 * One render's spending. LiquidJS consults it through the two limiter objects of its context:
 * `memory.use(n)` from every filter and range that allocates, `clock.check(now)` before every
 * template node; the renderer hook (`applyBudget`) counts block bodies, gives each captured
 * block an emitter that counts what it writes, and pauses for the event loop every slice.
 */
export class TemplateBudget {
  private written = 0;
  private blocks = 0;
  private allocated = 0;
  private readonly endsAt: number;
  private pauseAt: number;

  /** LiquidJS's memory limiter. */
  readonly memory = {
    use: (count: number): void => {
      if (!(+count > 0)) return;
      this.allocated += +count;
      if (this.allocated > this.limits.memoryLimit) {
        throw this.exceeded('memory', this.limits.memoryLimit, `the template's filters and ranges used more than ${this.limits.memoryLimit} units of memory`);
      }
    },
    check: (): void => undefined,
  };

  /** LiquidJS's render-time limiter; `now` is `performance.now()`. */
  readonly clock = {
    use: (): void => undefined,
    check: (now: number): void => {
      if (this.signal?.aborted) throw abortReason(this.signal);
      if (now > this.endsAt) {
        throw this.exceeded('time', this.limits.renderLimit, `the template took longer than ${this.limits.renderLimit} ms to render`);
      }
    },
  };

  /** `startedAt` (a `performance.now()` time) is when the time limit started counting: before parsing. */
  constructor(
    private readonly limits: TemplateBudgetLimits,
    private readonly signal?: AbortSignal,
    startedAt = performance.now(),
  ) {
    this.endsAt = startedAt + limits.renderLimit;
    this.pauseAt = performance.now() + PAUSE_EVERY_MS;
    budgets.set(this.clock, this);
  }

  /** The budget a LiquidJS context renders under, if it is one of ours. */
  static of(context: Context): TemplateBudget | undefined {
    return budgets.get(context.renderLimit);
  }

  /** Renders `templates` with `data` under this budget; rejects with the limit error when one runs out. */
  async render(liquid: Liquid, templates: Template[], data: object): Promise<string> {
    if (this.signal?.aborted) throw abortReason(this.signal);
    const context = new Context(data, liquid.options, { sync: false }, {
      memoryLimit: this.memory as unknown as Limiter,
      renderLimit: this.clock as unknown as Limiter,
      liquid,
    });
    const output: unknown = await toPromise(liquid.renderer.renderTemplates(templates, context, this.emitter()));
    return typeof output === 'string' ? output : stringifyOutput(output);
  }

  /** Counts one block body about to render. */
  enterBlock(): void {
    this.blocks += 1;
    if (this.blocks > this.limits.iterationLimit) {
      throw this.exceeded('iterations', this.limits.iterationLimit, `the template ran more than ${this.limits.iterationLimit} loop iterations and other blocks`);
    }
  }

  /** A promise to yield to LiquidJS when this slice of the event loop is used up, else undefined. */
  pauseIfDue(): Promise<void> | undefined {
    if (performance.now() < this.pauseAt) return undefined;
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        this.pauseAt = performance.now() + PAUSE_EVERY_MS;
        resolve();
      });
    });
  }

  /** An emitter that counts every character written to it against the output limit. */
  emitter(): Emitter {
    const emitter: Emitter = {
      buffer: '',
      write: (html: unknown): void => {
        const text = stringifyOutput(html);
        this.written += text.length;
        if (this.written > this.limits.outputLimit) {
          throw this.exceeded('output', this.limits.outputLimit, `the template wrote more than ${this.limits.outputLimit} characters`);
        }
        emitter.buffer += text;
      },
    };
    return emitter;
  }

  private exceeded(limit: TemplateLimit, maximum: number, detail: string): TemplateLimitError {
    return new TemplateLimitError({ limit, maximum, detail });
  }
}

/** Filters whose work grows as n·log n in the items they are given; LiquidJS charges them n. */
const SORTING_FILTERS = ['sort', 'sort_natural'] as const;

/**
 * Puts the renders of `liquid` under the budget of their context. Every block render goes
 * through it: loop iterations, branches and captures count against the iteration limit,
 * captures get a counting emitter, and the render pauses for the event loop once per slice.
 * Sorting filters are charged n·⌈log₂ n⌉ memory units up front, so that no single filter call
 * does much more work than its charge. Renders without a budget pass through unchanged.
 */
export function applyBudget(liquid: Liquid): void {
  chargeSorts(liquid);
  boundRenderer(liquid);
}

interface FilterThis {
  readonly context: Context;
}

type FilterFunction = (this: FilterThis, ...args: unknown[]) => unknown;

function chargeSorts(liquid: Liquid): void {
  for (const name of SORTING_FILTERS) {
    const sort = liquid.filters[name] as FilterFunction | undefined;
    if (typeof sort !== 'function') continue;
    liquid.registerFilter(name, function (this: FilterThis, input: unknown, ...args: unknown[]): unknown {
      const items: unknown = toValue(input);
      const count = Array.isArray(items) ? items.length : 1;
      // LiquidJS charges the first n itself.
      if (count > 1) this.context.memoryLimit.use(count * (Math.ceil(Math.log2(count)) - 1));
      return sort.call(this, input, ...args);
    });
  }
}

/** Template nodes rendered between two looks at the clock for a pause, in a long flat template. */
const NODES_PER_STEP = 256;

function boundRenderer(liquid: Liquid): void {
  const renderer = liquid.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = function* (templates: Template[], context: Context, emitter?: Emitter): IterableIterator<unknown> {
    const budget = TemplateBudget.of(context);
    if (!budget) return yield* renderTemplates(templates, context, emitter);
    budget.enterBlock();
    const output = emitter ?? budget.emitter();
    // LiquidJS renders a block's nodes in one loop; a long flat template is handed to it a few
    // hundred nodes at a time, so it can pause between them. Its loop stops at `break` and
    // `continue`, and so does this one.
    let start = 0;
    do {
      const pause = budget.pauseIfDue();
      if (pause) yield pause;
      const step = templates.length <= NODES_PER_STEP ? templates : templates.slice(start, start + NODES_PER_STEP);
      yield* renderTemplates(step, context, output);
      start += NODES_PER_STEP;
    } while (start < templates.length && !context.breakCalled && !context.continueCalled);
    return output.buffer;
  };
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DocumentCreationError({ detail: 'template rendering was aborted' });
}
