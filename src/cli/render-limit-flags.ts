// --render-timeout-ms and --max-pages, which serve and worker both take: the service's render limits.
import type { ServiceLimits } from '../service/index.js';
import { wholeNumber } from './parse-command-line.js';

export const RENDER_LIMIT_OPTIONS = {
  'render-timeout-ms': { type: 'string' },
  'max-pages': { type: 'string' },
} as const;

export interface RenderLimitFlags {
  readonly 'render-timeout-ms'?: string | undefined;
  readonly 'max-pages'?: string | undefined;
}

/** The limits the flags set (none when absent), or a usage problem. */
export function renderLimits(flags: RenderLimitFlags): Partial<ServiceLimits> | { readonly problem: string } {
  const renderTimeoutMs = flags['render-timeout-ms'] === undefined ? undefined : wholeNumber(flags['render-timeout-ms']);
  if (renderTimeoutMs === null || renderTimeoutMs === 0) return { problem: `--render-timeout-ms must be a whole number from 1, not ${flags['render-timeout-ms']}` };
  const maxPages = flags['max-pages'] === undefined ? undefined : wholeNumber(flags['max-pages']);
  if (maxPages === null || maxPages === 0) return { problem: `--max-pages must be a whole number from 1, not ${flags['max-pages']}` };
  return { ...(renderTimeoutMs !== undefined && { renderTimeoutMs }), ...(maxPages !== undefined && { maxPages }) };
}

/** --render-heap-mb, which serve and worker both take: each render thread's old-generation heap. */
export const RENDER_HEAP_OPTION = { 'render-heap-mb': { type: 'string' } } as const;

/** Below this a render thread cannot hold the engine and a short document together. */
const MIN_RENDER_HEAP_MB = 32;

/** The heap cap the flag sets (none when absent), or a usage problem. */
export function renderHeapMb(flag: string | undefined): { readonly maxHeapMb?: number } | { readonly problem: string } {
  if (flag === undefined) return {};
  const megabytes = wholeNumber(flag);
  if (megabytes === null || megabytes < MIN_RENDER_HEAP_MB) return { problem: `--render-heap-mb must be a whole number of megabytes from ${MIN_RENDER_HEAP_MB}, not ${flag}` };
  return { maxHeapMb: megabytes };
}
