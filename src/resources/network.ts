// Fetches http(s) resources from allow-listed hosts, pinned to DNS answers that passed the address check.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address.js';
import { isHostAllowed } from './host-allowed.js';
import { loaded, refused, type LoadOutcome } from './outcome.js';

export interface NetworkPolicy {
  readonly hosts: readonly string[];
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Seams for tests; production code passes none and gets system DNS and the public-address rule. */
export interface NetworkHooks {
  readonly resolveHost?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
  readonly isAddressAllowed?: (address: string) => boolean;
}

export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url` under `policy`: http(s) only, allow-listed host, every DNS answer public, the
 * connection made to the checked address, each redirect hop checked again (at most three,
 * never https → http), the body cut off past `maxBytes`, the whole exchange within `timeoutMs`.
 */
export async function loadHttp(url: URL, policy: NetworkPolicy, hooks: NetworkHooks = {}): Promise<LoadOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const target = await checkTarget(current, policy, hooks, controller.signal);
      if ('reason' in target) return refused(target.reason);
      const response = await get(current, target, controller.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) return refused(`HTTP ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) return refused(`more than ${MAX_REDIRECTS} redirects`);
        const next = new URL(location, current);
        if (current.protocol === 'https:' && next.protocol !== 'https:') return refused('redirect from https to a non-https URL');
        current = next;
        continue;
      }
      return await readBody(current, response, policy.maxBytes);
    }
  } catch (error) {
    if (controller.signal.aborted) return refused(`timed out after ${policy.timeoutMs} ms`);
    return refused(`network error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A `lookup` for http(s).request that answers every query with the one address already checked. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function checkTarget(url: URL, policy: NetworkPolicy, hooks: NetworkHooks, signal: AbortSignal): Promise<ResolvedAddress | { reason: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: `scheme ${url.protocol} not allowed` };
  if (url.username !== '' || url.password !== '') return { reason: 'URL carries credentials' };
  if (!isHostAllowed(url.hostname, policy.hosts)) return { reason: `host ${url.hostname} is not in the allow-list` };
  const hostname = bareHost(url);
  const resolveHost = hooks.resolveHost ?? systemResolve;
  const isAllowed = hooks.isAddressAllowed ?? isPublicAddress;
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await abortable(resolveHost(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return { reason: `host ${hostname} does not resolve` };
  }
  if (addresses.length === 0) return { reason: `host ${hostname} does not resolve` };
  // Refuse the host when any answer is private: a mixed answer is a rebinding setup or a mistake.
  const blocked = addresses.find((a) => !isAllowed(a.address));
  if (blocked) return { reason: `host ${hostname} resolves to non-public address ${blocked.address}` };
  return addresses[0];
}

/** Every address the system resolver gives for `hostname`; an IP literal is its own answer. */
export async function systemResolve(hostname: string): Promise<readonly ResolvedAddress[]> {
  const family = isIP(hostname);
  if (family !== 0) return [{ address: hostname, family }];
  return dnsLookup(hostname, { all: true, verbatim: true });
}

function get(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = bareHost(url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request({
      protocol: url.protocol,
      // An IP literal skips `lookup` in net.connect, so connect to the checked address itself.
      hostname: isIP(hostname) !== 0 ? pinned.address : hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { 'accept-encoding': 'identity', 'user-agent': 'pagesmith' },
      lookup: pinnedLookup(pinned),
      ...(url.protocol === 'https:' && isIP(hostname) === 0 ? { servername: hostname } : {}),
      agent: false,
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(url: URL, response: IncomingMessage, maxBytes: number): Promise<LoadOutcome> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    return refused(`HTTP ${status}`);
  }
  const encoding = response.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') {
    response.destroy();
    return refused(`unrequested content-encoding ${encoding}`);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return refused(`response larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    length += chunk.length;
    // Breaking out of the loop destroys the stream, so an oversized body stops downloading here.
    if (length > maxBytes) return refused(`response larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  if (!response.complete) return refused('response ended early');
  const type = response.headers['content-type'];
  const mimeType = type ? (type.split(';')[0].trim().toLowerCase() || null) : null;
  return loaded(url.href, new Uint8Array(Buffer.concat(chunks, length)), mimeType);
}

/** The URL's host without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
