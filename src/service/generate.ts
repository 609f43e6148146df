// Generate: render a stored template the caller owns with the request's data.
import { TemplateNotFoundError } from '../errors/index.js';
import type { TemplateRecord } from '../stores/index.js';
import { resolveDeps, type CallOptions, type Principal, type ResolvedDeps, type ServiceDeps } from './deps.js';
import { produceDocument, type GenerateOutcome } from './produce-document.js';
import { runSafely } from './run-safely.js';
import type { GenerateRequest, ResponseType, UncheckedBody } from './request-schemas.js';
import { validateGenerateRequest } from './validate-request.js';

/**
 * Never rejects: every failure resolves to an outcome with `ok: false`. A body of type `unknown`
 * (a raw HTTP body) is validated at run time; an object you build is type-checked as a
 * `GenerateRequest`, and the success body follows its `response_type`.
 */
export function generate<Body>(deps: ServiceDeps, body: UncheckedBody<Body>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome>;
export function generate<R extends ResponseType>(deps: ServiceDeps, body: GenerateRequest<R>, principal: Principal, options?: CallOptions): Promise<GenerateOutcome<R>>;
export async function generate(deps: ServiceDeps, body: unknown, principal: Principal, options: CallOptions = {}): Promise<GenerateOutcome> {
  return runSafely(principal, async (accountId) => {
    const resolved = resolveDeps(deps);
    const request = validateGenerateRequest(body, resolved.limits);
    const template = await usableTemplate(resolved, request.template_id, accountId);
    return produceDocument(resolved, {
      accountId,
      content: template.content,
      contentType: request.content_type ?? template.contentType,
      language: request.template_language ?? template.templateLanguage ?? resolved.templateLanguage,
      extraCss: template.extraCss,
      data: request.data,
      responseType: request.response_type,
      password: request.password ?? null,
      templateId: template.id,
      saveToApplicationId: null,
      signal: options.signal,
      onDocument: options.onDocument,
    });
  });
}

/** Missing, deleted, inactive, in an inactive application or another account's: all alike 404. */
async function usableTemplate(deps: ResolvedDeps, templateId: string, accountId: string): Promise<TemplateRecord> {
  const template = await deps.templates.getTemplate(templateId);
  if (!template || template.accountId !== accountId || !template.isActive) {
    throw new TemplateNotFoundError({ detail: `template ${templateId}: ${template ? 'inactive or not owned by the caller' : 'does not exist'}` });
  }
  const application = await deps.templates.getApplication(template.applicationId);
  if (!application || application.accountId !== accountId || !application.isActive) {
    throw new TemplateNotFoundError({ detail: `template ${templateId}: application ${template.applicationId} is missing, inactive or not owned by the caller` });
  }
  return template;
}
