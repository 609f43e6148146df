// The flags serve and worker share for queued jobs: the key prefix, webhook secrets and the webhook allow-list.
import { DEFAULT_QUEUE_PREFIX, openJobQueue, parseWebhookSecrets, type JobQueue } from '../jobs/index.js';
import { MissingPeerDependencyError } from '../errors/index.js';
import type { CliIo } from './cli-io.js';

export const JOB_OPTIONS = {
  'queue-prefix': { type: 'string' },
  'webhook-allow-hosts': { type: 'string' },
} as const;

export interface JobFlags {
  readonly 'queue-prefix'?: string | undefined;
  readonly 'webhook-allow-hosts'?: string | undefined;
}

export interface JobSettings {
  readonly prefix: string;
  readonly webhookSecrets: ReadonlyMap<string, string>;
  readonly webhookAllowHosts: readonly string[];
}

/** The settings, or a usage problem. */
export function jobSettings(flags: JobFlags, io: CliIo): JobSettings | { readonly problem: string } {
  let webhookSecrets: ReadonlyMap<string, string>;
  try {
    webhookSecrets = parseWebhookSecrets(io.env['PAGESMITH_WEBHOOK_SECRETS'] ?? '');
  } catch (error) {
    return { problem: `PAGESMITH_WEBHOOK_SECRETS: ${error instanceof Error ? error.message : String(error)}` };
  }
  const prefix = flags['queue-prefix'] ?? nonEmpty(io.env['PAGESMITH_QUEUE_PREFIX']) ?? DEFAULT_QUEUE_PREFIX;
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(prefix)) return { problem: `--queue-prefix must be 1 to 64 letters, digits, _ . : or -, not ${JSON.stringify(prefix)}` };
  const hosts = flags['webhook-allow-hosts'] ?? io.env['PAGESMITH_WEBHOOK_ALLOW_HOSTS'] ?? '';
  return { prefix, webhookSecrets, webhookAllowHosts: hosts.split(',').map((host) => host.trim()).filter((host) => host !== '') };
}

/**
 * serve's job queue: opened when it has both Redis and PostgreSQL (decision 0266), else undefined and
 * the jobs routes answer 501; also when bullmq is not installed, saying so on stderr. Rejects when
 * Redis does not answer.
 */
export async function openServeJobQueue(
  flags: JobFlags & { readonly 'redis-url'?: string | undefined; readonly 'database-url'?: string | undefined },
  io: CliIo,
  settings: JobSettings,
  server: { readonly baseUrl: string; readonly monthlyLimit: number },
): Promise<JobQueue | undefined> {
  const redisUrl = flags['redis-url'] ?? nonEmpty(io.env['REDIS_URL']);
  const databaseUrl = flags['database-url'] ?? nonEmpty(io.env['DATABASE_URL']);
  if (redisUrl === undefined || databaseUrl === undefined) return undefined;
  try {
    return await openJobQueue(
      { redisUrl, prefix: settings.prefix, baseUrl: server.baseUrl, monthlyLimit: server.monthlyLimit, webhookSecrets: settings.webhookSecrets, webhookAllowHosts: settings.webhookAllowHosts },
      'pagesmith serve --redis-url',
    );
  } catch (error) {
    // Jobs are an option: a server whose operator never installed bullmq serves everything else (the jobs routes answer 501).
    if (!(error instanceof MissingPeerDependencyError) || error.dependency !== 'bullmq') throw error;
    io.stderr.write(`pagesmith serve: queued jobs are off: ${error.message}\n`);
    return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
