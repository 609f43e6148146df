// What the service runs on: stores, engine, clock, limits and quota settings, with defaults filled in.
import type { PdfEngine, RenderWarning } from '../engine/types.js';
import type { ResourceLoader } from '../resources/types.js';
import type { DocumentStore, QuotaStore, TemplateStore } from '../stores/index.js';
import { DEFAULT_TEMPLATE_LANGUAGE, type TemplateLanguage } from '../template/index.js';
import { resolveLimits, type ServiceLimits } from './limits.js';
import { checkServiceProtection, type ProtectPdf, type ServiceProtection } from './protect-pdf.js';

/** An account's monthly document maximum. */
export type MonthlyLimit = number | ((accountId: string) => number | Promise<number>);

/** The caller, as established by authentication. */
export interface Principal {
  readonly accountId: string;
}

/** Per call: `signal` aborts when nobody waits for the answer any more (the HTTP client went away). */
export interface CallOptions {
  /** Once aborted, the render is abandoned and the quota slot given back at once; the call resolves to a 500. */
  readonly signal?: AbortSignal;
  /** Told of the document a generate call made, once it is counted against the quota: for metrics. */
  readonly onDocument?: (document: DocumentReport) => void;
}

/** What went into a document a generate call made; nothing of its content. */
export interface DocumentReport {
  readonly responseType: 'pdf' | 'json_with_base64' | 'document_id';
  /** Its pages, read from the PDF's page tree (0 when the engine's file does not say in plain text). */
  readonly pages: number;
  readonly sizeBytes: number;
  /** From its template starting to the engine's last byte, in milliseconds: the time `renderTimeoutMs` bounds. */
  readonly renderMs: number;
  /** What the engine could not print as asked (characters no font has); also in the `X-Pagesmith-Warnings` header. */
  readonly warnings: readonly RenderWarning[];
}

export interface ServiceDeps {
  /** Prefix of `download_url`, e.g. `https://pdf.example.com`. */
  readonly baseUrl: string;
  readonly templates: TemplateStore;
  readonly documents: DocumentStore;
  readonly quota: QuotaStore;
  readonly engine: PdfEngine;
  /** Passed to `engine.render`; where images, fonts and stylesheets may come from. */
  readonly resourceLoader?: ResourceLoader;
  /** Source of filenames' timestamps and quota months. Defaults to the system clock. */
  readonly clock?: () => Date;
  readonly limits?: Partial<ServiceLimits>;
  /** Per account; defaults to 100. */
  readonly monthlyLimit?: MonthlyLimit;
  /** Also store `pdf` and `json_with_base64` results for download. Defaults to false. */
  readonly retainDocuments?: boolean;
  /**
   * Owner password and permissions of password-protected PDFs (the request's `password` is the
   * user password). Default: a random owner password nobody keeps, everything allowed.
   */
  readonly protection?: ServiceProtection;
  /**
   * Replaces the built-in protection of PDFs whose request has a password. By default an engine
   * with `encrypts: true` (the native one) encrypts as it writes, and any other engine's PDF goes
   * through `protectPdf`; given this hook, every engine's PDF goes through it instead.
   */
  readonly protect?: ProtectPdf;
  /**
   * Threads that parse and render templates and convert Markdown, off the caller's event loop,
   * each with `limits.templateHeapMb` of heap (default 2, shared by the services of a process).
   * 0 renders them in the caller's thread: the same limits hold, but a slow parse, filter or
   * Markdown conversion holds the event loop until it ends (see decision 0218).
   */
  readonly templateThreads?: number;
  /**
   * The language of templates whose request and stored record name none: `jinja` (Python's
   * Jinja2, as the hosted service speaks) or `liquid`. Defaults to DEFAULT_TEMPLATE_LANGUAGE.
   */
  readonly templateLanguage?: TemplateLanguage;
}

export interface ResolvedDeps extends Required<Omit<ServiceDeps, 'resourceLoader' | 'limits' | 'protect' | 'protection'>> {
  readonly resourceLoader: ResourceLoader | undefined;
  readonly limits: ServiceLimits;
  /** The caller's hook, if any. */
  readonly protect: ProtectPdf | undefined;
  readonly protection: ServiceProtection;
}

export const DEFAULT_MONTHLY_LIMIT = 100;
export const DEFAULT_TEMPLATE_THREADS = 2;

export function resolveDeps(deps: ServiceDeps): ResolvedDeps {
  return {
    ...deps,
    resourceLoader: deps.resourceLoader,
    clock: deps.clock ?? (() => new Date()),
    limits: resolveLimits(deps.limits),
    monthlyLimit: deps.monthlyLimit ?? DEFAULT_MONTHLY_LIMIT,
    retainDocuments: deps.retainDocuments ?? false,
    templateThreads: deps.templateThreads ?? DEFAULT_TEMPLATE_THREADS,
    templateLanguage: deps.templateLanguage ?? DEFAULT_TEMPLATE_LANGUAGE,
    protect: deps.protect,
    protection: checkServiceProtection(deps.protection),
  };
}

/** Throws when the setting gives something other than a non-negative integer. */
export async function monthlyLimitFor(deps: ResolvedDeps, accountId: string): Promise<number> {
  const limit = typeof deps.monthlyLimit === 'number' ? deps.monthlyLimit : await deps.monthlyLimit(accountId);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new Error(`monthlyLimit gave ${String(limit)} for account ${accountId}; expected a non-negative integer`);
  }
  return limit;
}
