// Check a template: every problem it has, with line, column and construct, for its author; nothing rendered to PDF, no quota used.
import * as v from 'valibot';
import { TemplateEngineError, ValidationError } from '../errors/index.js';
import { checkDataShape, isPlainObject } from './data-shape.js';
import { resolveDeps, type CallOptions, type Principal, type ServiceDeps } from './deps.js';
import type { SuccessEnvelope } from './envelopes.js';
import { jsonOutcome, type Outcome } from './outcome.js';
import { CONTENT_TYPES, MESSAGES, templateLanguageField } from './request-schemas.js';
import { runSafely } from './run-safely.js';
import { templateProblem, type TemplateDiagnostics, type TemplateProblem } from './template-diagnostics.js';
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
    const request = validateCheckTemplateRequest(body, resolved.limits.maxContentBytes, resolved.limits.maxDataDepth, resolved.limits.maxDataBytes);
    const stage = templateStage(resolved.templateThreads, resolved.limits.templateHeapMb);
    await stage.ready();
    const { data, floats } = request.data === undefined ? { data: null, floats: [] } : splitFloats(request.data);
    const job = { content: request.html, contentType: request.content_type ?? 'html', language: request.template_language ?? resolved.templateLanguage, data, floats } as const;
    let diagnostics: TemplateDiagnostics;
    try {
      diagnostics = await stage.check(job, resolved.limits, options.signal);
    } catch (error) {
      // A timer or the heap ended the thread: that too is the template's problem.
      if (!(error instanceof TemplateEngineError)) throw error;
      diagnostics = { problems: [templateProblem(error, job.content, 'render_error')], placeholders: [] };
    }
    const count = diagnostics.problems.length;
    return jsonOutcome<TemplateCheckEnvelope>({
      success: true,
      message: count === 0 ? 'The template has no problems.' : `The template has ${count} problem${count === 1 ? '' : 's'}.`,
      data: { valid: count === 0, problems: diagnostics.problems, placeholders: diagnostics.placeholders },
    });
  });
}

function validateCheckTemplateRequest(body: unknown, maxContentBytes: number, maxDataDepth: number, maxDataBytes: number): v.InferOutput<typeof CheckTemplateRequestSchema> {
  assertObjectBody(body);
  const result = v.safeParse(CheckTemplateRequestSchema, body, { abortEarly: false });
  const issues = (result.issues ?? []).map(toValidationIssue);
  issues.push(...checkBytes(body, 'html', maxContentBytes));
  if (isPlainObject(body['data'])) issues.push(...checkDataShape(body['data'], maxDataDepth, maxDataBytes));
  if (!result.success || issues.length > 0) throw new ValidationError(issues);
  return result.output;
}
