import { describe, expect, it } from 'vitest';
import { loadDataUri } from './data-uri.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('loadDataUri', () => {
  it('decodes base64 with its MIME type', () => {
    const outcome = loadDataUri('data:image/png;base64,iVBORw0KGgo=', 1000);
    expect(outcome.ok && [...outcome.resource.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(outcome.ok && outcome.resource.mimeType).toBe('image/png');
  });

  it('decodes percent-encoded text and drops MIME parameters', () => {
    const outcome = loadDataUri('data:text/css;charset=utf-8,p%20%7B%20color%3A%20red%20%7D', 1000);
    expect(outcome.ok && text(outcome.resource.bytes)).toBe('p { color: red }');
    expect(outcome.ok && outcome.resource.mimeType).toBe('text/css');
  });

  it('keeps raw UTF-8 and defaults the type to text/plain', () => {
    const outcome = loadDataUri('data:,caf%C3%A9 ✓', 1000);
    expect(outcome.ok && text(outcome.resource.bytes)).toBe('café ✓');
    expect(outcome.ok && outcome.resource.mimeType).toBe('text/plain');
  });

  it('forgives whitespace and missing padding in base64, case-insensitive marker', () => {
    const outcome = loadDataUri('data:text/plain;BASE64,aGVs\n bG8', 1000);
    expect(outcome.ok && text(outcome.resource.bytes)).toBe('hello');
  });

  it('refuses malformed URIs and bad base64', () => {
    expect(loadDataUri('data:text/plain;base64', 1000).ok).toBe(false);
    expect(loadDataUri('data:text/plain;base64,a', 1000).ok).toBe(false);
    expect(loadDataUri('data:text/plain;base64,a$bc', 1000).ok).toBe(false);
  });

  it('refuses bodies over the size limit', () => {
    expect(loadDataUri(`data:text/plain,${'x'.repeat(101)}`, 100)).toEqual({ ok: false, reason: 'data: URI larger than 100 bytes' });
    expect(loadDataUri(`data:text/plain;base64,${Buffer.alloc(101).toString('base64')}`, 100).ok).toBe(false);
    expect(loadDataUri(`data:text/plain;base64,${Buffer.alloc(100).toString('base64')}`, 100).ok).toBe(true);
  });
});
