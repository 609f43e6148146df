// The service contract: generate, quick generate, download, get template and usage, plus management of records.
export { createDocumentService } from './create-document-service.js';
export type { DocumentService, DocumentServiceOptions } from './create-document-service.js';
export { generate } from './generate.js';
export { quickGenerate } from './quick-generate.js';
export { download } from './download.js';
export { getTemplate } from './get-template.js';
export { usage } from './usage.js';
export { checkTemplate, CheckTemplateRequestSchema } from './check-template.js';
export type { CheckTemplateRequest, TemplateCheckData, TemplateCheckEnvelope } from './check-template.js';
export type { TemplateProblem, TemplateProblemType } from './template-diagnostics.js';
export { previewTemplate, PreviewTemplateRequestSchema, PREVIEW_PAGES } from './preview-template.js';
export type { PreviewPage, PreviewTemplateRequest, TemplatePreviewData, TemplatePreviewEnvelope } from './preview-template.js';
export { documentPageImage } from './document-page-image.js';
export type { PageImageRequest } from './document-page-image.js';
export { PAGE_IMAGE_FORMATS, PAGE_IMAGE_WIDTH } from './page-images.js';
export type { CallOptions, DocumentReport, MonthlyLimit, Principal, ServiceDeps } from './deps.js';
export { createServiceOperations, DEFAULT_READINESS_TIMEOUT_MS } from './service-operations.js';
export type { DependencyCheck, ReadinessOptions, ServiceOperations, ServiceThreadStats } from './service-operations.js';
export { limitFailure } from './limit-failure.js';
export type { EngineLimit, LimitFailure } from './limit-failure.js';
export { DEFAULT_MONTHLY_LIMIT } from './deps.js';
export { DEFAULT_LIMITS } from './limits.js';
export type { ServiceLimits } from './limits.js';
export type { ProtectPdf, ServiceProtection } from './protect-pdf.js';
export type { Outcome, OutcomeHeaders, SuccessOutcome, FailureOutcome } from './outcome.js';
export type { GenerateBodies, GenerateBody, GenerateOutcome } from './produce-document.js';
export type {
  Base64DocumentData,
  Base64Envelope,
  DocumentIdData,
  DocumentIdEnvelope,
  SuccessEnvelope,
  TemplateData,
  TemplateEnvelope,
  UsageData,
  UsageEnvelope,
} from './envelopes.js';
export type { GenerateRequest, QuickGenerateRequest, ResponseType, UncheckedBody } from './request-schemas.js';
export { GenerateRequestSchema, QuickGenerateRequestSchema, RESPONSE_TYPES, CONTENT_TYPES } from './request-schemas.js';
export {
  createManagement,
  CreateApplicationRequestSchema,
  CreateTemplateRequestSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  UpdateApplicationRequestSchema,
  UpdateDocumentRequestSchema,
  UpdateTemplateRequestSchema,
} from './management/index.js';
export type {
  ApplicationData,
  ApplicationEnvelope,
  ApplicationListEnvelope,
  CreateApplicationRequest,
  CreatedOutcome,
  CreateTemplateRequest,
  DeletedEnvelope,
  DocumentListEnvelope,
  DocumentRecordData,
  DocumentRecordEnvelope,
  ManagementDeps,
  ManagementOutcome,
  ManagementService,
  TemplateListEnvelope,
  TemplateListQuery,
  TemplateRecordData,
  TemplateRecordEnvelope,
  UpdateApplicationRequest,
  UpdateDocumentRequest,
  UpdateTemplateRequest,
} from './management/index.js';
