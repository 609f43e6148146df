// valibot schemas of the two generation requests, with the hosted service's error messages.
import * as v from 'valibot';
import type { ContentType } from '../stores/index.js';
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '../template/index.js';
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
  templateLanguage: "Input should be 'jinja' or 'liquid'",
} as const;

const requiredString = v.string(MESSAGES.string);
const optionalString = v.nullish(v.string(MESSAGES.string));
const dataObject = v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.dict);
const responseType = v.picklist(RESPONSE_TYPES, MESSAGES.responseType);
const contentType = v.nullish(v.picklist(CONTENT_TYPES, MESSAGES.contentType));

/**
 * `template_language`, an extension of the spec (decision 0258): how the template's placeholders
 * and tags are read. Absent or null: the stored template's language, else the service's default.
 */
export const templateLanguageField = v.pipe(
  v.nullish(v.picklist(TEMPLATE_LANGUAGES, MESSAGES.templateLanguage)),
  v.description(
    "pagesmith extension: the template language, 'jinja' (Python's Jinja2, as the hosted service renders) or 'liquid'. Absent or null: the stored template's language, else the service's default (jinja unless the service is configured otherwise).",
  ),
);

export const GenerateRequestSchema = v.object(
  {
    template_id: requiredString,
    data: dataObject,
    response_type: responseType,
    content_type: contentType,
    template_language: templateLanguageField,
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
    template_language: templateLanguageField,
    extra_css: optionalString,
    save_template: v.nullish(v.boolean(MESSAGES.boolean)),
    application_id: optionalString,
    password: optionalString,
  },
  MESSAGES.body,
);

/**
 * Body of `generate`: render a stored template. `R` is the `response_type`, which decides the
 * success body (`GenerateBody<R>`). Field for field what `GenerateRequestSchema` accepts, except
 * that `data` is any object type (an interface too); the service refuses arrays with a 422.
 */
export interface GenerateRequest<R extends ResponseType = ResponseType> {
  readonly template_id: string;
  /** Key-value pairs for the template's placeholders. */
  readonly data: object;
  readonly response_type: R;
  /** Overrides the template's own content type. */
  readonly content_type?: ContentType | null;
  /** Overrides the template's own language; else the service's default (an extension of the spec). */
  readonly template_language?: TemplateLanguage | null;
  /** Encrypts the PDF with this user password (AES-256). */
  readonly password?: string | null;
}

/**
 * Body of `quickGenerate`: render content sent with the request. `R` is the `response_type`,
 * which decides the success body (`GenerateBody<R>`). Field for field what
 * `QuickGenerateRequestSchema` accepts, except that `data` is any object type.
 */
export interface QuickGenerateRequest<R extends ResponseType = ResponseType> {
  /** The template: HTML, or Markdown with `content_type: "markdown"`. */
  readonly html: string;
  /** Key-value pairs for the template's placeholders. */
  readonly data: object;
  readonly response_type: R;
  readonly content_type?: ContentType | null;
  /** `jinja` or `liquid`; the service's default when absent (an extension of the spec). */
  readonly template_language?: TemplateLanguage | null;
  /** CSS added after the document's own (Markdown's stylesheet included). */
  readonly extra_css?: string | null;
  /** Saves the content as a template of `application_id` once the PDF is made. */
  readonly save_template?: boolean | null;
  readonly application_id?: string | null;
  /** Encrypts the PDF with this user password (AES-256). */
  readonly password?: string | null;
}

/**
 * A body whose type you have not checked — `unknown`, or `any` as `await request.json()` gives —
 * for the overload that validates it at run time. An object you build is checked against
 * `GenerateRequest` or `QuickGenerateRequest` instead, so a misspelt field does not compile.
 */
export type UncheckedBody<Body> = unknown extends Body ? Body : never;

export type ValidGenerateRequest = v.InferOutput<typeof GenerateRequestSchema>;
export type ValidQuickGenerateRequest = v.InferOutput<typeof QuickGenerateRequestSchema>;
