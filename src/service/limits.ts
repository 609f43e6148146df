// The bounds every request is held to, with their defaults.

export interface ServiceLimits {
  /** Largest `html` content (or stored template content), in UTF-8 bytes. */
  readonly maxContentBytes: number;
  /** Largest `extra_css`, in UTF-8 bytes. */
  readonly maxExtraCssBytes: number;
  /** Largest `data`, measured as JSON in UTF-8 bytes. */
  readonly maxDataBytes: number;
  /** Deepest nesting of objects and arrays in `data`; `data` itself is level 1. */
  readonly maxDataDepth: number;
  /** Most pages one document may have (passed to the engine as `maxPages`). */
  readonly maxPages: number;
  /** Longest time from the start of template rendering to PDF bytes, in milliseconds. */
  readonly renderTimeoutMs: number;
  /** Most characters and array items template filters and ranges may create (LiquidJS `memoryLimit`). */
  readonly templateMemory: number;
  /** Most tags a template may have: `{{ … }}` and `{% … %}`, each line of a `{% liquid %}` counting one. */
  readonly templateTags: number;
  /** Most characters a template may write (text it captures included), so at most what the engine is given. */
  readonly templateOutputChars: number;
  /** Most block bodies one template render may run: each loop iteration, branch taken and capture counts one. */
  readonly templateIterations: number;
  /** Longest template parse and render, in milliseconds (within `renderTimeoutMs`). */
  readonly templateTimeoutMs: number;
  /** Longest conversion of a rendered Markdown template to HTML, in milliseconds (within `renderTimeoutMs`). */
  readonly markdownTimeoutMs: number;
  /** Old-generation heap of each template thread (template rendering and Markdown conversion), in MB. */
  readonly templateHeapMb: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  maxContentBytes: 2 * 1024 * 1024,
  maxExtraCssBytes: 256 * 1024,
  maxDataBytes: 5 * 1024 * 1024,
  maxDataDepth: 32,
  maxPages: 1000,
  renderTimeoutMs: 60_000,
  templateMemory: 10_000_000,
  templateTags: 100_000,
  templateOutputChars: 10_000_000,
  templateIterations: 1_000_000,
  templateTimeoutMs: 10_000,
  markdownTimeoutMs: 10_000,
  templateHeapMb: 512,
};

/** Longest identifier accepted in `template_id` and `application_id`. */
export const MAX_ID_LENGTH = 256;

export function resolveLimits(overrides: Partial<ServiceLimits> = {}): ServiceLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
