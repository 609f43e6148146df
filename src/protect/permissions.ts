// What a reader opening a protected PDF with the user password may do, and the /P flags saying so.

/**
 * Each flag is allowed unless set to `false`: `{}` (the default) allows everything, so the user
 * password only opens the document, and `{ copy: false, modify: false }` takes those two away.
 * Readers honour these as policy; the content is decrypted either way once the PDF is open.
 */
export interface Permissions {
  /** Print at all (bit 3); when false, `printHighQuality` has no effect. */
  readonly print?: boolean;
  /** Print at full resolution rather than a degraded one (bit 12). */
  readonly printHighQuality?: boolean;
  /** Copy or otherwise extract text and graphics (bit 5). */
  readonly copy?: boolean;
  /** Change the content other than by the three operations below (bit 4). */
  readonly modify?: boolean;
  /** Add or change annotations, and fill forms (bit 6). */
  readonly annotate?: boolean;
  /** Fill existing form fields, even when `annotate` is false (bit 9). */
  readonly fillForms?: boolean;
  /** Insert, rotate or delete pages, add bookmarks and thumbnails (bit 11). */
  readonly assemble?: boolean;
  /** Extract text and graphics for accessibility tools (bit 10; PDF 2.0 readers ignore it and always allow). */
  readonly extractForAccessibility?: boolean;
}

/** Everything allowed: the default when a caller turns nothing off. */
export const DEFAULT_PERMISSIONS: Required<Permissions> = {
  print: true,
  printHighQuality: true,
  copy: true,
  modify: true,
  annotate: true,
  fillForms: true,
  assemble: true,
  extractForAccessibility: true,
};

// Bits 1-2 must be 0; 7-8 and 13-32 must be 1 (ISO 32000-2 Table 22).
const RESERVED_ONES = 0xfffff0c0;

const BITS: Readonly<Record<keyof Permissions, number>> = {
  print: 1 << 2,
  modify: 1 << 3,
  copy: 1 << 4,
  annotate: 1 << 5,
  fillForms: 1 << 8,
  extractForAccessibility: 1 << 9,
  assemble: 1 << 10,
  printHighQuality: 1 << 11,
};

/** The /P value: a signed 32-bit integer, as the encryption dictionary holds it. */
export function permissionFlags(permissions: Permissions = {}): number {
  const allowed = { ...DEFAULT_PERMISSIONS, ...withoutUndefined(permissions) };
  let flags = RESERVED_ONES;
  for (const key of Object.keys(BITS) as (keyof Permissions)[]) {
    if (allowed[key]) flags |= BITS[key];
  }
  if (!allowed.print) flags &= ~BITS.printHighQuality;
  return flags | 0;
}

function withoutUndefined(permissions: Permissions): Permissions {
  return Object.fromEntries(Object.entries(permissions).filter(([, value]) => value !== undefined));
}
