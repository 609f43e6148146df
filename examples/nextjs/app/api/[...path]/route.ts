// A Next.js App Router catch-all route: every /api/v1/… request is answered by pagesmith's fetch handler.
// Keys come from PAGESMITH_API_KEYS, download links from PAGESMITH_BASE_URL; see examples/nextjs/README.md.
import { createDocumentService, createFetchHandler, parseApiKeys, staticApiKeys } from 'pagesmith';

const service = createDocumentService({
  // The public URL of this route's folder, so download links come back here.
  baseUrl: process.env['PAGESMITH_BASE_URL'] ?? 'http://localhost:3000/api',
});

const handler = createFetchHandler(service, {
  prefix: '/api',
  authenticate: staticApiKeys(parseApiKeys(process.env['PAGESMITH_API_KEYS'] ?? '')),
});

// The service renders with Node APIs, and each response depends on the request.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
