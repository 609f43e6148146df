// The named schemas of the OpenAPI document and the valibot schemas they are generated from.
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import {
  CheckTemplateRequestSchema,
  CreateApplicationRequestSchema,
  PreviewTemplateRequestSchema,
  CreateTemplateRequestSchema,
  GenerateRequestSchema,
  QuickGenerateRequestSchema,
  UpdateApplicationRequestSchema,
  UpdateDocumentRequestSchema,
  UpdateTemplateRequestSchema,
} from '../../service/index.js';
import { JobRequestSchema } from '../../jobs/job-request.js';
import {
  ApplicationEnvelopeSchema,
  ApplicationListEnvelopeSchema,
  Base64EnvelopeSchema,
  DeletedEnvelopeSchema,
  DocumentIdEnvelopeSchema,
  DocumentListEnvelopeSchema,
  DocumentRecordEnvelopeSchema,
  FailureEnvelopeSchema,
  HealthSchema,
  JobAcceptedEnvelopeSchema,
  JobEnvelopeSchema,
  ReadinessSchema,
  TemplateCheckEnvelopeSchema,
  TemplateListEnvelopeSchema,
  TemplatePreviewEnvelopeSchema,
  TemplateRecordEnvelopeSchema,
  UsageEnvelopeSchema,
  ValidationFailureEnvelopeSchema,
} from './response-schemas.js';

type AnySchema = v.GenericSchema;

function requestComponents() {
  return {
    GenerateRequest: GenerateRequestSchema,
    QuickGenerateRequest: QuickGenerateRequestSchema,
    CreateApplicationRequest: CreateApplicationRequestSchema,
    UpdateApplicationRequest: UpdateApplicationRequestSchema,
    CreateTemplateRequest: CreateTemplateRequestSchema,
    UpdateTemplateRequest: UpdateTemplateRequestSchema,
    UpdateDocumentRequest: UpdateDocumentRequestSchema,
    CheckTemplateRequest: CheckTemplateRequestSchema,
    PreviewTemplateRequest: PreviewTemplateRequestSchema,
    JobRequest: JobRequestSchema,
  } satisfies Record<string, AnySchema>;
}

function responseComponents() {
  return {
    Base64Envelope: Base64EnvelopeSchema,
    DocumentIdEnvelope: DocumentIdEnvelopeSchema,
    UsageEnvelope: UsageEnvelopeSchema,
    ApplicationEnvelope: ApplicationEnvelopeSchema,
    ApplicationListEnvelope: ApplicationListEnvelopeSchema,
    TemplateRecordEnvelope: TemplateRecordEnvelopeSchema,
    TemplateListEnvelope: TemplateListEnvelopeSchema,
    DocumentRecordEnvelope: DocumentRecordEnvelopeSchema,
    DocumentListEnvelope: DocumentListEnvelopeSchema,
    DeletedEnvelope: DeletedEnvelopeSchema,
    TemplateCheckEnvelope: TemplateCheckEnvelopeSchema,
    TemplatePreviewEnvelope: TemplatePreviewEnvelopeSchema,
    FailureEnvelope: FailureEnvelopeSchema,
    ValidationFailureEnvelope: ValidationFailureEnvelopeSchema,
    Health: HealthSchema,
    Readiness: ReadinessSchema,
    JobAcceptedEnvelope: JobAcceptedEnvelopeSchema,
    JobEnvelope: JobEnvelopeSchema,
  } satisfies Record<string, AnySchema>;
}

export type RequestComponent = keyof ReturnType<typeof requestComponents>;
/** `GenerateResponse` is composed here: either JSON envelope a generate call can answer. */
export type ResponseComponent = keyof ReturnType<typeof responseComponents> | 'GenerateResponse';

/** Every component schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
export function componentSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries({ ...requestComponents(), ...responseComponents() })) {
    schemas[name] = convert(schema);
  }
  schemas['GenerateResponse'] = { oneOf: [{ $ref: '#/components/schemas/Base64Envelope' }, { $ref: '#/components/schemas/DocumentIdEnvelope' }] };
  return schemas;
}

function convert(schema: AnySchema): JsonSchema {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    // `data` is checked by a custom predicate (a plain JSON object); say what it accepts.
    overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'custom' ? { type: 'object', additionalProperties: true } : undefined),
  });
  return json;
}
