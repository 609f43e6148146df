// ServiceOperations: what operations tooling asks of a service — each dependency's readiness, its threads, stopping its template threads.
import type { EngineThreadStats } from '../engine/types.js';
import type { ResolvedDeps } from './deps.js';
import { templateStage } from './template-threads.js';

/** One dependency's answer to a readiness check. */
export interface DependencyCheck {
  /** `templates`, `documents`, `quota` (the stores), `engine`, `template_threads`, or an extra check's name. */
  readonly name: string;
  readonly ok: boolean;
  /** Why it is not ready; absent when it is. */
  readonly reason?: string;
  readonly durationMs: number;
}

export interface ReadinessOptions {
  /** How long each check may take before it counts as failed; default 5000 ms. */
  readonly timeoutMs?: number;
  /** Further checks by name, run beside the service's own: each resolves when its dependency answers (e.g. `{ redis: () => redis.ping() }`). */
  readonly checks?: Readonly<Record<string, () => Promise<unknown>>>;
}

/** The service's threads: the engine's render threads (null for an engine without threads) and its template threads. */
export interface ServiceThreadStats {
  readonly render: EngineThreadStats | null;
  readonly template: EngineThreadStats;
}

export interface ServiceOperations {
  /**
   * Asks, side by side, every dependency that can say whether it answers: each store with a
   * `ping`, the engine if it has `ping` (a worker engine's render threads), the template threads,
   * and `checks`. Resolves to one check per dependency, in that order; never rejects.
   */
  readiness(options?: ReadinessOptions): Promise<readonly DependencyCheck[]>;
  /** The render and template threads now, with their restarts. */
  threadStats(): ServiceThreadStats;
  /**
   * Ends the template threads the service renders on: jobs still on them fail. A later call
   * starts them again. (The engine and the stores are the caller's to close.)
   */
  stopTemplateThreads(): Promise<void>;
}

export const DEFAULT_READINESS_TIMEOUT_MS = 5000;

export function createServiceOperations(deps: ResolvedDeps): ServiceOperations {
  const templates = (): ReturnType<typeof templateStage> => templateStage(deps.templateThreads, deps.limits.templateHeapMb);
  return {
    readiness(options = {}) {
      const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
      const checks: [string, () => Promise<unknown>][] = [];
      // A store serving several roles is asked once, under the names of all of them.
      const stores = new Map<object, string[]>();
      for (const [name, store] of [['templates', deps.templates], ['documents', deps.documents], ['quota', deps.quota]] as const) {
        if (typeof store.ping === 'function') stores.set(store, [...(stores.get(store) ?? []), name]);
      }
      for (const [store, names] of stores) checks.push([names.join('+'), () => (store as { ping(): Promise<void> }).ping()]);
      const engine = deps.engine;
      if (typeof engine.ping === 'function') checks.push(['engine', () => engine.ping!()]);
      checks.push(['template_threads', () => templates().ping()]);
      for (const [name, check] of Object.entries(options.checks ?? {})) checks.push([name, check]);
      return Promise.all(checks.map(([name, check]) => runCheck(name, check, timeoutMs)));
    },
    threadStats() {
      return { render: deps.engine.threadStats?.() ?? null, template: templates().stats() };
    },
    stopTemplateThreads: () => templates().stop(),
  };
}

async function runCheck(name: string, check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyCheck> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(check), late]);
    return { name, ok: true, durationMs: performance.now() - started };
  } catch (error) {
    return { name, ok: false, reason: error instanceof Error ? error.message : String(error), durationMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
