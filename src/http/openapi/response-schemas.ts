// Response bodies as valibot schemas, strict about extra fields, for the OpenAPI document.
import * as v from 'valibot';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const documentId = v.pipe(v.string(), v.regex(new RegExp(`^document-${UUID}$`)));
const templateId = v.pipe(v.string(), v.regex(new RegExp(`^template-${UUID}$`)));
const applicationId = v.pipe(v.string(), v.regex(new RegExp(`^app-${UUID}$`)));
const filename = v.pipe(v.string(), v.regex(/^file_\d{8}_\d{6}_[0-9a-f]{8}\.pdf$/));
const sizeBytes = v.pipe(v.number(), v.integer(), v.minValue(0));
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const emptyArray = v.pipe(v.array(v.unknown()), v.length(0));

function envelope<Data extends v.GenericSchema>(data: Data) {
  return v.strictObject({ success: v.literal(true), message: v.string(), data });
}

/** Said of the ids of results that are not kept unless the server is told to keep them (decision 0235). */
export const UNKEPT_DOCUMENT_NOTE =
  'The PDF is kept for download from /v1/documents/download/{document_id} only when the server keeps pdf and json_with_base64 results (retainDocuments; pagesmith serve --retain-documents); otherwise that download answers 404.';

export const Base64EnvelopeSchema = envelope(
  v.strictObject({
    document_id: v.pipe(documentId, v.description(`Identifies this generation; the PDF itself is in pdf_content. ${UNKEPT_DOCUMENT_NOTE}`)),
    template_id: v.nullable(templateId),
    pdf_content: v.pipe(v.string(), v.base64()),
    filename,
    content_type: v.literal('application/pdf'),
    size_bytes: sizeBytes,
  }),
);

export const DocumentIdEnvelopeSchema = envelope(
  v.strictObject({
    document_id: documentId,
    template_id: v.nullable(templateId),
    download_url: v.pipe(v.string(), v.url()),
    size_bytes: sizeBytes,
  }),
);

export const UsageEnvelopeSchema = envelope(
  v.strictObject({
    used: v.pipe(v.number(), v.integer(), v.minValue(0)),
    limit: v.pipe(v.number(), v.integer(), v.minValue(0)),
    period: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
  }),
);

