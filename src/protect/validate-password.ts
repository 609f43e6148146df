// The password rules: SASLprep (RFC 4013) normalisation, then 1 to 127 bytes of UTF-8.
import { createRequire } from 'node:module';

type Saslprep = (password: string) => string;
let saslprepFn: Saslprep | null = null;

/**
 * saslprep is loaded on first use: its tables take ~1.5 MB of heap in every process that imports
 * the library, and printable ASCII (most passwords) never needs them.
 */
function saslprep(password: string): string {
  if (PRINTABLE_ASCII.test(password)) return password;
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  saslprepFn ??= createRequire(import.meta.url ?? __filename)('saslprep') as Saslprep;
  return saslprepFn(password);
}

/** SASLprep maps, folds or refuses nothing in U+0020–U+007E (RFC 4013 §2, RFC 3454 tables B.1, C). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The most bytes of a password AES-256 encryption (ISO 32000-2 §7.6.4.3.3) reads; longer would be cut. */
export const MAX_PASSWORD_BYTES = 127;

export type PasswordCheck =
  | { readonly ok: true; readonly normalized: string }
  | { readonly ok: false; readonly reason: 'empty' | 'too_long' | 'not_allowed'; readonly message: string };

/**
 * ISO 32000-2 prepares a password with SASLprep, then encodes it as UTF-8. `normalized` is the
 * form to encrypt with; it differs from the input only outside plain ASCII (e.g. NFKC folds "ﬁ"
 * to "fi", non-ASCII spaces become U+0020, soft hyphens disappear).
 */
export function validatePassword(password: string): PasswordCheck {
  if (typeof password !== 'string') return { ok: false, reason: 'not_allowed', message: 'Password should be a string' };
  let normalized: string;
  try {
    normalized = saslprep(password);
  } catch (error) {
    // saslprep 1.0.3 crashes (TypeError) on input it maps to nothing, e.g. only soft hyphens.
    if (!(error instanceof TypeError)) return notAllowed(error);
    normalized = '';
  }
  const bytes = Buffer.byteLength(normalized, 'utf8');
  if (bytes < 1) {
    return { ok: false, reason: 'empty', message: 'Password should have at least 1 byte (UTF-8, after SASLprep normalisation)' };
  }
  if (bytes > MAX_PASSWORD_BYTES) {
    return {
      ok: false,
      reason: 'too_long',
      message: `Password should have at most ${MAX_PASSWORD_BYTES} bytes (UTF-8, after SASLprep normalisation); it has ${bytes}`,
    };
  }
  return { ok: true, normalized };
}

function notAllowed(error: unknown): PasswordCheck {
  const rule = error instanceof Error ? error.message.replace(/, see https?:\S+$/, '') : String(error);
  return { ok: false, reason: 'not_allowed', message: `Password is not allowed by SASLprep (RFC 4013): ${rule.toLowerCase()}` };
}
