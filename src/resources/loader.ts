// Builds the ResourceLoader a caller configures: data: URIs always, one base folder and allow-listed hosts on request.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDataUri } from './data-uri.js';
import { loadFile } from './file.js';
import type { LoadOutcome } from './outcome.js';
import type { LoadedResource, ResourceKind, ResourceLoader } from './types.js';

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface NetworkAccess {
  /** Hosts that may be fetched over http(s): exact names or `*.example.com` (subdomains only). */
  readonly hosts: readonly string[];
  /** Per-response limit; defaults to the loader's `maxBytes`. */
  readonly maxBytes?: number;
  /** Limit for one fetch including DNS and redirects; default 10 s. */
  readonly timeoutMs?: number;
}

export interface ResourceLoaderOptions {
  /** The one folder files may be read from; relative and `file:` URLs resolve against it. */
  readonly baseDir?: string;
  /** Allow http(s) to these hosts; without it nothing is fetched over the network. */
  readonly allowNetwork?: NetworkAccess;
  /** Largest resource accepted from a data: URI or a file (and by default the network); default 20 MB. */
  readonly maxBytes?: number;
  /** Told about every resource that comes back null, with the reason: for logging or a strict mode (errors it throws are ignored). */
  readonly onRefused?: (url: string, reason: string) => void;
}

/**
 * A loader for untrusted templates. With no options it reads only `data:` URIs; `baseDir`
 * adds regular files inside that folder; `allowNetwork` adds http(s) from listed hosts with
 * public addresses. Whatever is refused or fails resolves to null and is reported to `onRefused`.
 */
export function createResourceLoader(options: ResourceLoaderOptions = {}): ResourceLoader {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const baseDir = options.baseDir === undefined ? null : resolve(options.baseDir);
  const documentBaseUrl = baseDir === null ? null : withTrailingSlash(pathToFileURL(baseDir).href);
  const network = options.allowNetwork
    ? {
        hosts: [...options.allowNetwork.hosts],
        maxBytes: options.allowNetwork.maxBytes ?? maxBytes,
        timeoutMs: options.allowNetwork.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      }
    : null;

  async function attempt(url: string, baseUrl: string | undefined): Promise<LoadOutcome> {
    if (/^\s*data:/i.test(url)) return loadDataUri(url.trim(), maxBytes);
    const base = baseUrl ?? documentBaseUrl ?? undefined;
    let target: URL;
    try {
      target = new URL(url, base);
    } catch {
      return { ok: false, reason: base ? 'not a valid URL' : 'relative URL and no base folder' };
    }
    switch (target.protocol) {
      case 'data:':
        return loadDataUri(target.href, maxBytes);
      case 'file:':
        if (baseDir === null) return { ok: false, reason: 'file access not enabled (no baseDir)' };
        return loadFile(target, baseDir, maxBytes);
      case 'http:':
      case 'https:':
        if (network === null) return { ok: false, reason: 'network access not enabled (no allowNetwork)' };
        // node:http and DNS load with the first fetch: a render without network access never needs them.
        return (await import('./network.js')).loadHttp(target, network);
      default:
        return { ok: false, reason: `scheme ${target.protocol} not allowed` };
    }
  }

  return {
    documentBaseUrl,
    async load(url: string, _kind: ResourceKind, baseUrl?: string): Promise<LoadedResource | null> {
      let outcome: LoadOutcome;
      try {
        outcome = await attempt(url, baseUrl);
      } catch (error) {
        outcome = { ok: false, reason: `unexpected failure: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (outcome.ok) return outcome.resource;
      try {
        options.onRefused?.(url, outcome.reason);
      } catch {
        // load() never throws; a strict mode collects refusals here and fails after rendering.
      }
      return null;
    },
  };
}

function withTrailingSlash(href: string): string {
  return href.endsWith('/') ? href : `${href}/`;
}
