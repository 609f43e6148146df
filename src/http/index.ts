// The service over HTTP: a fetch handler for any runtime, a Node adapter, API-key auth and the OpenAPI document.
export { createFetchHandler } from './create-fetch-handler.js';
export type { FetchHandler, FetchHandlerOptions } from './create-fetch-handler.js';
export type { Authenticate } from './authenticate.js';
export type { CorsOptions } from './cors.js';
export { staticApiKeys } from './static-api-keys.js';
export { parseApiKeys } from './parse-api-keys.js';
export { DEFAULT_MAX_BODY_BYTES } from './read-json-body.js';
export { toNodeHandler } from './node/to-node-handler.js';
export { answerClientError } from './node/answer-client-error.js';
export type { NodeHandler, NodeHandlerOptions } from './node/to-node-handler.js';
export { openApiDocument } from './openapi/openapi-document.js';
export type { OpenApiOptions } from './openapi/build-openapi-document.js';
export type { OpenApiDocumentOptions } from './openapi/openapi-document.js';
export type { OperationsOptions } from './operations/operations.js';
export type { Logger, LogMethod } from './operations/logger.js';
export { MAX_REQUEST_ID_LENGTH } from './operations/request-id.js';
