// The route table: each route's method, path, what it reads, which service call answers it, and how the OpenAPI document shows it.
import type { CallOptions, DocumentService, ManagementOutcome, Principal } from '../service/index.js';
import { RouteNotFoundError } from '../errors/index.js';
import type { JobQueue } from '../jobs/index.js';
import { jobRoutes } from './job-routes.js';
import { jsonResponse } from './json-response.js';
import type { RequestComponent, ResponseComponent } from './openapi/components.js';
import { UNKEPT_DOCUMENT_NOTE } from './openapi/response-schemas.js';
import type { HttpMethod, RoutePattern } from './router.js';

export interface RouteContext {
  readonly service: DocumentService;
  /** The authenticated caller; routes with `auth: false` never read it. */
  readonly principal: Principal;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body for routes with `body: true`. */
  readonly body: unknown;
  /** The OpenAPI document of this handler, as served. */
  readonly openApi: () => Response;
  /** Aborts when the client goes away; generation stops waiting and gives its quota slot back. */
  readonly signal: AbortSignal;
  /** What generate calls are given: the request's signal, and a listener for the documents they make (metrics). */
  readonly call: CallOptions;
  /** The readiness and metrics answers, when the operations routes are on. */
  readonly operations?: OperationsAnswers;
  /** The queue the jobs routes use; without one they answer 501. */
  readonly jobs?: JobQueue;
}

/** How the operations routes answer; made by the fetch handler. */
export interface OperationsAnswers {
  readiness(): Promise<Response>;
  metrics(): Promise<Response>;
}

export interface RouteDoc {
  readonly summary: string;
  readonly tag: 'Documents' | 'Templates' | 'Applications' | 'Usage' | 'Jobs' | 'Meta' | 'Operations';
  readonly request?: RequestComponent;
  readonly query?: readonly { readonly name: string; readonly description: string }[];
  readonly success: {
    readonly status: 200 | 201 | 202;
    readonly description: string;
    readonly json?: ResponseComponent;
    readonly pdf?: boolean;
    /** A text body of this media type. */
    readonly text?: string;
    /** An image body of this media type. */
    readonly image?: string;
    /** Response headers the success may carry, by name, with what they say. */
    readonly headers?: Readonly<Record<string, string>>;
  };
  /** Failure statuses particular to the route; 401, 500 and the body statuses (413, 415, 422) are added where they apply. */
  readonly failures: readonly number[];
  /** What a failure status means for this route, where the general wording does not fit. */
  readonly failureText?: Readonly<Partial<Record<number, string>>>;
  /** A failure status whose body is not the failure envelope, with its schema. */
  readonly failureJson?: Readonly<Partial<Record<number, ResponseComponent>>>;
}

export interface Route extends RoutePattern {
  readonly method: HttpMethod;
  readonly operationId: string;
  readonly auth: boolean;
  readonly body: boolean;
  readonly doc: RouteDoc;
  handle(context: RouteContext): Promise<ManagementOutcome<unknown> | Response>;
}

/** What a `pdf` answer says in headers, having no JSON body to say it in (decision 0235). */
const PDF_HEADERS = {
  'X-Document-Id': `With response_type pdf: the generation's document_id. ${UNKEPT_DOCUMENT_NOTE}`,
  'X-Template-Id': 'With response_type pdf: the template used, or the one save_template saved; absent when there is none.',
  'X-Pagesmith-Warnings':
    'With every response_type, when the PDF was made but not quite as asked: `missing_glyphs; characters="U+E000 U+1F600"` names characters no font has, printed as empty boxes (their text stays in the text layer). Absent when there is nothing to say.',
} as const;

const DOCUMENT_ID = 'document_id';
const TEMPLATE_ID = 'template_id';
const APPLICATION_ID = 'application_id';

export interface RouteTableOptions {
  /** GET /healthz, /readyz and /metrics; default true. */
  readonly operations?: boolean;
}

