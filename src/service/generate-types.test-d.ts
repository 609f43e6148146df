// Type tests of generate and quickGenerate: typed requests, outcomes narrowed by response_type, unchecked bodies as `unknown`.
// Checked by `tsc --noEmit` (the first step of `npm test`); `npx vitest run --typecheck` runs them too.
import type * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Base64Envelope,
  DocumentIdEnvelope,
  DocumentService,
  ErrorEnvelope,
  GenerateBody,
  GenerateOutcome,
  GenerateRequest,
  PagesmithError,
  QuickGenerateRequest,
  ResponseType,
  ServiceDeps,
} from '../index.js';
import { generate, quickGenerate } from '../index.js';
import type { GenerateRequestSchema, QuickGenerateRequestSchema } from './request-schemas.js';

declare const service: DocumentService;
declare const deps: ServiceDeps;
const principal = { accountId: 'acct-1' };

describe('quickGenerate', () => {
  it('resolves to PDF bytes for response_type "pdf"', async () => {
    const outcome = await service.quickGenerate({ html: '<p/>', data: {}, response_type: 'pdf' }, principal);
    expectTypeOf(outcome).toEqualTypeOf<GenerateOutcome<'pdf'>>();
    if (outcome.ok) expectTypeOf(outcome.body).toEqualTypeOf<Uint8Array>();
    else {
      expectTypeOf(outcome.body).toEqualTypeOf<ErrorEnvelope>();
      expectTypeOf(outcome.error).toEqualTypeOf<PagesmithError>();
    }
  });

  it('resolves to the base64 envelope for "json_with_base64" and the id envelope for "document_id"', async () => {
    const base64 = await service.quickGenerate({ html: '<p/>', data: {}, response_type: 'json_with_base64' }, principal);
    if (base64.ok) expectTypeOf(base64.body).toEqualTypeOf<Base64Envelope>();
    const stored = await service.quickGenerate({ html: '# x', data: {}, response_type: 'document_id', content_type: 'markdown' }, principal);
    if (stored.ok) expectTypeOf(stored.body).toEqualTypeOf<DocumentIdEnvelope>();
  });

  it('resolves to any of the three bodies when the response type is only known at run time', async () => {
    const responseType = 'pdf' as ResponseType;
    const outcome = await service.quickGenerate({ html: '<p/>', data: {}, response_type: responseType }, principal);
    if (outcome.ok) expectTypeOf(outcome.body).toEqualTypeOf<Uint8Array | Base64Envelope | DocumentIdEnvelope>();
  });

  it('takes a request typed ahead of the call, and data of an interface type', async () => {
    interface Invoice {
      readonly number: string;
      readonly lines: readonly { readonly label: string }[];
    }
    const data: Invoice = { number: 'INV-1', lines: [] };
    const request: QuickGenerateRequest<'document_id'> = { html: '<p>{{ number }}</p>', data, response_type: 'document_id', password: null };
    const outcome = await service.quickGenerate(request, principal);
    if (outcome.ok) expectTypeOf(outcome.body.data.download_url).toEqualTypeOf<string>();
  });

  it('refuses misspelt fields and values, missing fields and extra fields', () => {
    // @ts-expect-error: html, data and response_type misspelt (issue 26)
    void service.quickGenerate({ htm: '<p/>', dta: {}, respose_type: 'pfd' }, principal);
    // @ts-expect-error: no such response type
    void service.quickGenerate({ html: '<p/>', data: {}, response_type: 'pfd' }, principal);
    // @ts-expect-error: data missing
    void service.quickGenerate({ html: '<p/>', response_type: 'pdf' }, principal);
    // @ts-expect-error: a field the request does not have
    void service.quickGenerate({ html: '<p/>', data: {}, response_type: 'pdf', template_id: 't' }, principal);
    // @ts-expect-error: data is an object
    void service.quickGenerate({ html: '<p/>', data: 'x', response_type: 'pdf' }, principal);
    // @ts-expect-error: a response type widened to string is not one of the three
    void service.quickGenerate({ html: '<p/>', data: {}, response_type: String('pdf') }, principal);
  });

  it('validates a body of unknown type at run time, and cannot narrow its outcome', async () => {
    const raw: unknown = JSON.parse('{}');
    expectTypeOf(await service.quickGenerate(raw, principal)).toEqualTypeOf<GenerateOutcome>();
    const json: any = await new Response('{}').json(); // eslint-disable-line @typescript-eslint/no-explicit-any
    expectTypeOf(await service.quickGenerate(json, principal)).toEqualTypeOf<GenerateOutcome>();
    expectTypeOf<GenerateOutcome>().toEqualTypeOf<GenerateOutcome<ResponseType>>();
  });
});

