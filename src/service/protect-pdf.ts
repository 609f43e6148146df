// The password-protection hook applied to every engine's PDF bytes when a password is given.

export type ProtectPdf = (pdf: Uint8Array, password: string) => Promise<Uint8Array>;

/** TODO(password protection issue): replace with real encryption from `src/protect/`. Returns the bytes unchanged. */
export const passThroughProtection: ProtectPdf = async (pdf) => pdf;
