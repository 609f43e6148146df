// Password protection for any engine's PDF: AES-256 with the PDF 2.0 standard security handler (revision 6).
export { protectPdf } from './protect-pdf.js';
export { pdfkitR6Options, upgradeToR6 } from './pdfkit-r6.js';
export { validatePassword, MAX_PASSWORD_BYTES } from './validate-password.js';
export type { PasswordCheck } from './validate-password.js';
export { DEFAULT_PERMISSIONS, permissionFlags } from './permissions.js';
export type { Permissions } from './permissions.js';
export type { ProtectOptions } from './protect-options.js';
export { isEncryptedPdf } from './is-encrypted.js';
