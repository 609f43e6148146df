// Test harness: a real node:http server running the fetch handler on loopback, and a client that checks every JSON answer against the served OpenAPI document.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import {
  answerClientError,
  createDocumentService,
  createFetchHandler,
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  staticApiKeys,
  toNodeHandler,
  type DocumentServiceOptions,
  type FetchHandlerOptions,
  type NodeHandlerOptions,
} from '../../src/index.js';

export const ALICE_KEY = 'sk_test_alice_0123456789';
export const BOB_KEY = 'sk_test_bob_0123456789';
export const KEYS = { [ALICE_KEY]: 'acct-alice', [BOB_KEY]: 'acct-bob' };
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface TestServer {
  readonly url: string;
  readonly stores: { templates: MemoryTemplateStore; documents: MemoryDocumentStore; quota: MemoryQuotaStore };
  readonly errors: unknown[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly service?: Partial<DocumentServiceOptions>;
  readonly http?: Partial<FetchHandlerOptions>;
  readonly node?: NodeHandlerOptions;
}

/** Listens on 127.0.0.1, port 0; the service is made once the port is known so download URLs are real. */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const stores = { templates: new MemoryTemplateStore(), documents: new MemoryDocumentStore(), quota: new MemoryQuotaStore() };
  const errors: unknown[] = [];
  let listener: ReturnType<typeof toNodeHandler> | undefined;
  const server = createServer((req, res) => void listener?.(req, res)).on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const prefix = options.http?.prefix ?? '';
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = createDocumentService({ baseUrl: `${url}${prefix}`, ...stores, ...options.service });
  const handler = createFetchHandler(service, {
    authenticate: staticApiKeys(KEYS),
    onError: (error) => errors.push(error),
    ...options.http,
  });
  listener = toNodeHandler(handler, options.node);
  return { url, stores, errors, close: () => closeServer(server) };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON for JSON answers. */
  readonly json: any;
  /** Raw bytes for anything else. */
  readonly bytes: Uint8Array;
}

export interface CallOptions {
  readonly key?: string | null;
  readonly body?: unknown;
  /** Sent as is instead of JSON-encoding `body`. */
  readonly raw?: BodyInit;
  readonly headers?: Record<string, string>;
}

/** A client for one server: JSON in, and every JSON answer checked against the OpenAPI document it serves. */
export function client(base: string, prefix = '') {
  let validator: Promise<OpenApiValidator> | undefined;
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? ALICE_KEY : options.key;
    if (key !== null) headers['authorization'] ??= `Bearer ${key}`;
    let body: BodyInit | undefined = options.raw;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${base}${prefix}${path}`, { method, headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    const json: unknown = isJson ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
    if (isJson && !path.startsWith('/v1/openapi.json')) {
      validator ??= fetch(`${base}${prefix}/v1/openapi.json`).then(async (answer) => openApiValidator((await answer.json()) as OpenApiDocument));
      (await validator).expectValid(method, path, response.status, json);
    }
    return { status: response.status, headers: response.headers, json, bytes };
  };
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;
  readonly components: unknown;
}

export interface OpenApiValidator {
  /** Fails the test unless the route's document lists `status` and the body matches its JSON schema. */
  expectValid(method: string, path: string, status: number, body: unknown): void;
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

export function openApiValidator(document: OpenApiDocument): OpenApiValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...(document as object), $id: 'openapi.json' });
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: !template.includes('{'),
  }));
  return {
    expectValid(method, path, status, body) {
      const bare = path.split('?')[0] as string;
      // Literal paths win over templated ones, as in the router, whatever the method: the path is the literal one's.
      const [best] = templates.filter(({ pattern }) => pattern.test(bare)).sort((a, b) => Number(b.literal) - Number(a.literal));
      const operation = best && document.paths[best.template]?.[method.toLowerCase()];
      if (!operation) {
        // Unknown routes and wrong methods are answered with the failure envelope and are in no operation.
        expect([404, 405], `${method} ${path} is in no operation`).toContain(status);
        expectSchema(ajv, '#/components/schemas/FailureEnvelope', body, `${method} ${path} ${status}`);
        return;
      }
      const response = operation.responses[String(status)];
      expect(response, `${method} ${path} answered ${status}, which its OpenAPI operation does not list`).toBeDefined();
      const ref = response?.content?.['application/json']?.schema.$ref;
      expect(ref, `${method} ${path} ${status} has no JSON schema`).toBeDefined();
      expectSchema(ajv, ref as string, body, `${method} ${path} ${status}`);
    },
  };
}

function expectSchema(ajv: Ajv2020, ref: string, body: unknown, label: string): void {
  const valid = ajv.validate({ $ref: `openapi.json${ref}` }, body);
  expect(valid, `${label} does not match ${ref}: ${ajv.errorsText(ajv.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(true);
}

export function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';
}
