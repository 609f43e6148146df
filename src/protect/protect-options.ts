// What to protect a PDF with, checked and turned into the bytes the security handler hashes.
import { ValidationError } from '../errors/index.js';
import { permissionFlags, type Permissions } from './permissions.js';
import { validatePassword } from './validate-password.js';

export interface ProtectOptions {
  /** Needed to open the PDF at all; 1 to 127 bytes of UTF-8 after SASLprep (see `validatePassword`). */
  readonly userPassword: string;
  /**
   * Opens the PDF with no restrictions. Default: a random one that is never kept, so nobody can
   * lift the restrictions (`permissions`) and the user password cannot either.
   */
  readonly ownerPassword?: string;
  /** Default: everything allowed (see `Permissions`). */
  readonly permissions?: Permissions;
}

export interface ResolvedProtection {
  /** SASLprep-normalised user password in UTF-8. */
  readonly userPassword: Uint8Array;
  /** Likewise the owner password; null for a random one nobody keeps. */
  readonly ownerPassword: Uint8Array | null;
  /** The /P value. */
  readonly permissions: number;
}

/** Throws ValidationError (field `userPassword` or `ownerPassword`) for a password breaking the rules. */
export function resolveProtection(options: ProtectOptions): ResolvedProtection {
  return {
    userPassword: passwordBytes(options.userPassword, 'userPassword'),
    ownerPassword: options.ownerPassword === undefined ? null : passwordBytes(options.ownerPassword, 'ownerPassword'),
    permissions: permissionFlags(options.permissions),
  };
}

function passwordBytes(password: string, field: string): Uint8Array {
  const check = validatePassword(password);
  if (!check.ok) throw new ValidationError([{ field, type: 'value_error', message: check.message }]);
  return Buffer.from(check.normalized, 'utf8');
}
