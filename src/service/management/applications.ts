// Application management: create, list, read, update and delete an account's applications.
import { ApplicationNotFoundError, NothingToUpdateError } from '../../errors/index.js';
import type { ApplicationRecord } from '../../stores/index.js';
import type { Principal } from '../deps.js';
import { jsonOutcome } from '../outcome.js';
import type { ManagementDeps } from './deps.js';
import { createdOutcome, runManaged, type ManagementOutcome } from './outcome.js';
import {
  applicationData,
  deleted,
  envelope,
  type ApplicationEnvelope,
  type ApplicationListEnvelope,
  type DeletedEnvelope,
} from './records.js';
import { CreateApplicationRequestSchema, UpdateApplicationRequestSchema } from './schemas.js';
import { validateBody } from './validate-body.js';

export async function createApplication(deps: ManagementDeps, principal: Principal, body: unknown): Promise<ManagementOutcome<ApplicationEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const request = validateBody(CreateApplicationRequestSchema, body);
    const application = await deps.templates.createApplication({
      accountId,
      name: request.name,
      description: request.description ?? '',
      isActive: request.is_active ?? true,
    });
    return createdOutcome(envelope(applicationData(application)));
  });
}

export async function listApplications(deps: ManagementDeps, principal: Principal): Promise<ManagementOutcome<ApplicationListEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const applications = await deps.templates.listApplications(accountId);
    return jsonOutcome(envelope(applications.map(applicationData)));
  });
}

export async function getApplication(deps: ManagementDeps, principal: Principal, applicationId: unknown): Promise<ManagementOutcome<ApplicationEnvelope>> {
  return runManaged(principal, async (accountId) => jsonOutcome(envelope(applicationData(await ownedApplication(deps, accountId, applicationId)))));
}

/** PUT and PATCH alike: only the fields present change. */
export async function updateApplication(
  deps: ManagementDeps,
  principal: Principal,
  applicationId: unknown,
  body: unknown,
): Promise<ManagementOutcome<ApplicationEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const application = await ownedApplication(deps, accountId, applicationId);
    const request = validateBody(UpdateApplicationRequestSchema, body);
    const patch = {
      ...(request.name == null ? {} : { name: request.name }),
      ...(request.description == null ? {} : { description: request.description }),
      ...(request.is_active == null ? {} : { isActive: request.is_active }),
    };
    if (Object.keys(patch).length === 0) throw new NothingToUpdateError();
    const updated = await deps.templates.updateApplication(application.id, patch);
    if (!updated) throw new ApplicationNotFoundError({ detail: `application ${application.id} vanished during the update` });
    return jsonOutcome(envelope(applicationData(updated)));
  });
}

/** Deletes the application's templates with it; documents made from them stay downloadable. */
export async function deleteApplication(deps: ManagementDeps, principal: Principal, applicationId: unknown): Promise<ManagementOutcome<DeletedEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const application = await ownedApplication(deps, accountId, applicationId);
    await deps.templates.deleteApplication(application.id);
    return jsonOutcome(deleted('Application successfully deleted.'));
  });
}

/** Missing and another account's are alike 404, so ids of other accounts cannot be probed. */
export async function ownedApplication(deps: ManagementDeps, accountId: string, applicationId: unknown): Promise<ApplicationRecord> {
  const application = typeof applicationId === 'string' ? await deps.templates.getApplication(applicationId) : null;
  if (!application || application.accountId !== accountId) throw new ApplicationNotFoundError({ detail: `application ${String(applicationId)}` });
  return application;
}
