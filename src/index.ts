// pagesmith's public API: HTML or Markdown templates plus JSON data to PDF, as a library.

// The service contract.
export { createDocumentService, generate, quickGenerate, DEFAULT_LIMITS, DEFAULT_MONTHLY_LIMIT } from './service/index.js';
export type {
  Base64DocumentData,
  Base64Envelope,
  DocumentIdData,
  DocumentIdEnvelope,
  DocumentService,
  DocumentServiceOptions,
  FailureOutcome,
  GenerateBody,
  GenerateOutcome,
  GenerateRequest,
  MonthlyLimit,
  Outcome,
  OutcomeHeaders,
  Principal,
  ProtectPdf,
  QuickGenerateRequest,
  ResponseType,
  ServiceDeps,
  ServiceLimits,
  ServiceProtection,
  SuccessEnvelope,
  SuccessOutcome,
  TemplateData,
  TemplateEnvelope,
  UsageData,
  UsageEnvelope,
} from './service/index.js';

// Stores.
export { MemoryDocumentStore, MemoryQuotaStore, MemoryTemplateStore } from './stores/index.js';
export type {
  ApplicationRecord,
  ContentType,
  DocumentStore,
  MemoryStoreOptions,
  NewApplication,
  NewTemplate,
  QuotaReservation,
  QuotaStore,
  QuotaUsage,
  StoredDocument,
  TemplateRecord,
  TemplateStore,
} from './stores/index.js';

// Errors.
export {
  DocumentCreationError,
  DocumentNotFoundError,
  LimitReachedError,
  PagesmithError,
  TemplateEngineError,
  TemplateNotFoundError,
  ValidationError,
} from './errors/index.js';
export type {
  ErrorEnvelope,
  FailureEnvelope,
  PagesmithErrorCode,
  ValidationFailureEnvelope,
  ValidationIssue,
} from './errors/index.js';

// Templates.
export { checkData, inspectTemplate } from './template/index.js';
export type { MissingDataIssue, TemplateLocation, TemplatePlaceholder } from './template/index.js';

// Password protection.
export { DEFAULT_PERMISSIONS, protectPdf, validatePassword } from './protect/index.js';
export type { PasswordCheck, Permissions, ProtectOptions } from './protect/index.js';

// Engine and resources.
export { createNativeEngine, PageLimitError } from './engine/index.js';
export type { NativeEngineOptions } from './engine/index.js';
export type { PdfEngine, RenderOptions } from './engine/types.js';
export { createResourceLoader } from './resources/index.js';
export type { LoadedResource, NetworkAccess, ResourceKind, ResourceLoader, ResourceLoaderOptions } from './resources/index.js';
