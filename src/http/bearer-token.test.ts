// bearerToken: the key of an `Authorization: Bearer` header, or null.
import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.js';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
  ])('reads %j', (header, key) => {
    expect(bearerToken(header)).toBe(key);
  });

  it.each([null, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'abc'])('finds no key in %j', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});