/** The router tries literal segments before parameters, so `/v1/documents/generate` is never a document id, whatever the order here. */
export function createRoutes(options: RouteTableOptions = {}): readonly Route[] {
  return [
    ...(options.operations === false ? [] : operationRoutes()),
    {
      method: 'GET',
      path: '/v1/openapi.json',
      operationId: 'getOpenApiDocument',
      auth: false,
      body: false,
      doc: { summary: 'This OpenAPI document', tag: 'Meta', success: { status: 200, description: 'The OpenAPI 3.1 document' }, failures: [] },
      handle: async ({ openApi }) => openApi(),
    },
    {
      method: 'POST',
      path: '/v1/documents/generate',
      operationId: 'generateDocument',
      auth: true,
      body: true,
      doc: {
        summary: 'Generate a PDF from a stored template',
        tag: 'Documents',
        request: 'GenerateRequest',
        success: { status: 200, description: 'The PDF, or an envelope as response_type asks', json: 'GenerateResponse', pdf: true, headers: PDF_HEADERS },
        failures: [400, 404],
      },
      handle: ({ service, body, principal, call }) => service.generate(body, principal, call),
    },
    {
      method: 'POST',
      path: '/v1/documents/quick/generate',
      operationId: 'quickGenerateDocument',
      auth: true,
      body: true,
      doc: {
        summary: 'Generate a PDF from content sent in the request',
        tag: 'Documents',
        request: 'QuickGenerateRequest',
        success: { status: 200, description: 'The PDF, or an envelope as response_type asks', json: 'GenerateResponse', pdf: true, headers: PDF_HEADERS },
        failures: [400],
      },
      handle: ({ service, body, principal, call }) => service.quickGenerate(body, principal, call),
    },
    {
      method: 'GET',
      path: `/v1/documents/download/:${DOCUMENT_ID}`,
      operationId: 'downloadDocument',
      auth: true,
      body: false,
      doc: { summary: 'Download a stored document (its owner only)', tag: 'Documents', success: { status: 200, description: 'The PDF, as an attachment', pdf: true }, failures: [404] },
      handle: async ({ service, params, principal }) => asAttachment(await service.download(principal, params[DOCUMENT_ID] as string)),
    },
    ...pageImageRoutes(),
    {
      method: 'GET',
      path: '/v1/usage',
      operationId: 'getUsage',
      auth: true,
      body: false,
      doc: { summary: "This month's document count against the monthly limit", tag: 'Usage', success: { status: 200, description: 'Usage this UTC month', json: 'UsageEnvelope' }, failures: [] },
      handle: ({ service, principal }) => service.usage(principal),
    },
    {
      method: 'GET',
      path: '/v1/documents',
      operationId: 'listDocuments',
      auth: true,
      body: false,
      doc: { summary: 'List stored documents', tag: 'Documents', success: { status: 200, description: 'The caller’s stored documents', json: 'DocumentListEnvelope' }, failures: [] },
      handle: ({ service, principal }) => service.management.listDocuments(principal),
    },
    ...recordRoutes({
      path: `/v1/documents/:${DOCUMENT_ID}`,
      param: DOCUMENT_ID,
      noun: 'Document',
      tag: 'Documents',
      update: 'UpdateDocumentRequest',
      record: 'DocumentRecordEnvelope',
      get: (service, principal, id) => service.management.getDocument(principal, id),
      change: (service, principal, id, body) => service.management.updateDocument(principal, id, body),
      remove: (service, principal, id) => service.management.deleteDocument(principal, id),
    }),
    {
      method: 'POST',
      path: '/v1/templates',
      operationId: 'createTemplate',
      auth: true,
      body: true,
      doc: {
        summary: 'Create a template in one of the caller’s applications',
        tag: 'Templates',
        request: 'CreateTemplateRequest',
        success: { status: 201, description: 'The template created', json: 'TemplateRecordEnvelope' },
        failures: [404],
      },
      handle: ({ service, body, principal }) => service.management.createTemplate(principal, body),
    },
    {
      method: 'GET',
      path: '/v1/templates',
      operationId: 'listTemplates',
      auth: true,
      body: false,
      doc: {
        summary: 'List templates',
        tag: 'Templates',
        query: [{ name: APPLICATION_ID, description: 'Only the templates of this application' }],
        success: { status: 200, description: 'The caller’s templates', json: 'TemplateListEnvelope' },
        failures: [404],
      },
      handle: ({ service, query, principal }) => service.management.listTemplates(principal, { application_id: query.get(APPLICATION_ID) }),
    },
    {
      method: 'POST',
      path: '/v1/templates/check',
      operationId: 'checkTemplate',
      auth: true,
      body: true,
      doc: {
        summary: 'Check a template: every problem, with its line, column and construct (no PDF made, no quota used)',
        tag: 'Templates',
        request: 'CheckTemplateRequest',
        success: { status: 200, description: 'The problems found; valid is true when there are none', json: 'TemplateCheckEnvelope' },
        failures: [],
      },
      handle: ({ service, body, principal, signal }) => service.checkTemplate(body, principal, { signal }),
    },
    {
      method: 'POST',
      path: '/v1/templates/preview',
      operationId: 'previewTemplate',
      auth: true,
      body: true,
      doc: {
        summary: 'Preview a template: what check says, and its first pages as images painted by the engine (nothing stored, no quota used)',
        tag: 'Templates',
        request: 'PreviewTemplateRequest',
        success: {
          status: 200,
          description: 'The problems and placeholders check gives, the page count, the render time and the first max_pages pages as data: URLs; pages is empty when a problem stopped the render',
          json: 'TemplatePreviewEnvelope',
          headers: { 'X-Pagesmith-Warnings': PDF_HEADERS['X-Pagesmith-Warnings'] },
        },
        failures: [501],
        failureText: { 501: PAGE_IMAGES_501 },
      },
      handle: ({ service, body, principal, signal }) => service.previewTemplate(body, principal, { signal }),
    },
    ...recordRoutes({
      path: `/v1/templates/:${TEMPLATE_ID}`,
      param: TEMPLATE_ID,
      noun: 'Template',
      tag: 'Templates',
      update: 'UpdateTemplateRequest',
      record: 'TemplateRecordEnvelope',
      get: (service, principal, id) => service.management.getTemplate(principal, id),
      change: (service, principal, id, body) => service.management.updateTemplate(principal, id, body),
      remove: (service, principal, id) => service.management.deleteTemplate(principal, id),
    }),
    {
      method: 'POST',
      path: '/v1/applications',
      operationId: 'createApplication',
      auth: true,
      body: true,
      doc: {
        summary: 'Create an application',
        tag: 'Applications',
        request: 'CreateApplicationRequest',
        success: { status: 201, description: 'The application created', json: 'ApplicationEnvelope' },
        failures: [],
      },
      handle: ({ service, body, principal }) => service.management.createApplication(principal, body),
    },
    {
      method: 'GET',
      path: '/v1/applications',
      operationId: 'listApplications',
      auth: true,
      body: false,
      doc: { summary: 'List applications', tag: 'Applications', success: { status: 200, description: 'The caller’s applications', json: 'ApplicationListEnvelope' }, failures: [] },
      handle: ({ service, principal }) => service.management.listApplications(principal),
    },
    ...recordRoutes({
      path: `/v1/applications/:${APPLICATION_ID}`,
      param: APPLICATION_ID,
      noun: 'Application',
      tag: 'Applications',
      update: 'UpdateApplicationRequest',
      record: 'ApplicationEnvelope',
      get: (service, principal, id) => service.management.getApplication(principal, id),
      change: (service, principal, id, body) => service.management.updateApplication(principal, id, body),
      remove: (service, principal, id) => service.management.deleteApplication(principal, id),
    }),
    ...jobRoutes(),
  ];
}

