// Get template: a template's identity, content type and activity flag, for its owner only.
import { TemplateNotFoundError } from '../errors/index.js';
import type { Principal, ServiceDeps } from './deps.js';
import type { TemplateEnvelope } from './envelopes.js';
import { jsonOutcome, type Outcome } from './outcome.js';
import { runSafely } from './run-safely.js';

export async function getTemplate(deps: Pick<ServiceDeps, 'templates'>, principal: Principal, templateId: unknown): Promise<Outcome<TemplateEnvelope>> {
  return runSafely(principal, async (accountId) => {
    const template = typeof templateId === 'string' ? await deps.templates.getTemplate(templateId) : null;
    if (!template || template.accountId !== accountId) throw new TemplateNotFoundError({ detail: `template ${String(templateId)}` });
    return jsonOutcome<TemplateEnvelope>({
      success: true,
      message: 'Template retrieved successfully',
      data: {
        template_id: template.id,
        application_id: template.applicationId,
        content_type: template.contentType,
        is_active: template.isActive,
      },
    });
  });
}
