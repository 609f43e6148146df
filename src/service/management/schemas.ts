// Request bodies of the management routes, as valibot schemas: validation and the OpenAPI document share them.
import * as v from 'valibot';
import { isPlainObject } from '../data-shape.js';
import { MAX_ID_LENGTH } from '../limits.js';
import { CONTENT_TYPES, MESSAGES, templateLanguageField } from '../request-schemas.js';

/** Longest application or template name, in characters. */
export const MAX_NAME_LENGTH = 255;
/** Longest application description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 2000;

const name = v.pipe(
  v.string(MESSAGES.string),
  v.minLength(1, 'String should have at least 1 character'),
  v.maxLength(MAX_NAME_LENGTH, `String should have at most ${MAX_NAME_LENGTH} characters`),
);
const description = v.pipe(
  v.string(MESSAGES.string),
  v.maxLength(MAX_DESCRIPTION_LENGTH, `String should have at most ${MAX_DESCRIPTION_LENGTH} characters`),
);
const id = v.pipe(v.string(MESSAGES.string), v.maxLength(MAX_ID_LENGTH, `String should have at most ${MAX_ID_LENGTH} characters`));
const isActive = v.nullish(v.boolean(MESSAGES.boolean));
const contentType = v.nullish(v.picklist(CONTENT_TYPES, MESSAGES.contentType));
const optionalString = v.nullish(v.string(MESSAGES.string));
const dataObject = v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.dict);

export const CreateApplicationRequestSchema = v.object(
  { name, description: v.nullish(description), is_active: isActive },
  MESSAGES.body,
);

/** PUT and PATCH alike: every field optional, absent or null ones unchanged. */
export const UpdateApplicationRequestSchema = v.object(
  { name: v.nullish(name), description: v.nullish(description), is_active: isActive },
  MESSAGES.body,
);

export const CreateTemplateRequestSchema = v.object(
  {
    application_id: id,
    name,
    content: v.string(MESSAGES.string),
    content_type: contentType,
    template_language: templateLanguageField,
    extra_css: optionalString,
    is_active: isActive,
  },
  MESSAGES.body,
);

/** PUT and PATCH alike: every field optional; absent fields are unchanged, and `extra_css: null` clears the CSS. */
export const UpdateTemplateRequestSchema = v.object(
  {
    name: v.nullish(name),
    content: optionalString,
    content_type: contentType,
    template_language: templateLanguageField,
    extra_css: optionalString,
    is_active: isActive,
  },
  MESSAGES.body,
);

/** PUT and PATCH alike: replaces the data kept with the document; the PDF is not regenerated. */
export const UpdateDocumentRequestSchema = v.object({ data: dataObject }, MESSAGES.body);

export type CreateApplicationRequest = v.InferInput<typeof CreateApplicationRequestSchema>;
export type UpdateApplicationRequest = v.InferInput<typeof UpdateApplicationRequestSchema>;
export type CreateTemplateRequest = v.InferInput<typeof CreateTemplateRequestSchema>;
export type UpdateTemplateRequest = v.InferInput<typeof UpdateTemplateRequestSchema>;
export type UpdateDocumentRequest = v.InferInput<typeof UpdateDocumentRequestSchema>;
