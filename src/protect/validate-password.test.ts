// validatePassword: SASLprep, then 1 to 127 bytes of UTF-8 counted after it.
import { describe, expect, it } from 'vitest';
import { validatePassword } from './validate-password.js';

describe('validatePassword', () => {
  it('accepts 1 to 127 bytes and leaves ASCII as it is', () => {
    expect(validatePassword('p')).toEqual({ ok: true, normalized: 'p' });
    expect(validatePassword('x'.repeat(127))).toEqual({ ok: true, normalized: 'x'.repeat(127) });
    expect(validatePassword('correct horse battery staple')).toEqual({ ok: true, normalized: 'correct horse battery staple' });
  });

  it('normalises with SASLprep: NFKC, non-ASCII spaces to U+0020, soft hyphens dropped', () => {
    expect(validatePassword('ﬁle')).toEqual({ ok: true, normalized: 'file' });
    expect(validatePassword('a\u00a0b')).toEqual({ ok: true, normalized: 'a b' });
    expect(validatePassword('pass\u00adword')).toEqual({ ok: true, normalized: 'password' });
    expect(validatePassword('e\u0301')).toEqual({ ok: true, normalized: 'é' });
  });

  it('counts bytes after normalisation', () => {
    // 63 "ﬁ" are 189 bytes as sent but 126 as encrypted; 64 are 128.
    expect(validatePassword('ﬁ'.repeat(63))).toEqual({ ok: true, normalized: 'fi'.repeat(63) });
    expect(validatePassword('ﬁ'.repeat(64))).toMatchObject({ ok: false, reason: 'too_long', message: expect.stringContaining('it has 128') });
    expect(validatePassword('é'.repeat(64))).toMatchObject({ ok: false, reason: 'too_long' });
  });

  it('refuses an empty password, also one SASLprep maps to nothing', () => {
    expect(validatePassword('')).toMatchObject({ ok: false, reason: 'empty' });
    expect(validatePassword('\u00ad\u034f')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('refuses what SASLprep prohibits, naming the rule', () => {
    expect(validatePassword('tab\there')).toMatchObject({ ok: false, reason: 'not_allowed', message: expect.stringContaining('prohibited character') });
    expect(validatePassword('smile\u{1F600}')).toMatchObject({ ok: false, reason: 'not_allowed', message: expect.stringContaining('unassigned code point') });
    expect(validatePassword('abc\u05d0')).toMatchObject({ ok: false, reason: 'not_allowed', message: expect.stringContaining('randalcat') });
    const result = validatePassword('\u0007');
    expect(result.ok || result.message).not.toContain('http');
  });
});
