// On Node 22.1 and later, the modules a start compiles are kept on disk and reused on the next
// (module.enableCompileCache, in the directory NODE_COMPILE_CACHE names or the system's temporary
// one; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Node 20 has no such cache (decision 0394).
import * as nodeModule from 'node:module';

export function enableCompileCache(): void {
  const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
  try {
    enable?.();
  } catch {
    // A cache that cannot be made (a read-only temporary directory) only costs start-up time.
  }
}
