// The standalone generate and quickGenerate run the same pipeline, and no failure ever rejects.
import { describe, expect, it } from 'vitest';
import {
  createNativeEngine,
  generate,
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  quickGenerate,
  type ServiceDeps,
} from '../../src/index.js';
import { ALICE, BASE_URL, pdfBytes, pdfText } from './setup.js';

function deps(overrides: Partial<ServiceDeps> = {}): ServiceDeps {
  return {
    baseUrl: BASE_URL,
    templates: new MemoryTemplateStore(),
    documents: new MemoryDocumentStore(),
    quota: new MemoryQuotaStore(),
    engine: createNativeEngine(),
    ...overrides,
  };
}

describe('standalone functions', () => {
  it('generate renders a stored template', async () => {
    const shared = deps();
    const application = await shared.templates.createApplication({ accountId: ALICE.accountId });
    const template = await shared.templates.createTemplate({ applicationId: application.id, content: '<p>{{ greeting }}</p>' });
    const outcome = await generate(shared, { template_id: template.id, data: { greeting: 'Standalone hello' }, response_type: 'pdf' }, ALICE);
    expect(await pdfText(pdfBytes(outcome))).toContain('Standalone hello');
  });

  it('quickGenerate shares the quota of the deps it is given', async () => {
    const shared = deps({ monthlyLimit: 1 });
    expect((await quickGenerate(shared, { html: 'a', data: {}, response_type: 'pdf' }, ALICE)).ok).toBe(true);
    expect((await quickGenerate(shared, { html: 'a', data: {}, response_type: 'pdf' }, ALICE)).status).toBe(400);
  });

  it('resolves a failure outcome instead of rejecting, whatever breaks', async () => {
    const exploding = deps({
      quota: {
        reserve: () => {
          throw new TypeError('synchronous explosion');
        },
        commit: async () => undefined,
        release: async () => undefined,
        usage: async () => ({ used: 0, reserved: 0 }),
      },
    });
    const outcome = await quickGenerate(exploding, { html: 'x', data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(!outcome.ok && outcome.error.detail).toContain('synchronous explosion');
  });

  it('answers a missing principal with a failure outcome', async () => {
    const outcome = await quickGenerate(deps(), { html: 'x', data: {}, response_type: 'pdf' }, { accountId: '' });
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    const untyped = await generate(deps(), {} as unknown, undefined as unknown as { accountId: string });
    expect(untyped.ok).toBe(false);
  });
});