const applicationData = v.strictObject({
  app_id: applicationId,
  application_id: applicationId,
  name: v.string(),
  description: v.string(),
  is_active: v.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

const templateData = v.strictObject({
  template_id: templateId,
  application_id: applicationId,
  name: v.string(),
  content: v.string(),
  content_type: v.picklist(['html', 'markdown']),
  template_language: v.pipe(
    v.nullable(v.picklist(['jinja', 'liquid'])),
    v.description('pagesmith extension: the template language; null when the template follows the service default.'),
  ),
  extra_css: v.nullable(v.string()),
  is_active: v.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

const documentData = v.strictObject({
  document_id: documentId,
  template_id: v.nullable(templateId),
  filename,
  content_type: v.literal('application/pdf'),
  size_bytes: sizeBytes,
  download_url: v.pipe(v.string(), v.url()),
  attributes: v.record(v.string(), v.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
});

export const ApplicationEnvelopeSchema = envelope(applicationData);
export const ApplicationListEnvelopeSchema = envelope(v.array(applicationData));
export const TemplateRecordEnvelopeSchema = envelope(templateData);
export const TemplateListEnvelopeSchema = envelope(v.array(templateData));
export const DocumentRecordEnvelopeSchema = envelope(documentData);
export const DocumentListEnvelopeSchema = envelope(v.array(documentData));
export const DeletedEnvelopeSchema = envelope(emptyArray);

const position = v.pipe(v.number(), v.integer(), v.minValue(1));

const templateCheckEntries = {
  valid: v.pipe(v.boolean(), v.description('True when the template has no problem.')),
  problems: v.array(
    v.strictObject({
      type: v.pipe(
        v.picklist(['syntax_error', 'missing_data', 'render_error', 'limit_exceeded']),
        v.description('syntax_error: it does not parse; missing_data: a key data lacks; render_error: the trial render with data failed; limit_exceeded: a template limit (in a preview, also an engine limit: pages, nesting, render time, memory).'),
      ),
      message: v.string(),
      line: v.pipe(v.nullable(position), v.description('1-based; null for a problem of the whole template.')),
      column: v.pipe(v.nullable(position), v.description('1-based, in UTF-16 code units.')),
      construct: v.pipe(v.nullable(v.string()), v.description('The {{ … }} or {% … %} at fault as written, at most 200 characters.')),
      path: v.pipe(v.nullable(v.string()), v.description('For missing_data: the data path without a value.')),
    }),
  ),
  placeholders: v.pipe(
    v.array(
      v.strictObject({
        path: v.string(),
        segments: v.array(v.union([v.string(), v.number()])),
        required: v.boolean(),
        locations: v.array(v.strictObject({ line: position, column: position })),
      }),
    ),
    v.description('What the template reads from its data, in order of first use; empty when it does not parse.'),
  ),
};

export const TemplateCheckEnvelopeSchema = envelope(v.strictObject(templateCheckEntries));

export const TemplatePreviewEnvelopeSchema = envelope(
  v.strictObject({
    ...templateCheckEntries,
    page_count: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Pages the whole document has; 0 when a problem stopped the render.')),
    render_ms: v.pipe(v.number(), v.minValue(0), v.description('From the template’s start to the last image, in milliseconds.')),
    pages: v.pipe(
      v.array(
        v.strictObject({
          page: position,
          width: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('In pixels.')),
          height: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('In pixels.')),
          image: v.pipe(v.string(), v.regex(/^data:image\/(png|jpeg|webp);base64,/), v.description('The page as a data: URL, e.g. data:image/png;base64,…')),
        }),
      ),
      v.description('The first max_pages pages, painted by the engine’s raster backend; empty when a problem stopped the render.'),
    ),
  }),
);

export const FailureEnvelopeSchema = v.strictObject({ success: v.literal(false), message: v.string(), data: emptyArray });

/** GET /healthz: the process answers. Not an envelope of the contract: load balancers and probes read it. */
export const HealthSchema = v.strictObject({ status: v.literal('ok') });

/** GET /readyz, 200 or 503: each dependency asked, and why the server is not ready when it is not. */
export const ReadinessSchema = v.strictObject({
  status: v.pipe(v.picklist(['ok', 'unavailable']), v.description('ok with 200; unavailable with 503.')),
  reason: v.pipe(
    v.optional(v.string()),
    v.description('With 503: "shutting down", or each failed check as "name: reason", separated by "; ".'),
  ),
  checks: v.array(
    v.strictObject({
      name: v.pipe(v.string(), v.description('templates, documents, quota (stores, joined with + when one serves several), engine, template_threads, or an extra check.')),
      status: v.picklist(['ok', 'failed']),
      reason: v.optional(v.string()),
      duration_ms: v.pipe(v.number(), v.minValue(0)),
    }),
  ),
});

export const ValidationFailureEnvelopeSchema = v.strictObject({
  success: v.literal(false),
  message: v.string(),
  errors: v.array(v.strictObject({ field: v.string(), message: v.string(), type: v.string() })),
});

const jobId = v.pipe(v.string(), v.regex(new RegExp(`^job-${UUID}$`)));

/** POST /v1/jobs, 202. */
export const JobAcceptedEnvelopeSchema = envelope(
  v.strictObject({
    job_id: jobId,
    status: v.literal('queued'),
    total: v.pipe(v.number(), v.integer(), v.minValue(1)),
    status_url: v.pipe(v.string(), v.url(), v.description('GET it for the job’s progress and results; also in the Location header.')),
  }),
);

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** GET /v1/jobs/{job_id}, and the data of the job.completed webhook. */
export const JobEnvelopeSchema = envelope(
  v.strictObject({
    job_id: jobId,
    status: v.pipe(v.picklist(['queued', 'running', 'completed']), v.description('completed once every document has a result, succeeded or failed.')),
    progress: v.strictObject({ done: count, total: count, succeeded: count, failed: count }),
    created_at: timestamp,
    started_at: v.nullable(timestamp),
    completed_at: v.nullable(timestamp),
    documents: v.pipe(
      v.array(
        v.variant('status', [
          v.strictObject({ index: count, status: v.literal('pending') }),
          v.strictObject({ index: count, status: v.literal('succeeded'), document_id: documentId, template_id: v.nullable(templateId), download_url: v.pipe(v.string(), v.url()), size_bytes: sizeBytes }),
          v.strictObject({
            index: count,
            status: v.literal('failed'),
            http_status: v.pipe(v.number(), v.integer(), v.description('The status the synchronous route answers this document with.')),
            error: v.pipe(v.union([FailureEnvelopeSchema, ValidationFailureEnvelopeSchema]), v.description('The envelope the synchronous route answers this document with.')),
          }),
        ]),
      ),
      v.description('In request order.'),
    ),
    webhook: v.nullable(
      v.strictObject({ url: v.string(), state: v.picklist(['pending', 'delivered', 'failed']), attempts: count, last_error: v.nullable(v.string()) }),
    ),
  }),
);
