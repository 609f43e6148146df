// createDocumentService: the service contract as an object, with in-memory stores and the native engine by default.
import { createNativeEngine } from '../engine/index.js';
import {
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  type DocumentStore,
  type QuotaStore,
  type TemplateStore,
} from '../stores/index.js';
import { checkTemplate, type TemplateCheckEnvelope } from './check-template.js';
import { download } from './download.js';
import { documentPageImage, type PageImageRequest } from './document-page-image.js';
import { previewTemplate, type TemplatePreviewEnvelope } from './preview-template.js';
import { resolveDeps, type CallOptions, type Principal, type ServiceDeps } from './deps.js';
import type { TemplateEnvelope, UsageEnvelope } from './envelopes.js';
import { generate } from './generate.js';
import { getTemplate } from './get-template.js';
import { createManagement, type ManagementService } from './management/index.js';
import type { Outcome } from './outcome.js';
import type { GenerateOutcome } from './produce-document.js';
import { checkServiceProtection } from './protect-pdf.js';
import { quickGenerate } from './quick-generate.js';
import { createServiceOperations, type ServiceOperations } from './service-operations.js';
import type { GenerateRequest, QuickGenerateRequest, ResponseType, UncheckedBody } from './request-schemas.js';
import { usage } from './usage.js';

export type DocumentServiceOptions = Omit<ServiceDeps, 'templates' | 'documents' | 'quota' | 'engine'> &
  Partial<Pick<ServiceDeps, 'templates' | 'documents' | 'quota' | 'engine'>>;

/** Every method resolves to an outcome mirroring the HTTP response; none rejects. */
export interface DocumentService {
  /**
   * Renders a stored template. A body of type `unknown` (a raw HTTP body) is validated at run
   * time; an object you build must be a `GenerateRequest`, and the success body follows its
   * `response_type`: bytes for `pdf`, the base64 envelope, or the document id envelope.
   */
  generate<Body>(body: UncheckedBody<Body>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome>;
  generate<R extends ResponseType>(body: GenerateRequest<R>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome<R>>;
  /**
   * Renders content sent with the request. A body of type `unknown` (a raw HTTP body) is
   * validated at run time; an object you build must be a `QuickGenerateRequest`, and the success
   * body follows its `response_type`: bytes for `pdf`, the base64 envelope, or the document id envelope.
   */
  quickGenerate<Body>(body: UncheckedBody<Body>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome>;
  quickGenerate<R extends ResponseType>(body: QuickGenerateRequest<R>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome<R>>;
  download(principal: Principal, documentId: string): Promise<Outcome<Uint8Array>>;
  getTemplate(principal: Principal, templateId: string): Promise<Outcome<TemplateEnvelope>>;
  usage(principal: Principal): Promise<Outcome<UsageEnvelope>>;
  /**
   * A template's problems for its author — syntax, keys `data` lacks, what a trial render runs
   * into — each with line, column and the construct at fault; the generate calls' 500 says only
   * `Template engine error!`. Body `{ html, data?, content_type?, template_language? }`; no PDF made, no quota used.
   */
  checkTemplate(body: unknown, principal: Principal, options?: CallOptions): Promise<Outcome<TemplateCheckEnvelope>>;
  /**
   * What `checkTemplate` says of a template, and its first pages as images painted by the engine's
   * raster backend, with the page count and render time. Body: a check request plus `extra_css`,
   * `width`, `max_pages`, `format`. Nothing stored, no quota used; 501 when the engine cannot paint.
   */
  previewTemplate(body: unknown, principal: Principal, options?: CallOptions): Promise<Outcome<TemplatePreviewEnvelope>>;
  /**
   * Page `page` (1-based) of a stored document of the caller's as an image (`width` pixels across,
   * default 800), painted from the HTML it was printed from; no quota used. 409 for documents whose
   * HTML was not kept (password-protected ones, ones stored before it was kept).
   */
  documentPageImage(principal: Principal, documentId: string, page: number | string, request?: PageImageRequest, options?: CallOptions): Promise<Outcome<Uint8Array>>;
  /** Applications, templates and stored documents of the caller's account, as the management routes offer them. */
  readonly management: ManagementService;
  /** The stores in use (the in-memory defaults unless given), e.g. to create applications. */
  readonly stores: { readonly templates: TemplateStore; readonly documents: DocumentStore; readonly quota: QuotaStore };
  /** For operations: whether each dependency answers (`GET /readyz`), thread figures (`GET /metrics`), stopping the template threads. */
  readonly operations: ServiceOperations;
}

/** Throws when `protection.ownerPassword` breaks the password rules. */
export function createDocumentService(options: DocumentServiceOptions): DocumentService {
  checkServiceProtection(options.protection);
  const deps: ServiceDeps = {
    ...options,
    templates: options.templates ?? new MemoryTemplateStore({ clock: options.clock }),
    documents: options.documents ?? new MemoryDocumentStore(),
    quota: options.quota ?? new MemoryQuotaStore(),
    engine: options.engine ?? createNativeEngine(),
  };
  return {
    // One implementation behind both overloads: the body respond() builds follows the request's response_type.
    generate: ((body: unknown, principal: Principal, callOptions?: CallOptions) => generate(deps, body, principal, callOptions)) as DocumentService['generate'],
    quickGenerate: ((body: unknown, principal: Principal, callOptions?: CallOptions) =>
      quickGenerate(deps, body, principal, callOptions)) as DocumentService['quickGenerate'],
    download: (principal, documentId) => download(deps, principal, documentId),
    getTemplate: (principal, templateId) => getTemplate(deps, principal, templateId),
    usage: (principal) => usage(deps, principal),
    checkTemplate: (body, principal, callOptions) => checkTemplate(deps, body, principal, callOptions),
    previewTemplate: (body, principal, callOptions) => previewTemplate(deps, body, principal, callOptions),
    documentPageImage: (principal, documentId, page, request, callOptions) => documentPageImage(deps, principal, documentId, page, request, callOptions),
    management: createManagement(deps),
    stores: { templates: deps.templates, documents: deps.documents, quota: deps.quota },
    operations: createServiceOperations(resolveDeps(deps)),
  };
}
