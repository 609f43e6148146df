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
}

export const DEFAULT_LIMITS: ServiceLimits = {
  maxContentBytes: 2 * 1024 * 1024,
  maxExtraCssBytes: 256 * 1024,
  maxDataBytes: 5 * 1024 * 1024,
  maxDataDepth: 32,
  maxPages: 1000,
  renderTimeoutMs: 60_000,
  templateMemory: 10_000_000,
};

/** Longest identifier accepted in `template_id` and `application_id`. */
export const MAX_ID_LENGTH = 256;

export function resolveLimits(overrides: Partial<ServiceLimits> = {}): ServiceLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
