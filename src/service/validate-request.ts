// Validates request bodies: every problem at once, reported pydantic-style on the field at fault.
import * as v from 'valibot';
import { ValidationError, type ValidationIssue } from '../errors/index.js';
import { validatePassword, type PasswordCheck } from '../protect/index.js';
import { checkDataShape, isPlainObject } from './data-shape.js';
import {
  GenerateRequestSchema,
  MESSAGES,
  QuickGenerateRequestSchema,
  type ValidGenerateRequest,
  type ValidQuickGenerateRequest,
} from './request-schemas.js';
import { MAX_ID_LENGTH, type ServiceLimits } from './limits.js';

/** Throws ValidationError listing every problem. */
export function validateGenerateRequest(body: unknown, limits: ServiceLimits): ValidGenerateRequest {
  assertObjectBody(body);
  const result = v.safeParse(GenerateRequestSchema, body, { abortEarly: false });
  const issues = (result.issues ?? []).map(toValidationIssue);
  issues.push(...checkId(body, 'template_id'));
  issues.push(...checkData(body, limits));
  issues.push(...checkPassword(body));
  if (!result.success || issues.length > 0) throw new ValidationError(issues);
  return result.output;
}

/** Throws ValidationError listing every problem. */
export function validateQuickGenerateRequest(body: unknown, limits: ServiceLimits): ValidQuickGenerateRequest {
  assertObjectBody(body);
  const result = v.safeParse(QuickGenerateRequestSchema, body, { abortEarly: false });
  const issues = (result.issues ?? []).map(toValidationIssue);
  issues.push(...checkBytes(body, 'html', limits.maxContentBytes));
  issues.push(...checkBytes(body, 'extra_css', limits.maxExtraCssBytes));
  issues.push(...checkId(body, 'application_id'));
  issues.push(...checkData(body, limits));
  issues.push(...checkPassword(body));
  if (body['save_template'] === true && !body['application_id']) {
    issues.push({ field: '', type: 'value_error', message: 'Value error, application_id is required when save_template is true' });
  }
  if (!result.success || issues.length > 0) throw new ValidationError(issues);
  return result.output;
}

/** Anything but a JSON object is refused whole, as pydantic does. */
export function assertObjectBody(body: unknown): asserts body is Record<string, unknown> {
  if (isRecord(body) && !Array.isArray(body)) return;
  throw new ValidationError([{ field: '', type: 'model_attributes_type', message: MESSAGES.body }]);
}

export function toValidationIssue(issue: v.BaseIssue<unknown>): ValidationIssue {
  const field = (issue.path ?? []).map((item) => String(item.key)).join('.');
  if (field === '') return { field, type: 'model_attributes_type', message: MESSAGES.body };
  if (issue.type === 'object' && issue.received === 'undefined') return { field, type: 'missing', message: MESSAGES.missing };
  return { field, type: PYDANTIC_TYPES[issue.type] ?? 'value_error', message: issue.message };
}

const PYDANTIC_TYPES: Readonly<Record<string, string>> = {
  string: 'string_type',
  boolean: 'bool_type',
  picklist: 'literal_error',
  custom: 'dict_type',
  max_length: 'string_too_long',
  min_length: 'string_too_short',
  number: 'int_type',
  integer: 'int_from_float',
  min_value: 'greater_than_equal',
  max_value: 'less_than_equal',
};

export function checkBytes(fields: Record<string, unknown>, field: string, maxBytes: number): ValidationIssue[] {
  const value = fields[field];
  // Cheap first: a string of n UTF-16 units is at most 3n UTF-8 bytes and at least n.
  if (typeof value !== 'string' || value.length * 3 <= maxBytes) return [];
  if (value.length <= maxBytes && Buffer.byteLength(value) <= maxBytes) return [];
  return [{ field, type: 'string_too_long', message: `String should have at most ${maxBytes} bytes` }];
}

function checkId(fields: Record<string, unknown>, field: string): ValidationIssue[] {
  const value = fields[field];
  if (typeof value !== 'string' || value.length <= MAX_ID_LENGTH) return [];
  return [{ field, type: 'string_too_long', message: `String should have at most ${MAX_ID_LENGTH} characters` }];
}

function checkData(fields: Record<string, unknown>, limits: ServiceLimits): ValidationIssue[] {
  const data = fields['data'];
  if (!isPlainObject(data)) return [];
  return checkDataShape(data, limits.maxDataDepth, limits.maxDataBytes);
}

/** 1 to 127 bytes of UTF-8 after SASLprep, the form the PDF is encrypted with (see `validatePassword`). */
function checkPassword(fields: Record<string, unknown>): ValidationIssue[] {
  const password = fields['password'];
  if (typeof password !== 'string') return [];
  const check = validatePassword(password);
  if (check.ok) return [];
  const type = PASSWORD_ISSUE_TYPES[check.reason];
  return [{ field: 'password', type, message: type === 'value_error' ? `Value error, ${check.message}` : check.message }];
}

const PASSWORD_ISSUE_TYPES: Readonly<Record<Extract<PasswordCheck, { ok: false }>['reason'], string>> = {
  empty: 'string_too_short',
  too_long: 'string_too_long',
  not_allowed: 'value_error',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
