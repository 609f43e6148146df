// Download: a stored document's PDF, for the account that made it only.
import { DocumentNotFoundError } from '../errors/index.js';
import type { Principal, ServiceDeps } from './deps.js';
import { pdfOutcome, type Outcome } from './outcome.js';
import { runSafely } from './run-safely.js';

export async function download(deps: Pick<ServiceDeps, 'documents'>, principal: Principal, documentId: unknown): Promise<Outcome<Uint8Array>> {
  return runSafely(principal, async (accountId) => {
    const document = typeof documentId === 'string' ? await deps.documents.getDocument(documentId) : null;
    if (!document || document.accountId !== accountId) throw new DocumentNotFoundError({ detail: `document ${String(documentId)}` });
    return pdfOutcome(document.bytes, document.filename);
  });
}
