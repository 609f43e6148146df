// Where a webhook may go: the resource loader's address policy, with the operator's allow-list as the only way to private and loopback addresses.
import { isPublicAddress } from '../resources/address.js';
import { isHostAllowed } from '../resources/host-allowed.js';
import { bareHost, systemResolve, type ResolvedAddress } from '../resources/network.js';

export interface WebhookAddressPolicy {
  /**
   * Hosts (exact, or `*.example.com` for subdomains) whose webhooks may go to private, loopback
   * or other non-public addresses, e.g. a receiver inside the same network. Any other host must
   * resolve to public addresses only.
   */
  readonly allowHosts: readonly string[];
  /** For tests: replaces system DNS. */
  readonly resolveHost?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
}

/**
 * The address to connect to, or why not. Every DNS answer is checked (a mixed answer is refused),
 * and the caller connects to the address returned, so DNS cannot change it in between.
 */
export async function checkWebhookTarget(url: URL, policy: WebhookAddressPolicy): Promise<ResolvedAddress | { readonly reason: string }> {
  const hostname = bareHost(url);
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await (policy.resolveHost ?? systemResolve)(hostname);
  } catch {
    return { reason: `host ${hostname} does not resolve` };
  }
  const first = addresses[0];
  if (first === undefined) return { reason: `host ${hostname} does not resolve` };
  if (isHostAllowed(url.hostname, policy.allowHosts)) return first;
  const blocked = addresses.find((answer) => !isPublicAddress(answer.address));
  if (blocked) {
    return { reason: `${hostname} resolves to a private, loopback or other non-public address (${blocked.address}); webhooks go there only when the operator allow-lists the host (--webhook-allow-hosts)` };
  }
  return first;
}
