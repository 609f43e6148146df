// createRouter: literal segments before parameters, 404 for unknown paths, 405 with the allowed methods, HEAD as GET.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MethodNotAllowedError, RouteNotFoundError } from '../errors/index.js';
import { createRouter, type RoutePattern } from './router.js';

const routes: (RoutePattern & { name: string })[] = [
  { method: 'POST', path: '/v1/documents/generate', name: 'generate' },
  { method: 'GET', path: '/v1/documents/:document_id', name: 'get' },
  { method: 'DELETE', path: '/v1/documents/:document_id', name: 'delete' },
  { method: 'GET', path: '/v1/documents/download/:document_id', name: 'download' },
];
const router = createRouter(routes);

describe('createRouter', () => {
  it('matches literal paths before parameters of the same shape, whatever the method', () => {
    expect(router.match('POST', '/v1/documents/generate').route.name).toBe('generate');
    expect(router.match('GET', '/v1/documents/other')).toMatchObject({ route: { name: 'get' }, params: { document_id: 'other' } });
    for (const method of ['GET', 'DELETE']) {
      expect(() => router.match(method, '/v1/documents/generate')).toThrow(MethodNotAllowedError);
      try {
        router.match(method, '/v1/documents/generate');
      } catch (error) {
        expect((error as MethodNotAllowedError).allow).toEqual(['POST']);
      }
    }
  });

  it('matches literal paths first whatever order the table lists them in', () => {
    const reversed = createRouter([...routes].reverse());
    expect(reversed.match('POST', '/v1/documents/generate').route.name).toBe('generate');
    expect(() => reversed.match('GET', '/v1/documents/generate')).toThrow(MethodNotAllowedError);
  });

  it('answers HEAD with the GET route', () => {
    expect(router.match('HEAD', '/v1/documents/x')).toMatchObject({ route: { name: 'get' }, params: { document_id: 'x' } });
    expect(() => router.match('HEAD', '/v1/documents/generate')).toThrow(MethodNotAllowedError);
  });

  it('decodes parameters and ignores one trailing slash', () => {
    expect(router.match('GET', '/v1/documents/download/a%20b/').params).toEqual({ document_id: 'a b' });
  });

  it('gives 404 for unknown paths, empty parameters and bad percent-encoding', () => {
    for (const path of ['/', '/v1', '/v1/documents/', '/v1/documents//x', '/v1/documents/download/%E0%A4%A']) {
      expect(() => router.match('GET', path)).toThrow(RouteNotFoundError);
    }
  });

  it('gives 405 listing the methods the path takes, HEAD with GET', () => {
    try {
      router.match('PUT', '/v1/documents/x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodNotAllowedError);
      expect((error as MethodNotAllowedError).allow).toEqual(['GET', 'HEAD', 'DELETE']);
    }
  });

  it('names the pattern a path matches, whatever the method, for logs and metrics', () => {
    expect(router.pattern('/v1/documents/document-123')).toBe('/v1/documents/:document_id');
    expect(router.pattern('/v1/documents/generate')).toBe('/v1/documents/generate');
    expect(router.pattern('/v1/documents/generate/')).toBe('/v1/documents/generate');
    expect(router.pattern('/v1/nothing')).toBeNull();
  });

  describe('a parameter with a suffix (`:n.png`)', () => {
    const pages = createRouter([
      { method: 'GET', path: '/v1/documents/:document_id/pages/:n.png', name: 'png' },
      { method: 'GET', path: '/v1/documents/:document_id/pages/:n.webp', name: 'webp' },
      { method: 'GET', path: '/v1/documents/:document_id/pages/:rest', name: 'bare' },
      { method: 'GET', path: '/v1/documents/:document_id/pages/first', name: 'literal' },
    ]);

    it('matches segments ending in the suffix, the parameter being the rest, before a bare parameter and after a literal', () => {
      expect(pages.match('GET', '/v1/documents/d-1/pages/3.png')).toMatchObject({ route: { name: 'png' }, params: { document_id: 'd-1', n: '3' } });
      expect(pages.match('GET', '/v1/documents/d-1/pages/3.webp')).toMatchObject({ route: { name: 'webp' }, params: { n: '3' } });
      expect(pages.match('GET', '/v1/documents/d-1/pages/3.gif')).toMatchObject({ route: { name: 'bare' }, params: { rest: '3.gif' } });
      expect(pages.match('GET', '/v1/documents/d-1/pages/first').route.name).toBe('literal');
      expect(pages.pattern('/v1/documents/d-1/pages/12.png')).toBe('/v1/documents/:document_id/pages/:n.png');
    });

    it('never matches the suffix alone', () => {
      const only = createRouter([{ method: 'GET', path: '/pages/:n.png', name: 'png' }]);
      for (const path of ['/pages/.png', '/pages/png', '/pages/', '/pages/3.pn']) expect(() => only.match('GET', path)).toThrow(RouteNotFoundError);
    });

    it('gives back any non-empty segment value, decoded', () => {
      const only = createRouter([{ method: 'GET', path: '/pages/:n.png', name: 'png' }]);
      fc.assert(
        fc.property(fc.string({ minLength: 1 }), (value) => {
          expect(only.match('GET', `/pages/${encodeURIComponent(value)}.png`).params).toEqual({ n: value });
        }),
      );
    });
  });
});
