// limitFailure: which template or engine limit stopped a call, read from its error, for metrics.
import { TemplateLimitError, type TemplateLimit } from '../errors/index.js';

/** An engine limit: pages (`maxPages`), box nesting, render time (`renderTimeoutMs`), render-thread heap. */
export type EngineLimit = 'pages' | 'nesting' | 'time' | 'memory';

export type LimitFailure = { readonly stage: 'template'; readonly limit: TemplateLimit } | { readonly stage: 'engine'; readonly limit: EngineLimit };

/** The engine's errors by name: they cross from render threads and browsers as names, not classes. */
const ENGINE_LIMITS: Readonly<Record<string, EngineLimit>> = {
  PageLimitError: 'pages',
  NestingDepthLimitError: 'nesting',
  RenderTimeoutError: 'time',
  RenderMemoryLimitError: 'memory',
};

/**
 * The limit behind a failed call's error, or null when no limit stopped it. The service wraps
 * an engine's limit in the contract's 422 or 500, with the engine's error as its cause.
 */
export function limitFailure(error: unknown): LimitFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof TemplateLimitError) return { stage: 'template', limit: current.limit };
    const engine = ENGINE_LIMITS[current.name];
    if (engine !== undefined) return { stage: 'engine', limit: engine };
    current = current.cause;
  }
  return null;
}
