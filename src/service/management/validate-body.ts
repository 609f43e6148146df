// Parses a management request body against its schema, reporting every problem as the 422 issues.
import * as v from 'valibot';
import { ValidationError, type ValidationIssue } from '../../errors/index.js';
import { assertObjectBody, toValidationIssue } from '../validate-request.js';

type ObjectSchema = v.GenericSchema<unknown, Record<string, unknown>>;

/** Throws ValidationError listing the schema's issues and those `extraChecks` finds. */
export function validateBody<Schema extends ObjectSchema>(
  schema: Schema,
  body: unknown,
  extraChecks: (fields: Record<string, unknown>) => ValidationIssue[] = () => [],
): v.InferOutput<Schema> {
  assertObjectBody(body);
  const result = v.safeParse(schema, body, { abortEarly: false });
  const issues = (result.issues ?? []).map(toValidationIssue);
  issues.push(...extraChecks(body));
  if (!result.success || issues.length > 0) throw new ValidationError(issues);
  return result.output;
}