/** For load balancers and monitoring: outside `/v1`, no API key, and can be turned off (`operations: false`). */
function operationRoutes(): Route[] {
  const answers = (operations: OperationsAnswers | undefined): OperationsAnswers => {
    if (!operations) throw new RouteNotFoundError({ detail: 'the operations routes are off' });
    return operations;
  };
  return [
    {
      method: 'GET',
      path: '/healthz',
      operationId: 'getHealth',
      auth: false,
      body: false,
      doc: { summary: 'Liveness: the process answers (it asks no dependency)', tag: 'Operations', success: { status: 200, description: 'Alive', json: 'Health' }, failures: [] },
      handle: async () => jsonResponse(200, { status: 'ok' }, { 'cache-control': 'no-store' }),
    },
    {
      method: 'GET',
      path: '/readyz',
      operationId: 'getReadiness',
      auth: false,
      body: false,
      doc: {
        summary: 'Readiness: the stores, the engine’s render threads, the template threads and any extra check answer',
        tag: 'Operations',
        success: { status: 200, description: 'Ready for requests', json: 'Readiness' },
        failures: [503],
        failureJson: { 503: 'Readiness' },
      },
      handle: ({ operations }) => answers(operations).readiness(),
    },
    {
      method: 'GET',
      path: '/metrics',
      operationId: 'getMetrics',
      auth: false,
      body: false,
      doc: {
        summary: 'Prometheus metrics: requests, render time, pages, documents, quota refusals, limit failures, thread restarts, the process',
        tag: 'Operations',
        success: { status: 200, description: 'The Prometheus text exposition format', text: 'text/plain; version=0.0.4; charset=utf-8' },
        failures: [],
      },
      handle: ({ operations }) => answers(operations).metrics(),
    },
  ];
}

