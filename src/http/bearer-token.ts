// Extracts the API key from `Authorization: Bearer <key>`.

/** The key, or null when the header is absent or not a Bearer credential. */
export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
