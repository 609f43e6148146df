// The V8 settings the `pagesmith` executable runs with: set before any render thread starts, so
// their isolates are made with them (decision 0369).
import { setFlagsFromString } from 'node:v8';

/**
 * Turns V8's allocation-site pretenuring off for this process and the render threads it starts,
 * unless the command line or NODE_OPTIONS already says either way. Rendering makes a tree of
 * objects per document that lives a few milliseconds; pretenuring sees it survive a young
 * collection mid-render and allocates it straight into the old generation from then on, which
 * leaves it to full collections (decision 0141).
 */
export function applyRenderingV8Flags(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env['NODE_OPTIONS'] ?? ''): boolean {
  const said = [...execArgv, ...nodeOptions.split(/\s+/)].some((option) => /^--(no-)?allocation[-_]site[-_]pretenuring$/.test(option));
  if (said) return false;
  setFlagsFromString('--no-allocation-site-pretenuring');
  return true;
}
