import { describe, expect, it } from 'vitest';
import { isHostAllowed } from './host-allowed.js';

describe('isHostAllowed', () => {
  const list = ['cdn.example.com', '*.fonts.example.org', 'Images.Example.NET.', '[2606:4700::1]'];

  it('matches exact hosts, case- and trailing-dot-insensitively', () => {
    expect(isHostAllowed('cdn.example.com', list)).toBe(true);
    expect(isHostAllowed('cdn.example.com.', list)).toBe(true);
    expect(isHostAllowed('images.example.net', list)).toBe(true);
    expect(isHostAllowed('example.com', list)).toBe(false);
    expect(isHostAllowed('evil-cdn.example.com', list)).toBe(false);
  });

  it('lets a wildcard cover subdomains but not the apex or look-alikes', () => {
    expect(isHostAllowed('a.fonts.example.org', list)).toBe(true);
    expect(isHostAllowed('a.b.fonts.example.org', list)).toBe(true);
    expect(isHostAllowed('fonts.example.org', list)).toBe(false);
    expect(isHostAllowed('evilfonts.example.org', list)).toBe(false);
    expect(isHostAllowed('fonts.example.org.evil.com', list)).toBe(false);
  });

  it('matches IPv6 literals with or without brackets and refuses empty input', () => {
    expect(isHostAllowed('[2606:4700::1]', list)).toBe(true);
    expect(isHostAllowed('', list)).toBe(false);
    expect(isHostAllowed('anything', ['*.', '*', ''])).toBe(false);
  });
});
