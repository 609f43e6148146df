// The flags serve and worker share for queued jobs: the key prefix, webhook secrets and the webhook allow-list.
import { DEFAULT_QUEUE_PREFIX, parseWebhookSecrets } from '../jobs/index.js';
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

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
