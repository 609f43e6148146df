// Document management: list, read, update the kept data of, and delete an account's stored documents.
import { DocumentNotFoundError } from '../../errors/index.js';
import type { DocumentSummary } from '../../stores/index.js';
import { checkDataShape, isPlainObject } from '../data-shape.js';
import type { Principal } from '../deps.js';
import { resolveLimits } from '../limits.js';
import { jsonOutcome } from '../outcome.js';
import type { ManagementDeps } from './deps.js';
import { runManaged, type ManagementOutcome } from './outcome.js';
import {
  deleted,
  documentData,
  envelope,
  type DeletedEnvelope,
  type DocumentListEnvelope,
  type DocumentRecordEnvelope,
} from './records.js';
import { UpdateDocumentRequestSchema } from './schemas.js';
import { validateBody } from './validate-body.js';

export async function listDocuments(deps: ManagementDeps, principal: Principal): Promise<ManagementOutcome<DocumentListEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const documents = await deps.documents.listDocuments(accountId);
    return jsonOutcome(envelope(documents.map((document) => documentData(document, deps.baseUrl))));
  });
}

export async function getDocumentRecord(deps: ManagementDeps, principal: Principal, documentId: unknown): Promise<ManagementOutcome<DocumentRecordEnvelope>> {
  return runManaged(principal, async (accountId) => jsonOutcome(envelope(documentData(await ownedDocument(deps, accountId, documentId), deps.baseUrl))));
}

/** PUT and PATCH alike: replaces the kept data; the PDF is not regenerated. */
export async function updateDocument(
  deps: ManagementDeps,
  principal: Principal,
  documentId: unknown,
  body: unknown,
): Promise<ManagementOutcome<DocumentRecordEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const document = await ownedDocument(deps, accountId, documentId);
    const limits = resolveLimits(deps.limits);
    const request = validateBody(UpdateDocumentRequestSchema, body, (fields) =>
      isPlainObject(fields['data']) ? checkDataShape(fields['data'], limits.maxDataDepth, limits.maxDataBytes) : [],
    );
    const updated = await deps.documents.updateDocumentData(document.id, request.data);
    if (!updated) throw new DocumentNotFoundError({ detail: `document ${document.id} vanished during the update` });
    return jsonOutcome(envelope(documentData(updated, deps.baseUrl)));
  });
}

export async function deleteDocument(deps: ManagementDeps, principal: Principal, documentId: unknown): Promise<ManagementOutcome<DeletedEnvelope>> {
  return runManaged(principal, async (accountId) => {
    const document = await ownedDocument(deps, accountId, documentId);
    await deps.documents.deleteDocument(document.id);
    return jsonOutcome(deleted('Document successfully deleted.'));
  });
}

async function ownedDocument(deps: ManagementDeps, accountId: string, documentId: unknown): Promise<DocumentSummary> {
  const document = typeof documentId === 'string' ? await deps.documents.getDocument(documentId) : null;
  if (!document || document.accountId !== accountId) throw new DocumentNotFoundError({ detail: `document ${String(documentId)}` });
  const { bytes, html: _html, ...rest } = document;
  return { ...rest, sizeBytes: bytes.byteLength };
}
