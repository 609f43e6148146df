// The error classes, one per failure, and the envelopes they render to.
export { PagesmithError } from './pagesmith-error.js';
export type {
  ErrorEnvelope,
  FailureEnvelope,
  PagesmithErrorCode,
  PagesmithErrorOptions,
  ValidationFailureEnvelope,
  ValidationIssue,
} from './pagesmith-error.js';
export { LimitReachedError } from './limit-reached-error.js';
export { TemplateNotFoundError } from './template-not-found-error.js';
export { DocumentNotFoundError } from './document-not-found-error.js';
export { ValidationError } from './validation-error.js';
export { TemplateEngineError } from './template-engine-error.js';
export type { TemplateEngineErrorOptions } from './template-engine-error.js';
export { TemplateLimitError } from './template-limit-error.js';
export type { TemplateLimit, TemplateLimitErrorOptions } from './template-limit-error.js';
export { DocumentCreationError } from './document-creation-error.js';
export { MissingPeerDependencyError } from './missing-peer-dependency-error.js';
export { ApplicationNotFoundError } from './application-not-found-error.js';
export { NothingToUpdateError } from './nothing-to-update-error.js';
export { UnauthorizedError } from './unauthorized-error.js';
export { RouteNotFoundError } from './route-not-found-error.js';
export { MethodNotAllowedError } from './method-not-allowed-error.js';
export { PayloadTooLargeError } from './payload-too-large-error.js';
export { UnsupportedMediaTypeError } from './unsupported-media-type-error.js';
export { MalformedRequestError } from './malformed-request-error.js';
export { HeadersTooLargeError } from './headers-too-large-error.js';
export { RequestTimeoutError } from './request-timeout-error.js';
export { JobNotFoundError, JobsUnavailableError, TooManyDocumentsError } from './job-errors.js';
export { NoPageImagesError, PageImagesUnavailableError, PageNotFoundError, RASTER_PEER } from './page-image-errors.js';
export type { NoPageImagesReason } from './page-image-errors.js';
