// permissionFlags: the /P bits for each permission, defaults all allowed.
import { describe, expect, it } from 'vitest';
import { permissionFlags } from './permissions.js';

describe('permissionFlags', () => {
  it('allows everything by default: every defined bit set, bits 1-2 clear (P = -4)', () => {
    expect(permissionFlags()).toBe(-4);
    expect(permissionFlags({})).toBe(-4);
    expect(permissionFlags({ copy: undefined })).toBe(-4);
  });

  it('clears the bit of each permission turned off', () => {
    expect(permissionFlags({ copy: false })).toBe(-4 & ~(1 << 4));
    expect(permissionFlags({ modify: false, annotate: false })).toBe(-4 & ~(1 << 3) & ~(1 << 5));
    expect(permissionFlags({ printHighQuality: false })).toBe(-4 & ~(1 << 11));
    expect(permissionFlags({ fillForms: false, assemble: false, extractForAccessibility: false })).toBe(-4 & ~(1 << 8) & ~(1 << 10) & ~(1 << 9));
  });

  it('drops high-quality printing with printing', () => {
    expect(permissionFlags({ print: false })).toBe(-4 & ~(1 << 2) & ~(1 << 11));
  });

  it('keeps the reserved bits when everything is off (P = -3904)', () => {
    const none = permissionFlags({
      print: false,
      printHighQuality: false,
      copy: false,
      modify: false,
      annotate: false,
      fillForms: false,
      assemble: false,
      extractForAccessibility: false,
    });
    expect(none >>> 0).toBe(0xfffff0c0);
    expect(none).toBe(-3904);
  });
});
