// createManagement: the management operations bound to one set of stores, as an object.
import type { Principal } from '../deps.js';
import { createApplication, deleteApplication, getApplication, listApplications, updateApplication } from './applications.js';
import type { ManagementDeps } from './deps.js';
import { deleteDocument, getDocumentRecord, listDocuments, updateDocument } from './documents.js';
import type { ManagementOutcome } from './outcome.js';
import type {
  ApplicationEnvelope,
  ApplicationListEnvelope,
  DeletedEnvelope,
  DocumentListEnvelope,
  DocumentRecordEnvelope,
  TemplateListEnvelope,
  TemplateRecordEnvelope,
} from './records.js';
import { createTemplate, deleteTemplate, getTemplateRecord, listTemplates, updateTemplate, type TemplateListQuery } from './templates.js';

/** Applications, templates and stored documents of the caller's account. Every method resolves; none rejects. */
export interface ManagementService {
  createApplication(principal: Principal, body: unknown): Promise<ManagementOutcome<ApplicationEnvelope>>;
  listApplications(principal: Principal): Promise<ManagementOutcome<ApplicationListEnvelope>>;
  getApplication(principal: Principal, applicationId: string): Promise<ManagementOutcome<ApplicationEnvelope>>;
  updateApplication(principal: Principal, applicationId: string, body: unknown): Promise<ManagementOutcome<ApplicationEnvelope>>;
  deleteApplication(principal: Principal, applicationId: string): Promise<ManagementOutcome<DeletedEnvelope>>;
  createTemplate(principal: Principal, body: unknown): Promise<ManagementOutcome<TemplateRecordEnvelope>>;
  listTemplates(principal: Principal, query?: TemplateListQuery): Promise<ManagementOutcome<TemplateListEnvelope>>;
  getTemplate(principal: Principal, templateId: string): Promise<ManagementOutcome<TemplateRecordEnvelope>>;
  updateTemplate(principal: Principal, templateId: string, body: unknown): Promise<ManagementOutcome<TemplateRecordEnvelope>>;
  deleteTemplate(principal: Principal, templateId: string): Promise<ManagementOutcome<DeletedEnvelope>>;
  listDocuments(principal: Principal): Promise<ManagementOutcome<DocumentListEnvelope>>;
  getDocument(principal: Principal, documentId: string): Promise<ManagementOutcome<DocumentRecordEnvelope>>;
  updateDocument(principal: Principal, documentId: string, body: unknown): Promise<ManagementOutcome<DocumentRecordEnvelope>>;
  deleteDocument(principal: Principal, documentId: string): Promise<ManagementOutcome<DeletedEnvelope>>;
}

export function createManagement(deps: ManagementDeps): ManagementService {
  return {
    createApplication: (principal, body) => createApplication(deps, principal, body),
    listApplications: (principal) => listApplications(deps, principal),
    getApplication: (principal, applicationId) => getApplication(deps, principal, applicationId),
    updateApplication: (principal, applicationId, body) => updateApplication(deps, principal, applicationId, body),
    deleteApplication: (principal, applicationId) => deleteApplication(deps, principal, applicationId),
    createTemplate: (principal, body) => createTemplate(deps, principal, body),
    listTemplates: (principal, query) => listTemplates(deps, principal, query),
    getTemplate: (principal, templateId) => getTemplateRecord(deps, principal, templateId),
    updateTemplate: (principal, templateId, body) => updateTemplate(deps, principal, templateId, body),
    deleteTemplate: (principal, templateId) => deleteTemplate(deps, principal, templateId),
    listDocuments: (principal) => listDocuments(deps, principal),
    getDocument: (principal, documentId) => getDocumentRecord(deps, principal, documentId),
    updateDocument: (principal, documentId, body) => updateDocument(deps, principal, documentId, body),
    deleteDocument: (principal, documentId) => deleteDocument(deps, principal, documentId),
  };
}
