// Parses `account:secret` pairs separated by commas, the form PAGESMITH_WEBHOOK_SECRETS takes.

/** `"acct-1:whsec_a, acct-2:whsec_b"` → a map from account to secret. Throws on a malformed or repeated account. */
export function parseWebhookSecrets(text: string): ReadonlyMap<string, string> {
  const secrets = new Map<string, string>();
  for (const pair of text.split(',')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue;
    // The account ends at the first colon: a secret may hold colons, an account id does not.
    const colon = trimmed.indexOf(':');
    const account = trimmed.slice(0, colon).trim();
    const secret = trimmed.slice(colon + 1).trim();
    if (colon <= 0 || account === '' || secret === '') throw new Error(`webhook secret entry for "${account || '…'}" is not account:secret`);
    if (secret.length < 16) throw new Error(`the webhook secret of account "${account}" is shorter than 16 characters`);
    if (secrets.has(account)) throw new Error(`account "${account}" has two webhook secrets`);
    secrets.set(account, secret);
  }
  return secrets;
}
