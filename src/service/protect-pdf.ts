// Password protection in the service: the owner password and permissions, and the replaceable post-processing hook.
import { protectPdf, validatePassword, type Permissions } from '../protect/index.js';

/** What protected PDFs get besides the request's `password` (the user password). */
export interface ServiceProtection {
  /**
   * Opens every protected PDF without restrictions. Default: a random one per document, never kept,
   * so nobody can lift `permissions`. 1 to 127 bytes of UTF-8 after SASLprep.
   */
  readonly ownerPassword?: string;
  /** What the user password allows; default everything (it only gates opening). */
  readonly permissions?: Permissions;
}

/** Encrypts a finished PDF with `password` as its user password. */
export type ProtectPdf = (pdf: Uint8Array, password: string, protection: ServiceProtection) => Promise<Uint8Array>;

/** The built-in post-processing step, for engines that do not encrypt themselves. */
export const defaultProtection: ProtectPdf = (pdf, password, protection) => protectPdf(pdf, { ...protection, userPassword: password });

/** Throws at set-up time, naming the setting, rather than failing each protected request later. */
export function checkServiceProtection(protection: ServiceProtection | undefined): ServiceProtection {
  if (protection?.ownerPassword !== undefined) {
    const check = validatePassword(protection.ownerPassword);
    if (!check.ok) throw new Error(`protection.ownerPassword: ${check.message}`);
  }
  return protection ?? {};
}
