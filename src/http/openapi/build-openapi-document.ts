// Builds the OpenAPI 3.1 document from the route table and the valibot schemas.
import type { Route } from '../routes.js';
import { componentSchemas } from './components.js';

export interface OpenApiOptions {
  /** The path prefix the handler is mounted under, e.g. `/pdf`; the document's server URL. */
  readonly prefix: string;
  readonly title?: string;
  readonly version?: string;
}

type OpenApiObject = Record<string, unknown>;

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Limit reached, nothing to update, or a job of more than 1 000 documents',
  401: 'Invalid or missing API key',
  404: 'Not found, or not the caller’s',
  413: 'Request body over the size limit',
  415: 'Request body is not JSON',
  422: 'Validation failed',
  500: 'Template engine error, or failed to create the document',
  501: 'Queued jobs are not enabled on this server (no Redis and PostgreSQL)',
  503: 'Not ready: a dependency does not answer, or the server is shutting down',
};

export function buildOpenApiDocument(routes: readonly Route[], options: OpenApiOptions): OpenApiObject {
  const paths: Record<string, Record<string, OpenApiObject>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, OpenApiObject>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'pagesmith',
      version: options.version ?? '1',
      description: 'HTML or Markdown templates plus JSON data to PDF. Authenticate with `Authorization: Bearer <API_KEY>`.',
    },
    servers: [{ url: options.prefix === '' ? '/' : options.prefix }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Documents' },
      { name: 'Templates' },
      { name: 'Applications' },
      { name: 'Usage' },
      { name: 'Jobs', description: 'Queued generation: many documents rendered by pagesmith worker processes, with an optional signed webhook.' },
      { name: 'Meta' },
      ...(routes.some((route) => route.doc.tag === 'Operations')
        ? [{ name: 'Operations', description: 'Health, readiness and metrics for load balancers and monitoring: outside /v1, no API key.' }]
        : []),
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key' } },
      schemas: componentSchemas(),
    },
  };
}

function operation(route: Route): OpenApiObject {
  const { doc } = route;
  const parameters = [
    ...[...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...(doc.query ?? []).map((query) => ({ name: query.name, in: 'query', required: false, description: query.description, schema: { type: 'string' } })),
  ];
  const failures = new Set(doc.failures);
  if (route.auth) [401, 500].forEach((status) => failures.add(status));
  if (route.body) [413, 415, 422].forEach((status) => failures.add(status));
  const responses: Record<string, OpenApiObject> = { [String(doc.success.status)]: success(route) };
  for (const status of [...failures].sort((a, b) => a - b)) {
    const schema = doc.failureJson?.[status] ?? (status === 422 ? 'ValidationFailureEnvelope' : 'FailureEnvelope');
    responses[String(status)] = { description: doc.failureText?.[status] ?? STATUS_TEXT[status] ?? 'Failure', content: { 'application/json': { schema: ref(schema) } } };
  }
  return {
    operationId: route.operationId,
    summary: doc.summary,
    tags: [doc.tag],
    ...(route.auth ? {} : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.request ? { requestBody: { required: true, content: { 'application/json': { schema: ref(doc.request) } } } } : {}),
    responses,
  };
}

function success(route: Route): OpenApiObject {
  const { success: answer } = route.doc;
  const content: Record<string, OpenApiObject> = {};
  if (answer.pdf) content['application/pdf'] = { schema: { type: 'string', contentMediaType: 'application/pdf' } };
  if (answer.json) content['application/json'] = { schema: ref(answer.json) };
  if (route.operationId === 'getOpenApiDocument') content['application/json'] = { schema: { type: 'object' } };
  if (answer.text) content[answer.text] = { schema: { type: 'string' } };
  if (answer.image) content[answer.image] = { schema: { type: 'string', contentMediaType: answer.image } };
  const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]);
  return { description: answer.description, ...(headers.length > 0 && { headers: Object.fromEntries(headers) }), content };
}

function ref(component: string): OpenApiObject {
  return { $ref: `#/components/schemas/${component}` };
}
