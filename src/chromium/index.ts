// The Chromium engine's public entry.
export { createChromiumEngine, type ChromiumEngine, type ChromiumEngineOptions } from './chromium-engine.js';
export type { BrowserContextLike, BrowserLike, PageLike, RequestLike, RouteLike } from './playwright.js';
