// What the management operations run on: the stores, the download base URL and the size limits.
import type { ServiceDeps } from '../deps.js';

export type ManagementDeps = Pick<ServiceDeps, 'templates' | 'documents' | 'baseUrl' | 'limits'>;
