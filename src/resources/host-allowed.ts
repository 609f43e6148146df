// Matches a URL's host against the caller's allow-list of exact hosts and `*.domain` wildcards.

/**
 * True when `hostname` (as `URL.hostname` gives it: lower-case, punycode, IPv6 in brackets)
 * is listed exactly or falls under a `*.example.com` entry. A wildcard covers subdomains
 * only, not `example.com` itself, so the apex has to be listed on its own.
 */
export function isHostAllowed(hostname: string, allowList: readonly string[]): boolean {
  const host = normalize(hostname);
  if (host === '') return false;
  return allowList.some((entry) => {
    const pattern = normalize(entry);
    if (pattern.startsWith('*.')) {
      const suffix = pattern.slice(1);
      return suffix.length > 1 && host.endsWith(suffix) && host.length > suffix.length;
    }
    return pattern !== '' && host === pattern;
  });
}

function normalize(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}
