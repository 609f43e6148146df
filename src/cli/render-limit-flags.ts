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
