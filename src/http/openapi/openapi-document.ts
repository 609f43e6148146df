// The OpenAPI document of the routes createFetchHandler serves, without a handler: for docs and client generators.
import { normalisePrefix } from '../prefix.js';
import { createRoutes } from '../routes.js';
import { buildOpenApiDocument, type OpenApiOptions } from './build-openapi-document.js';

export interface OpenApiDocumentOptions extends Partial<OpenApiOptions> {
  /** Whether the handler serves `/healthz`, `/readyz` and `/metrics` (its `operations` option is not false); default true. */
  readonly operations?: boolean;
}

export function openApiDocument(options: OpenApiDocumentOptions = {}): Record<string, unknown> {
  const { operations, ...rest } = options;
  return buildOpenApiDocument(createRoutes({ ...(operations !== undefined && { operations }) }), { ...rest, prefix: normalisePrefix(options.prefix ?? '') });
}
