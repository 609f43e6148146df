// Loads an optional peer dependency (pg, ioredis) when a store needs it, or throws MissingPeerDependencyError saying what to install.
import { createRequire } from 'node:module';
import { MissingPeerDependencyError } from '../errors/index.js';

/**
 * Requires `name` from pagesmith's own folder when called, never when pagesmith is imported (both
 * peers are CommonJS packages, so this works from either build). Only "module not found" for the
 * package itself becomes MissingPeerDependencyError; a broken install (a file missing inside it)
 * fails as it is (decision 0233).
 */
export function loadOptionalPeer<T>(name: string, neededBy: string, load: (specifier: string) => unknown = requireFromHere): T {
  try {
    return load(name) as T;
  } catch (error) {
    if (isModuleNotFound(error, name)) {
      throw new MissingPeerDependencyError(name, neededBy, { detail: error instanceof Error ? error.message : String(error), cause: error });
    }
    throw error;
  }
}

function requireFromHere(specifier: string): unknown {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  return createRequire(import.meta.url ?? __filename)(specifier);
}

/** `require` says MODULE_NOT_FOUND; only for the package itself, not for a file inside it that is missing. */
function isModuleNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && error.message.includes(`'${name}'`);
}
