// Management of applications, templates and stored documents: plain functions over the stores.
export { createManagement } from './create-management.js';
export type { ManagementService } from './create-management.js';
export type { ManagementDeps } from './deps.js';
export { createApplication, deleteApplication, getApplication, listApplications, updateApplication } from './applications.js';
export { createTemplate, deleteTemplate, getTemplateRecord, listTemplates, updateTemplate } from './templates.js';
export type { TemplateListQuery } from './templates.js';
export { deleteDocument, getDocumentRecord, listDocuments, updateDocument } from './documents.js';
export type { CreatedOutcome, ManagementOutcome } from './outcome.js';
export type {
  ApplicationData,
  ApplicationEnvelope,
  ApplicationListEnvelope,
  DeletedEnvelope,
  DocumentListEnvelope,
  DocumentRecordData,
  DocumentRecordEnvelope,
  TemplateListEnvelope,
  TemplateRecordData,
  TemplateRecordEnvelope,
} from './records.js';
export {
  CreateApplicationRequestSchema,
  CreateTemplateRequestSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  UpdateApplicationRequestSchema,
  UpdateDocumentRequestSchema,
  UpdateTemplateRequestSchema,
} from './schemas.js';
export type {
  CreateApplicationRequest,
  CreateTemplateRequest,
  UpdateApplicationRequest,
  UpdateDocumentRequest,
  UpdateTemplateRequest,
} from './schemas.js';
