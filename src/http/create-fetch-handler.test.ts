// createFetchHandler in process: Request in, Response out, with failures turned into envelopes in one place.
import { describe, expect, it } from 'vitest';
import { createDocumentService } from '../service/index.js';
import { createFetchHandler } from './create-fetch-handler.js';

const service = createDocumentService({ baseUrl: 'https://pdf.example.test' });
const get = (path: string, key = 'good') => new Request(`https://pdf.example.test${path}`, { headers: { authorization: `Bearer ${key}` } });

describe('createFetchHandler', () => {
  it('accepts an async authenticate', async () => {
    const handler = createFetchHandler(service, { authenticate: async (key) => (key === 'good' ? { accountId: 'a' } : null) });
    expect((await handler(get('/v1/usage'))).status).toBe(200);
    expect((await handler(get('/v1/usage', 'bad'))).status).toBe(401);
  });

  it('answers an unexpected throw with a bare 500 envelope and reports it', async () => {
    const reported: unknown[] = [];
    const failure = new Error('auth backend down at 10.0.0.7');
    const handler = createFetchHandler(service, {
      authenticate: () => {
        throw failure;
      },
      onError: (error) => reported.push(error),
    });
    const response = await handler(get('/v1/usage'));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ success: false, message: 'Internal server error. Please try again later.', data: [] });
    expect(body).not.toContain('10.0.0.7');
    expect(reported).toEqual([failure]);
  });

  it('survives a logger that throws', async () => {
    const handler = createFetchHandler(service, {
      authenticate: () => Promise.reject(new Error('x')),
      onError: () => {
        throw new Error('logger down');
      },
    });
    expect((await handler(get('/v1/usage'))).status).toBe(500);
  });

  it('does not report 4xx', async () => {
    const reported: unknown[] = [];
    const handler = createFetchHandler(service, { authenticate: () => null, onError: (error) => reported.push(error) });
    await handler(get('/v1/usage'));
    await handler(get('/nope'));
    expect(reported).toEqual([]);
  });

  it('serves only below its prefix', async () => {
    const handler = createFetchHandler(service, { authenticate: () => ({ accountId: 'a' }), prefix: 'pdf' });
    expect((await handler(get('/pdf/v1/usage'))).status).toBe(200);
    expect((await handler(get('/pdfx/v1/usage'))).status).toBe(404);
    expect((await handler(get('/v1/usage'))).status).toBe(404);
  });
});
