// The internal result of one load attempt: the resource, or why there is none.
import type { LoadedResource } from './types.js';

export type LoadOutcome = { readonly ok: true; readonly resource: LoadedResource } | { readonly ok: false; readonly reason: string };

export function loaded(url: string, bytes: Uint8Array, mimeType: string | null): LoadOutcome {
  return { ok: true, resource: { url, bytes, mimeType } };
}

export function refused(reason: string): LoadOutcome {
  return { ok: false, reason };
}
