// Mount prefixes: normalised to `/segment` form (or ''), and stripped from request paths.

export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The path below the prefix, or null when the path is not under it. */
export function withoutPrefix(pathname: string, prefix: string): string | null {
  if (prefix === '') return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
}
