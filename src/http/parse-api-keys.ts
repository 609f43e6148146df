// Parses `key:account` pairs separated by commas, the form PAGESMITH_API_KEYS takes.

/** `"k1:acct-1, k2:acct-2"` → `{ k1: 'acct-1', k2: 'acct-2' }`. Throws on a malformed or repeated key. */
export function parseApiKeys(text: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue;
    const colon = trimmed.lastIndexOf(':');
    const key = trimmed.slice(0, colon).trim();
    const account = trimmed.slice(colon + 1).trim();
    if (colon <= 0 || key === '' || account === '') {
      throw new Error(`API key entry "${redact(trimmed)}" is not key:account`);
    }
    if (Object.hasOwn(keys, key)) throw new Error(`API key "${redact(key)}" is listed twice`);
    keys[key] = account;
  }
  return keys;
}

/** Enough of a key to find it in the configuration, not enough to use it. */
function redact(text: string): string {
  return text.length <= 4 ? '…' : `${text.slice(0, 4)}…`;
}
