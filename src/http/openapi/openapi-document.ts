// The OpenAPI document of the routes createFetchHandler serves, without a handler: for docs and client generators.
import { normalisePrefix } from '../prefix.js';
import { createRoutes } from '../routes.js';
import { buildOpenApiDocument, type OpenApiOptions } from './build-openapi-document.js';

export function openApiDocument(options: Partial<OpenApiOptions> = {}): Record<string, unknown> {
  return buildOpenApiDocument(createRoutes(), { ...options, prefix: normalisePrefix(options.prefix ?? '') });
}
