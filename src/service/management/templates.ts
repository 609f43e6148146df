// Template management: create, list, read, update and delete an account's templates.
import { NothingToUpdateError, TemplateNotFoundError, type ValidationIssue } from '../../errors/index.js';
import type { TemplatePatch, TemplateRecord } from '../../stores/index.js';
import type { Principal } from '../deps.js';
import { resolveLimits } from '../limits.js';
import { jsonOutcome } from '../outcome.js';
import { checkBytes } from '../validate-request.js';
import { ownedApplication } from './applications.js';
import type { ManagementDeps } from './deps.js';
import { createdOutcome, runManaged, type ManagementOutcome } from './outcome.js';
import {
  deleted,
  envelope,
  templateData,
  type DeletedEnvelope,
  type TemplateListEnvelope,
  type TemplateRecordEnvelope,
} from './records.js';
import { CreateTemplateRequestSchema, UpdateTemplateRequestSchema } from './schemas.js';
import { validateBody } from './validate-body.js';

export interface TemplateListQuery {
  /** Only this application's templates; all the account's when absent. */
  readonly application_id?: string | null;
}

export async function createTemplate(deps: ManagementDeps, principal: Principal, body: unknown): Promise<ManagementOutcome<TemplateRecordEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const request = validateBody(CreateTemplateRequestSchema, body, (fields) => sizeIssues(deps, fields));
    const application = await ownedApplication(deps, accountId, request.application_id);
    const template = await deps.templates.createTemplate({
      applicationId: application.id,
      name: request.name,
      content: request.content,
      contentType: request.content_type ?? 'html',
      templateLanguage: request.template_language ?? null,
      extraCss: request.extra_css ?? null,
      isActive: request.is_active ?? true,
    });
    return createdOutcome(envelope(templateData(template)));
  });
}

export async function listTemplates(deps: ManagementDeps, principal: Principal, query: TemplateListQuery = {}): Promise<ManagementOutcome<TemplateListEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const applicationId = query.application_id ?? undefined;
    if (applicationId !== undefined) await ownedApplication(deps, accountId, applicationId);
    const templates = await deps.templates.listTemplates({ accountId, ...(applicationId === undefined ? {} : { applicationId }) });
    return jsonOutcome(envelope(templates.map(templateData)));
  });
}

export async function getTemplateRecord(deps: ManagementDeps, principal: Principal, templateId: unknown): Promise<ManagementOutcome<TemplateRecordEnvelope>> {
  return runManaged(principal, async (accountId) => jsonOutcome(envelope(templateData(await ownedTemplate(deps, accountId, templateId)))));
}

/** PUT and PATCH alike: only the fields present change; `extra_css: null` clears the CSS. */
export async function updateTemplate(
  deps: ManagementDeps,
  principal: Principal,
  templateId: unknown,
  body: unknown,
): Promise<ManagementOutcome<TemplateRecordEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const template = await ownedTemplate(deps, accountId, templateId);
    const request = validateBody(UpdateTemplateRequestSchema, body, (fields) => sizeIssues(deps, fields));
    const patch: TemplatePatch = {
      ...(request.name == null ? {} : { name: request.name }),
      ...(request.content == null ? {} : { content: request.content }),
      ...(request.content_type == null ? {} : { contentType: request.content_type }),
      ...(request.template_language == null ? {} : { templateLanguage: request.template_language }),
      ...(request.extra_css === undefined ? {} : { extraCss: request.extra_css }),
      ...(request.is_active == null ? {} : { isActive: request.is_active }),
    };
    if (Object.keys(patch).length === 0) throw new NothingToUpdateError();
    const updated = await deps.templates.updateTemplate(template.id, patch);
    if (!updated) throw new TemplateNotFoundError({ detail: `template ${template.id} vanished during the update` });
    return jsonOutcome(envelope(templateData(updated)));
  });
}

export async function deleteTemplate(deps: ManagementDeps, principal: Principal, templateId: unknown): Promise<ManagementOutcome<DeletedEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const template = await ownedTemplate(deps, accountId, templateId);
    await deps.templates.deleteTemplate(template.id);
    return jsonOutcome(deleted('Template successfully deleted.'));
  });
}

async function ownedTemplate(deps: ManagementDeps, accountId: string, templateId: unknown): Promise<TemplateRecord> {
  const template = typeof templateId === 'string' ? await deps.templates.getTemplate(templateId) : null;
  if (!template || template.accountId !== accountId) throw new TemplateNotFoundError({ detail: `template ${String(templateId)}` });
  return template;
}

/** The same byte limits quick generate holds `html` and `extra_css` to. */
function sizeIssues(deps: ManagementDeps, fields: Record<string, unknown>): ValidationIssue[] {
  const limits = resolveLimits(deps.limits);
  return [...checkBytes(fields, 'content', limits.maxContentBytes), ...checkBytes(fields, 'extra_css', limits.maxExtraCssBytes)];
}
