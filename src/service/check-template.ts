// Check a template: every problem it has, with line, column and construct, for its author; nothing rendered to PDF, no quota used.
import * as v from 'valibot';
import { TemplateEngineError, ValidationError, type ValidationIssue } from '../errors/index.js';
import { checkDataShape, isPlainObject } from './data-shape.js';
import { resolveDeps, type CallOptions, type Principal, type ResolvedDeps, type ServiceDeps } from './deps.js';
import type { ServiceLimits } from './limits.js';
import type { SuccessEnvelope } from './envelopes.js';
import { jsonOutcome, type Outcome } from './outcome.js';
import { CONTENT_TYPES, MESSAGES, templateLanguageField } from './request-schemas.js';
import { runSafely } from './run-safely.js';
import { templateProblem, type CheckJob, type TemplateDiagnostics, type TemplateProblem } from './template-diagnostics.js';
import { splitFloats } from './float-paths.js';
import { templateStage } from './template-threads.js';
import { assertObjectBody, checkBytes, toValidationIssue } from './validate-request.js';

export const CheckTemplateRequestSchema = v.object(
  {
    html: v.pipe(v.string(MESSAGES.string), v.description('The template: HTML, or Markdown with content_type "markdown".')),
    data: v.pipe(
      v.optional(v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.dict)),
      v.description('The data it would be rendered with. Without it only the syntax is checked; with it, missing keys too, and a trial render.'),
    ),
    content_type: v.nullish(v.picklist(CONTENT_TYPES, MESSAGES.contentType)),
    template_language: templateLanguageField,
  },
  MESSAGES.body,
);

/** Body of `checkTemplate`. */
export type CheckTemplateRequest = v.InferInput<typeof CheckTemplateRequestSchema>;

export interface TemplateCheckData {
  /** True when there is no problem. */
  readonly valid: boolean;
  readonly problems: readonly TemplateProblem[];
  /** What the template reads from its data (see `inspectTemplate`); empty when it does not parse. */
  readonly placeholders: TemplateDiagnostics['placeholders'];
}

export type TemplateCheckEnvelope = SuccessEnvelope<TemplateCheckData>;

/**
 * Never rejects. The answer is 200 whatever the template's problems (they are the answer); a body
 * that is not a check request is a 422. The work runs on the template threads, under the limits
 * a render has (decision 0239).
 */
export async function checkTemplate(deps: ServiceDeps, body: unknown, principal: Principal, options: CallOptions = {}): Promise<Outcome<TemplateCheckEnvelope>> {
  return runSafely(principal, async () => {
    const resolved = resolveDeps(deps);
    const request = validateCheckFields(CheckTemplateRequestSchema, body, resolved.limits);
    await templateStage(resolved.templateThreads, resolved.limits.templateHeapMb).ready();
    const diagnostics = await diagnose(resolved, checkJob(resolved, request), options.signal);
    const count = diagnostics.problems.length;
    return jsonOutcome<TemplateCheckEnvelope>({
      success: true,
      message: problemsMessage(count),
      data: { valid: count === 0, problems: diagnostics.problems, placeholders: diagnostics.placeholders },
    });
  });
}

export function problemsMessage(count: number): string {
  return count === 0 ? 'The template has no problems.' : `The template has ${count} problem${count === 1 ? '' : 's'}.`;
}

/** The check of a valid request: its template, its language, its data (null: syntax only). */
export function checkJob(deps: ResolvedDeps, request: v.InferOutput<typeof CheckTemplateRequestSchema>): CheckJob {
  const { data, floats } = request.data === undefined ? { data: null, floats: [] } : splitFloats(request.data);
  return { content: request.html, contentType: request.content_type ?? 'html', language: request.template_language ?? deps.templateLanguage, data, floats };
}

/** The job's problems on the template threads; a timer or the heap ending the thread is the template's problem too. */
export async function diagnose(deps: ResolvedDeps, job: CheckJob, signal: AbortSignal | undefined): Promise<TemplateDiagnostics> {
  try {
    return await templateStage(deps.templateThreads, deps.limits.templateHeapMb).check(job, deps.limits, signal);
  } catch (error) {
    if (!(error instanceof TemplateEngineError)) throw error;
    return { problems: [templateProblem(error, job.content, 'render_error')], placeholders: [] };
  }
}

/** Throws ValidationError listing every problem of the check request's fields, and any `extra` finds. */
export function validateCheckFields<Schema extends v.GenericSchema>(
  schema: Schema,
  body: unknown,
  limits: ServiceLimits,
  extra: (fields: Record<string, unknown>) => ValidationIssue[] = () => [],
): v.InferOutput<Schema> {
  assertObjectBody(body);
  const result = v.safeParse(schema, body, { abortEarly: false });
  const issues = (result.issues ?? []).map(toValidationIssue);
  issues.push(...checkBytes(body, 'html', limits.maxContentBytes));
  if (isPlainObject(body['data'])) issues.push(...checkDataShape(body['data'], limits.maxDataDepth, limits.maxDataBytes));
  issues.push(...extra(body));
  if (!result.success || issues.length > 0) throw new ValidationError(issues);
  return result.output;
}
