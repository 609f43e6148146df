// pagesmith's public API: HTML or Markdown templates plus JSON data to PDF, as a library.

// The service contract.
export { createDocumentService, createManagement, generate, quickGenerate, DEFAULT_LIMITS, DEFAULT_MONTHLY_LIMIT } from './service/index.js';
// Page images over the service: a template's preview, a stored document's pages.
export { documentPageImage, PAGE_IMAGE_FORMATS, PAGE_IMAGE_WIDTH, PREVIEW_PAGES, previewTemplate, PreviewTemplateRequestSchema } from './service/index.js';
export type { PageImageRequest, PreviewPage, PreviewTemplateRequest, TemplatePreviewData, TemplatePreviewEnvelope } from './service/index.js';
export { NoPageImagesError, PageImagesUnavailableError, PageNotFoundError } from './errors/index.js';
export type { NoPageImagesReason } from './errors/index.js';
export type {
  ApplicationData,
  ApplicationEnvelope,
  ApplicationListEnvelope,
  Base64DocumentData,
  Base64Envelope,
  CallOptions,
  CheckTemplateRequest,
  CreateApplicationRequest,
  CreatedOutcome,
  CreateTemplateRequest,
  DeletedEnvelope,
  DependencyCheck,
  DocumentIdData,
  DocumentIdEnvelope,
  DocumentListEnvelope,
  DocumentRecordData,
  DocumentRecordEnvelope,
  DocumentReport,
  DocumentService,
  DocumentServiceOptions,
  FailureOutcome,
  GenerateBodies,
  GenerateBody,
  GenerateOutcome,
  GenerateRequest,
  ManagementOutcome,
  ManagementService,
  MonthlyLimit,
  Outcome,
  OutcomeHeaders,
  Principal,
  ProtectPdf,
  QuickGenerateRequest,
  ReadinessOptions,
  ResponseType,
  ServiceDeps,
  ServiceLimits,
  ServiceOperations,
  ServiceProtection,
  ServiceThreadStats,
  SuccessEnvelope,
  SuccessOutcome,
  TemplateCheckData,
  TemplateCheckEnvelope,
  TemplateData,
  TemplateEnvelope,
  TemplateListEnvelope,
  TemplateListQuery,
  TemplateProblem,
  TemplateProblemType,
  TemplateRecordData,
  TemplateRecordEnvelope,
  UncheckedBody,
  UpdateApplicationRequest,
  UpdateDocumentRequest,
  UpdateTemplateRequest,
  UsageData,
  UsageEnvelope,
} from './service/index.js';

// Stores.
export {
  createFsStores,
  DataFolderInUseError,
  FsDocumentStore,
  FsQuotaStore,
  FsTemplateStore,
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  openFsStores,
} from './stores/index.js';
// PostgreSQL and Redis stores for many processes, and PDFs outside the database: pg and ioredis are optional peers, loaded only when a store connects.
export * from './stores/postgres/index.js';
export * from './stores/redis/index.js';
export * from './stores/blobs/index.js';
export type {
  ApplicationPatch,
  ApplicationRecord,
  ContentType,
  DocumentStore,
  DocumentSummary,
  FolderHolder,
  FsRecovery,
  FsStoreOptions,
  FsStores,
  MemoryStoreOptions,
  NewApplication,
  NewTemplate,
  OpenFsStores,
  QuotaReservation,
  QuotaStore,
  QuotaUsage,
  StoredDocument,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from './stores/index.js';

// Errors.
export {
  ApplicationNotFoundError,
  DocumentCreationError,
  DocumentNotFoundError,
  HeadersTooLargeError,
  JobNotFoundError,
  JobsUnavailableError,
  LimitReachedError,
  MalformedRequestError,
  MethodNotAllowedError,
  MissingPeerDependencyError,
  NothingToUpdateError,
  PagesmithError,
  PayloadTooLargeError,
  RequestTimeoutError,
  RouteNotFoundError,
  TemplateEngineError,
  TemplateLimitError,
  TemplateNotFoundError,
  TooManyDocumentsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors/index.js';
export type {
  ErrorEnvelope,
  FailureEnvelope,
  TemplateLimit,
  PagesmithErrorCode,
  ValidationFailureEnvelope,
  ValidationIssue,
} from './errors/index.js';

// Templates.
export { checkData, inspectTemplate, TEMPLATE_LANGUAGES } from './template/index.js';
export type { MissingDataIssue, TemplateLanguage, TemplateLanguageOption, TemplateLocation, TemplatePlaceholder } from './template/index.js';

// Password protection.
export { DEFAULT_PERMISSIONS, protectPdf, validatePassword } from './protect/index.js';
export type { PasswordCheck, Permissions, ProtectOptions } from './protect/index.js';

// Engine and resources.
export { createNativeEngine, createWorkerEngine, NestingDepthLimitError, PageImageOptionsError, PageImageTooLargeError, PageLimitError, RasterUnavailableError, RenderMemoryLimitError, RenderTimeoutError } from './engine/index.js';
export type { NativeEngine, NativeEngineOptions, WorkerEngine, WorkerEngineOptions } from './engine/index.js';
export type { EngineThreadStats, PageImage, PageImageFormat, PageImageOptions, PageImages, PdfEngine, RenderOptions, RenderWarning } from './engine/types.js';
export { createChromiumEngine } from './chromium/index.js';
export type { BrowserContextLike, BrowserLike, ChromiumEngine, ChromiumEngineOptions, PageLike, RequestLike, RouteLike } from './chromium/index.js';
export { createResourceLoader } from './resources/index.js';
export type { LoadedResource, NetworkAccess, ResourceKind, ResourceLoader, ResourceLoaderOptions } from './resources/index.js';

// Queued jobs: BullMQ on Redis (bullmq and ioredis are optional peers), webhooks signed per account.
export {
  createJobMonthlyLimits,
  DEFAULT_QUEUE_PREFIX,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  JOB_RETENTION_SECONDS,
  MAX_JOB_DOCUMENTS,
  openJobQueue,
  parseWebhookSecrets,
  signWebhookPayload,
  startJobWorker,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
} from './jobs/index.js';
export type {
  JobAcceptedData,
  JobAcceptedEnvelope,
  JobData,
  JobDocumentResult,
  JobEnvelope,
  JobKind,
  JobMetrics,
  JobMonthlyLimits,
  JobQueue,
  JobQueueOptions,
  JobQueueOutcome,
  JobState,
  JobWebhookData,
  JobWorker,
  JobWorkerEvent,
  JobWorkerOptions,
  QueueCounts,
  VerifyWebhookOptions,
} from './jobs/index.js';

// HTTP: mount the service in any framework.
export { answerClientError, createFetchHandler, DEFAULT_MAX_BODY_BYTES, MAX_REQUEST_ID_LENGTH, openApiDocument, parseApiKeys, staticApiKeys, toNodeHandler } from './http/index.js';
export type {
  Authenticate,
  CorsOptions,
  FetchHandler,
  FetchHandlerOptions,
  Logger,
  LogMethod,
  NodeHandler,
  NodeHandlerOptions,
  OpenApiDocumentOptions,
  OpenApiOptions,
  OperationsOptions,
} from './http/index.js';