interface RecordRoutes {
  readonly path: string;
  readonly param: string;
  readonly noun: 'Document' | 'Template' | 'Application';
  readonly tag: RouteDoc['tag'];
  readonly update: RequestComponent;
  readonly record: ResponseComponent;
  get(service: DocumentService, principal: Principal, id: string): Promise<ManagementOutcome<unknown>>;
  change(service: DocumentService, principal: Principal, id: string, body: unknown): Promise<ManagementOutcome<unknown>>;
  remove(service: DocumentService, principal: Principal, id: string): Promise<ManagementOutcome<unknown>>;
}

/** GET, PUT, PATCH and DELETE on one record; PUT and PATCH both take partial bodies. */
function recordRoutes(spec: RecordRoutes): Route[] {
  const id = (params: Readonly<Record<string, string>>): string => params[spec.param] as string;
  const update = (method: 'PUT' | 'PATCH'): Route => ({
    method,
    path: spec.path,
    operationId: `${method === 'PUT' ? 'replace' : 'update'}${spec.noun}`,
    auth: true,
    body: true,
    doc: {
      summary: `Update a${spec.noun === 'Application' ? 'n' : ''} ${spec.noun.toLowerCase()} (only the fields sent change)`,
      tag: spec.tag,
      request: spec.update,
      success: { status: 200, description: `The ${spec.noun.toLowerCase()} as updated`, json: spec.record },
      failures: spec.noun === 'Document' ? [404] : [400, 404],
    },
    handle: ({ service, principal, params, body }) => spec.change(service, principal, id(params), body),
  });
  return [
    {
      method: 'GET',
      path: spec.path,
      operationId: `get${spec.noun}`,
      auth: true,
      body: false,
      doc: { summary: `Get a${spec.noun === 'Application' ? 'n' : ''} ${spec.noun.toLowerCase()}`, tag: spec.tag, success: { status: 200, description: `The ${spec.noun.toLowerCase()}`, json: spec.record }, failures: [404] },
      handle: ({ service, principal, params }) => spec.get(service, principal, id(params)),
    },
    update('PUT'),
    update('PATCH'),
    {
      method: 'DELETE',
      path: spec.path,
      operationId: `delete${spec.noun}`,
      auth: true,
      body: false,
      doc: { summary: `Delete a${spec.noun === 'Application' ? 'n' : ''} ${spec.noun.toLowerCase()}`, tag: spec.tag, success: { status: 200, description: 'Deleted', json: 'DeletedEnvelope' }, failures: [404] },
      handle: ({ service, principal, params }) => spec.remove(service, principal, id(params)),
    },
  ];
}

const PAGE_IMAGES_501 = 'Page images are not available: the server’s engine cannot paint them, or @napi-rs/canvas (an optional peer) is not installed';

/** GET /v1/documents/:document_id/pages/:n.png, and .jpeg and .webp: one page of a stored document as an image. */
function pageImageRoutes(): Route[] {
  return (['png', 'jpeg', 'webp'] as const).map((format) => ({
    method: 'GET',
    path: `/v1/documents/:${DOCUMENT_ID}/pages/:n.${format}`,
    operationId: `getDocumentPage${format[0]!.toUpperCase()}${format.slice(1)}`,
    auth: true,
    body: false,
    doc: {
      summary: `A page of a stored document (its owner only) as ${format === 'png' ? 'a PNG' : `a ${format.toUpperCase()}`} image, painted by the engine from what the PDF was printed from (no quota used)`,
      tag: 'Documents',
      query: [{ name: 'width', description: 'Pixels across, from 100 to 2000; default 800' }],
      success: {
        status: 200,
        description: 'The page n (1-based); X-Page-Count says how many the document has',
        image: `image/${format}`,
        headers: { 'X-Page-Count': 'Pages the document has.', 'X-Pagesmith-Warnings': PDF_HEADERS['X-Pagesmith-Warnings'] },
      },
      failures: [404, 409, 422, 501],
      failureText: {
        404: 'No such document of the caller’s, or no such page',
        409: 'The document has no page images: it is password-protected, or was stored before pagesmith kept what documents are printed from',
        422: 'width is not a whole number from 100 to 2000',
        501: PAGE_IMAGES_501,
      },
    },
    handle: ({ service, params, principal, query, signal }) =>
      service.documentPageImage(principal, params[DOCUMENT_ID] as string, params['n'] as string, { width: query.get('width'), format }, { signal }),
  }));
}

/** The download route hands the PDF over as a file to save, not to show inline. */
function asAttachment(outcome: ManagementOutcome<Uint8Array>): ManagementOutcome<Uint8Array> {
  if (!outcome.ok) return outcome;
  const disposition = outcome.headers['content-disposition'] ?? '';
  return { ...outcome, headers: { ...outcome.headers, 'content-disposition': disposition.replace(/^inline\b/, 'attachment') } };
}
