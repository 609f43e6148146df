// Quick generate: render content sent in the request, optionally saving it as a template.
import { ValidationError } from '../errors/index.js';
import { resolveDeps, type CallOptions, type Principal, type ResolvedDeps, type ServiceDeps } from './deps.js';
import { produceDocument, type GenerateOutcome } from './produce-document.js';
import { runSafely } from './run-safely.js';
import type { QuickGenerateRequest, ResponseType, UncheckedBody } from './request-schemas.js';
import { validateQuickGenerateRequest } from './validate-request.js';

/**
 * Never rejects: every failure resolves to an outcome with `ok: false`. A body of type `unknown`
 * (a raw HTTP body) is validated at run time; an object you build is type-checked as a
 * `QuickGenerateRequest`, and the success body follows its `response_type`.
 */
export function quickGenerate<Body>(deps: ServiceDeps, body: UncheckedBody<Body>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome>;
export function quickGenerate<R extends ResponseType>(deps: ServiceDeps, body: QuickGenerateRequest<R>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome<R>>;
export async function quickGenerate(deps: ServiceDeps, body: unknown, principal: Principal, options: CallOptions = {}): Promise<GenerateOutcome> {
  return runSafely(principal, async (accountId) => {
    const resolved = resolveDeps(deps);
    const request = validateQuickGenerateRequest(body, resolved.limits);
    const saveToApplicationId = request.save_template === true ? (request.application_id ?? null) : null;
    if (saveToApplicationId !== null) await assertUsableApplication(resolved, saveToApplicationId, accountId);
    return produceDocument(resolved, {
      accountId,
      content: request.html,
      contentType: request.content_type ?? 'html',
      language: request.template_language ?? resolved.templateLanguage,
      // A saved template keeps the language the caller named; without one it follows the service's default.
      savedLanguage: request.template_language ?? null,
      extraCss: request.extra_css ?? null,
      data: request.data,
      responseType: request.response_type,
      password: request.password ?? null,
      templateId: null,
      saveToApplicationId,
      signal: options.signal,
      onDocument: options.onDocument,
    });
  });
}

async function assertUsableApplication(deps: ResolvedDeps, applicationId: string, accountId: string): Promise<void> {
  const application = await deps.templates.getApplication(applicationId);
  if (application && application.accountId === accountId && application.isActive) return;
  throw new ValidationError([
    {
      field: 'application_id',
      type: 'value_error',
      message: 'Value error, application not found. Please ensure the application exists and is active.',
    },
  ]);
}
