// valibot schemas of the two generation requests, with the hosted service's error messages.
import * as v from 'valibot';
import { isPlainObject } from './data-shape.js';

export const RESPONSE_TYPES = ['pdf', 'json_with_base64', 'document_id'] as const;
export const CONTENT_TYPES = ['html', 'markdown'] as const;

export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const MESSAGES = {
  missing: 'Field required',
  string: 'Input should be a valid string',
  boolean: 'Input should be a valid boolean',
  dict: 'Input should be a valid dictionary',
  body: 'Input should be a valid dictionary or object to extract fields from',
  responseType: "Input should be 'pdf', 'json_with_base64' or 'document_id'",
  contentType: "Input should be 'html' or 'markdown'",
} as const;

const requiredString = v.string(MESSAGES.string);
const optionalString = v.nullish(v.string(MESSAGES.string));
const dataObject = v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.dict);
const responseType = v.picklist(RESPONSE_TYPES, MESSAGES.responseType);
const contentType = v.nullish(v.picklist(CONTENT_TYPES, MESSAGES.contentType));

export const GenerateRequestSchema = v.object(
  {
    template_id: requiredString,
    data: dataObject,
    response_type: responseType,
    content_type: contentType,
    password: optionalString,
  },
  MESSAGES.body,
);

export const QuickGenerateRequestSchema = v.object(
  {
    html: requiredString,
    data: dataObject,
    response_type: responseType,
    content_type: contentType,
    extra_css: optionalString,
    save_template: v.nullish(v.boolean(MESSAGES.boolean)),
    application_id: optionalString,
    password: optionalString,
  },
  MESSAGES.body,
);

/** Body of `generate`: render a stored template. */
export type GenerateRequest = v.InferInput<typeof GenerateRequestSchema>;
/** Body of `quickGenerate`: render content sent with the request. */
export type QuickGenerateRequest = v.InferInput<typeof QuickGenerateRequestSchema>;

export type ValidGenerateRequest = v.InferOutput<typeof GenerateRequestSchema>;
export type ValidQuickGenerateRequest = v.InferOutput<typeof QuickGenerateRequestSchema>;
