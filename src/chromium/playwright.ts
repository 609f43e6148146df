// The slice of playwright-core the Chromium engine uses, typed here so that pagesmith's own types
// never name playwright-core: it is an optional peer dependency, loaded only when the engine starts.

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

export async function loadPlaywright(): Promise<PlaywrightLike> {
  try {
    const specifier = 'playwright-core';
    return (await import(specifier)) as PlaywrightLike;
  } catch (error) {
    throw new Error('The Chromium engine needs playwright-core: npm install playwright-core', { cause: error });
  }
}
