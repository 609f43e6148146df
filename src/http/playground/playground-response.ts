// GET /playground and /playground/assets/<file>: the playground page, no API key needed (its calls carry the user's), under a strict CSP.
import { randomBytes } from 'node:crypto';
import { MethodNotAllowedError, RouteNotFoundError } from '../../errors/index.js';
import { playgroundAssets, withPrefix, type PlaygroundAsset, type PlaygroundAssets } from './playground-assets.js';

export const PLAYGROUND_PATH = '/playground';
const ASSETS_PATH = '/playground/assets/';

/**
 * Scripts, stylesheets and calls from this origin only: no inline script, no eval, no plugin, no
 * framing. `data:` images are the preview's pages. CodeMirror writes its styles into a `<style>`
 * element, allowed by the page's nonce (a fresh one each time the page is sent), which the page
 * hands to CodeMirror (`EditorView.cspNonce`). Style attributes are allowed: the browser's own
 * editing writes them into the editors as one types over a selection (decision 0329).
 */
export function playgroundCsp(styleNonce?: string): string {
  const styles = styleNonce === undefined ? "'self'" : `'self' 'nonce-${styleNonce}'`;
  return `default-src 'none'; script-src 'self'; style-src ${styles}; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

const PAGE = 'index.html';
const NONCE_PLACEHOLDER = '__PAGESMITH_STYLE_NONCE__';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export interface Playground {
  /** The route pattern of a playground path (for logs and metrics), or null for any other path. */
  route(path: string): string | null;
  respond(request: Request, path: string): Promise<Response>;
}

export function createPlayground(prefix: string): Playground {
  let assets: Promise<PlaygroundAssets> | undefined;
  return {
    route(path) {
      if (path === PLAYGROUND_PATH || path === `${PLAYGROUND_PATH}/`) return PLAYGROUND_PATH;
      return path.startsWith(ASSETS_PATH) ? `${ASSETS_PATH}:file` : null;
    },
    async respond(request, path) {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowedError(['GET', 'HEAD']);
      const name = path.startsWith(ASSETS_PATH) ? path.slice(ASSETS_PATH.length) : PAGE;
      let files: PlaygroundAssets;
      try {
        files = await (assets ??= playgroundAssets().then((loaded) => withPrefix(loaded, prefix)));
      } catch (error) {
        assets = undefined;
        throw new RouteNotFoundError({ detail: "this installation of pagesmith has no playground assets (assets/playground is built by 'npm run build')", cause: error });
      }
      const file = files.get(name);
      if (!file) throw new RouteNotFoundError({ detail: `the playground has no file ${name}` });
      return name === PAGE ? pageResponse(file) : assetResponse(request, name, file);
    },
  };
}

/** The page itself: its style nonce is new each time, so it is never stored. */
function pageResponse(file: PlaygroundAsset): Response {
  const nonce = randomBytes(18).toString('base64');
  const body = new TextDecoder().decode(file.raw).replaceAll(NONCE_PLACEHOLDER, nonce);
  return new Response(body, { status: 200, headers: headersFor(PAGE, 'no-store', nonce) });
}

/** Revalidated on every load (the files change with the package), gzipped for browsers that take it. */
function assetResponse(request: Request, name: string, file: PlaygroundAsset): Response {
  const headers = headersFor(name, 'no-cache');
  headers.set('etag', file.etag);
  headers.set('vary', 'accept-encoding');
  if (request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === file.etag)) return new Response(null, { status: 304, headers });
  const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  if (gzip) headers.set('content-encoding', 'gzip');
  const body = gzip ? file.gzip : file.raw;
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

function headersFor(name: string, cacheControl: string, styleNonce?: string): Headers {
  return new Headers({
    'content-type': CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'content-security-policy': playgroundCsp(styleNonce),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  });
}
