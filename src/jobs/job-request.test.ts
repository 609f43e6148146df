import { describe, expect, it } from 'vitest';
import { TooManyDocumentsError, ValidationError } from '../errors/index.js';
import { MAX_JOB_DOCUMENTS, parseJobRequest } from './job-request.js';
import { checkWebhookTarget } from './webhook-target.js';

const quick = { kind: 'quick_generate', html: '<p>{{ n }}</p>', data: { n: 1 } };

function thrown(body: unknown): unknown {
  try {
    parseJobRequest(body);
  } catch (error) {
    return error;
  }
  throw new Error('no error');
}

describe('POST /v1/jobs bodies', () => {
  it('takes 1 to 1 000 documents; more is the 400 envelope', () => {
    expect(parseJobRequest({ documents: Array(MAX_JOB_DOCUMENTS).fill(quick) }).items).toHaveLength(MAX_JOB_DOCUMENTS);
    const error = thrown({ documents: Array(MAX_JOB_DOCUMENTS + 1).fill(quick) });
    expect(error).toBeInstanceOf(TooManyDocumentsError);
    expect((error as TooManyDocumentsError).toEnvelope()).toEqual({
      success: false,
      message: 'A job holds at most 1000 documents; this one has 1001. Split it into several jobs.',
      data: [],
    });
  });

  it('stores every document: any valid response_type, or none, becomes document_id; an invalid one is left for the service’s 422', () => {
    const { items } = parseJobRequest({
      documents: [quick, { ...quick, response_type: 'pdf' }, { kind: 'generate', template_id: 't', data: {}, response_type: 'nope' }],
    });
    expect(items.map((item) => [item.kind, item.body['response_type']])).toEqual([
      ['quick_generate', 'document_id'],
      ['quick_generate', 'document_id'],
      ['generate', 'nope'],
    ]);
    expect(items[0]?.body).not.toHaveProperty('kind');
  });

  it('names each problem of the batch’s shape in the 422 envelope', () => {
    expect((thrown({}) as ValidationError).issues).toEqual([{ field: 'documents', type: 'missing', message: 'Field required' }]);
    expect((thrown({ documents: [] }) as ValidationError).issues[0]?.field).toBe('documents');
    const issues = (thrown({ documents: [quick, { html: 'x' }, { kind: 'render' }], webhook_url: 'ftp://example.com/' }) as ValidationError).issues;
    expect(issues.map((issue) => issue.field)).toEqual(['documents.1.kind', 'documents.2.kind']);
    expect((thrown({ documents: [quick], webhook_url: 'ftp://example.com/' }) as ValidationError).issues).toEqual([
      { field: 'webhook_url', type: 'value_error', message: 'Value error, webhook_url must be an http or https URL' },
    ]);
    expect((thrown({ documents: [quick], webhook_url: 'https://u:p@example.com/' }) as ValidationError).issues[0]?.message).toMatch(/credentials/);
  });
});

describe('webhook targets', () => {
  const resolveTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses private, loopback and mixed answers unless the host is allow-listed', async () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '169.254.169.254', '::1', 'fd00::1']) {
      const answer = await checkWebhookTarget(new URL('https://hooks.example.com/x'), { allowHosts: [], resolveHost: resolveTo(address) });
      expect(answer).toHaveProperty('reason');
    }
    expect(await checkWebhookTarget(new URL('https://hooks.example.com/x'), { allowHosts: [], resolveHost: resolveTo('93.184.216.34', '10.0.0.1') })).toHaveProperty('reason');
    expect(await checkWebhookTarget(new URL('https://hooks.example.com/x'), { allowHosts: [], resolveHost: resolveTo('93.184.216.34') })).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await checkWebhookTarget(new URL('http://127.0.0.1:9/x'), { allowHosts: ['127.0.0.1'] })).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await checkWebhookTarget(new URL('http://hooks.internal/x'), { allowHosts: ['*.internal'], resolveHost: resolveTo('10.1.2.3') })).toEqual({ address: '10.1.2.3', family: 4 });
  });
});