describe('generate', () => {
  it('narrows the outcome by response_type', async () => {
    const pdf = await service.generate({ template_id: 't', data: {}, response_type: 'pdf' }, principal);
    if (pdf.ok) expectTypeOf(pdf.body).toEqualTypeOf<Uint8Array>();
    const base64 = await service.generate({ template_id: 't', data: {}, response_type: 'json_with_base64', password: 'pw' }, principal);
    if (base64.ok) expectTypeOf(base64.body).toEqualTypeOf<Base64Envelope>();
    const stored = await service.generate({ template_id: 't', data: {}, response_type: 'document_id' }, principal);
    if (stored.ok) expectTypeOf(stored.body).toEqualTypeOf<DocumentIdEnvelope>();
  });

  it('refuses a quick generate body and misspelt fields', () => {
    // @ts-expect-error: generate renders a stored template: template_id, not html
    void service.generate({ html: '<p/>', data: {}, response_type: 'pdf' }, principal);
    // @ts-expect-error: template_id misspelt
    void service.generate({ templateId: 't', data: {}, response_type: 'pdf' }, principal);
  });
});

describe('the standalone functions', () => {
  it('narrow as the service methods do, and take unknown bodies', async () => {
    const pdf = await quickGenerate(deps, { html: '<p/>', data: {}, response_type: 'pdf' }, principal);
    if (pdf.ok) expectTypeOf(pdf.body).toEqualTypeOf<Uint8Array>();
    const stored = await generate(deps, { template_id: 't', data: {}, response_type: 'document_id' }, principal);
    if (stored.ok) expectTypeOf(stored.body).toEqualTypeOf<DocumentIdEnvelope>();
    expectTypeOf(await generate(deps, JSON.parse('{}') as unknown, principal)).toEqualTypeOf<GenerateOutcome>();
    // @ts-expect-error: misspelt
    void quickGenerate(deps, { htm: '<p/>', dta: {}, respose_type: 'pfd' }, principal);
  });
});

describe('the request types', () => {
  it('name the fields the schemas read, and accept everything the schemas accept', () => {
    type QuickInput = v.InferInput<typeof QuickGenerateRequestSchema>;
    type GenerateInput = v.InferInput<typeof GenerateRequestSchema>;
    expectTypeOf<keyof QuickGenerateRequest>().toEqualTypeOf<keyof QuickInput>();
    expectTypeOf<keyof GenerateRequest>().toEqualTypeOf<keyof GenerateInput>();
    expectTypeOf<QuickInput>().toExtend<QuickGenerateRequest>();
    expectTypeOf<GenerateInput>().toExtend<GenerateRequest>();
  });

  it('give each response type its body', () => {
    expectTypeOf<GenerateBody<'pdf'>>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<GenerateBody<'json_with_base64'>>().toEqualTypeOf<Base64Envelope>();
    expectTypeOf<GenerateBody<'document_id'>>().toEqualTypeOf<DocumentIdEnvelope>();
    expectTypeOf<GenerateBody>().toEqualTypeOf<Uint8Array | Base64Envelope | DocumentIdEnvelope>();
  });
});
