// The slice of playwright-core the Chromium engine uses, typed here so that pagesmith's own types
// never name playwright-core: it is an optional peer dependency, loaded only when the engine starts.
import { createRequire } from 'node:module';
import { MissingPeerDependencyError } from '../errors/index.js';

export interface RequestLike {
  url(): string;
  resourceType(): string;
  isNavigationRequest(): boolean;
  frame(): { parentFrame(): unknown };
}

export interface RouteLike {
  request(): RequestLike;
  fulfill(response: { status: number; body: string | Buffer; contentType?: string }): Promise<void>;
  abort(errorCode?: string): Promise<void>;
}

export interface PageLike {
  goto(url: string, options: { waitUntil: 'load' }): Promise<unknown>;
  pdf(options: {
    format: string;
    margin: { top: string; right: string; bottom: string; left: string };
    preferCSSPageSize: boolean;
    printBackground: boolean;
  }): Promise<Buffer>;
}

export interface BrowserContextLike {
  route(url: string, handler: (route: RouteLike) => Promise<void>): Promise<void>;
  newPage(): Promise<PageLike>;
  close(): Promise<void>;
}

/** A Chromium browser as playwright-core's `chromium.launch()` returns it. */
export interface BrowserLike {
  newContext(options: { javaScriptEnabled: boolean; offline?: boolean }): Promise<BrowserContextLike>;
  close(): Promise<void>;
}

interface PlaywrightLike {
  readonly chromium: { launch(options: { executablePath: string; args: string[] }): Promise<BrowserLike> };
}

const PLAYWRIGHT = 'playwright-core';
const NEEDED_BY = 'createChromiumEngine()';

/**
 * Throws MissingPeerDependencyError when playwright-core cannot be found from pagesmith's own
 * folder, where `loadPlaywright` will import it; any other resolution problem is left to the import.
 */
export function assertPlaywrightInstalled(resolve: (specifier: string) => string = resolveFromHere): void {
  try {
    resolve(PLAYWRIGHT);
  } catch (error) {
    if (isModuleNotFound(error)) throw new MissingPeerDependencyError(PLAYWRIGHT, NEEDED_BY, { detail: messageOf(error), cause: error });
  }
}

export async function loadPlaywright(load: (specifier: string) => Promise<unknown> = (specifier) => import(specifier)): Promise<PlaywrightLike> {
  try {
    return (await load(PLAYWRIGHT)) as PlaywrightLike;
  } catch (error) {
    if (isModuleNotFound(error)) throw new MissingPeerDependencyError(PLAYWRIGHT, NEEDED_BY, { detail: messageOf(error), cause: error });
    throw error;
  }
}

function resolveFromHere(specifier: string): string {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  return createRequire(import.meta.url ?? __filename).resolve(specifier);
}

/** `require.resolve` says MODULE_NOT_FOUND, `import()` ERR_MODULE_NOT_FOUND; only for playwright-core itself, not for a file it lacks. */
function isModuleNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && error.message.includes(`'${PLAYWRIGHT}'`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
