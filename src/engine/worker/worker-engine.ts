// The native engine on worker threads: rendering leaves the caller's event loop free, each render
// thread's heap is capped, and a render that ignores its abort is ended by ending its thread.
// This module does not load the layout engine: only the render threads do.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RenderMemoryLimitError, RenderTimeoutError } from '../errors.js';
import type { NativeEngineOptions } from '../native-engine.js';
import type { EngineThreadStats, PageImageOptions, PageImages, PdfEngine, RenderOptions } from '../types.js';
import type { ResourceLoader } from '../../resources/types.js';
import { revivedError, type ClonedError, type FromThread, type ThreadImageOptions, type ThreadRenderOptions, type ToThread } from './protocol.js';

export interface WorkerEngineOptions extends NativeEngineOptions {
  /** Documents rendered at once, one per thread (default 1). */
  readonly threads?: number;
  /**
   * Old-generation heap per render thread, in MB (default 128). A document that needs more fails
   * with RenderMemoryLimitError and its thread is replaced.
   */
  readonly maxHeapMb?: number;
  /** Young-generation heap per render thread, in MB (default 32; decision 0440). */
  readonly maxYoungHeapMb?: number;
  /** How long an aborted render may take to stop before its thread is ended, in ms (default 1000). */
  readonly abortGraceMs?: number;
  /**
   * Documents a render thread renders before it is replaced by a fresh one (default 50 000; 0 never).
   * Whatever a long-lived heap gathers (fragmentation, caches of one-off templates) goes with it;
   * the replacement is started at once, so its start-up overlaps the other threads' renders.
   */
  readonly recycleAfterRenders?: number;
}

/** `EngineThreadStats`, and the threads replaced after `recycleAfterRenders` documents. */
export interface WorkerThreadStats extends EngineThreadStats {
  readonly recycled: number;
}

export interface WorkerEngine extends PdfEngine {
  /** Page images, painted on a render thread; their bytes are moved to the caller's thread, not copied. */
  renderImages(html: string, options?: PageImageOptions): Promise<PageImages>;
  /** Ends the render threads; renders still queued or running reject. */
  close(): Promise<void>;
  /**
   * Resolves once a render thread answers: an idle one is asked, or, when there is none and
   * fewer than `threads` run, one is started and asked. Threads all rendering count as
   * answering. Rejects with the reason a thread could not start or answer, or once closed.
   */
  ping(): Promise<void>;
  threadStats(): WorkerThreadStats;
}


interface Job {
  readonly id: number;
  readonly html: string;
  readonly options: RenderOptions | PageImageOptions;
  /** Page images (renderImages), not a PDF. */
  readonly images: boolean;
  /** When its `timeoutMs` runs out (Date.now() time; the time a job waits for a thread counts). */
  readonly endsAt: number | undefined;
  readonly resolve: (result: Uint8Array | PageImages) => void;
  readonly reject: (error: unknown) => void;
  settled: boolean;
  cleanup: () => void;
}

interface RenderThread {
  readonly worker: Worker;
  job: Job | null;
  /** Documents it has rendered or failed. */
  renders: number;
  /** Set once the thread is being ended; its messages are ignored from then on. */
  ended: boolean;
  /** Pings awaiting their pong, by number. */
  readonly pings: Map<number, { readonly resolve: () => void; readonly reject: (error: Error) => void }>;
}

export function createWorkerEngine(engineOptions: WorkerEngineOptions = {}): WorkerEngine {
  const settings = {
    maxHeapMb: engineOptions.maxHeapMb ?? 128,
    maxYoungHeapMb: engineOptions.maxYoungHeapMb ?? 32,
    abortGraceMs: engineOptions.abortGraceMs ?? 1000,
    recycleAfterRenders: Math.max(0, Math.floor(engineOptions.recycleAfterRenders ?? DEFAULT_RECYCLE_AFTER_RENDERS)),
  };
  const threadCount = Math.max(1, Math.floor(engineOptions.threads ?? 1));
  const threads = new Set<RenderThread>();
  const queue: Job[] = [];
  let nextJob = 0;
  let nextPing = 0;
  let closed = false;
  let restarts = 0;
  let recycled = 0;

  const settle = (job: Job, outcome: { result: Uint8Array | PageImages } | { error: unknown }): void => {
    if (job.settled) return;
    job.settled = true;
    job.cleanup();
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  };

  /** `reason` is why the thread goes; a thread that goes before close(), and not recycled, is a restart. */
  const end = async (thread: RenderThread, reason: Error, recycling = false): Promise<void> => {
    if (thread.ended) return;
    thread.ended = true;
    threads.delete(thread);
    if (recycling) recycled += 1;
    else if (!closed) restarts += 1;
    for (const pending of thread.pings.values()) pending.reject(reason);
    thread.pings.clear();
    await thread.worker.terminate();
  };

  const startThread = (): RenderThread => {
    const { script, eval: isCode } = workerScript();
    const worker = new Worker(script, {
      eval: isCode,
      workerData: { engineOptions: { maxPages: engineOptions.maxPages, fonts: engineOptions.fonts } },
      resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb, maxYoungGenerationSizeMb: settings.maxYoungHeapMb },
    });
    const thread: RenderThread = { worker, job: null, renders: 0, ended: false, pings: new Map() };
    worker.on('message', (message: FromThread) => {
      if (!thread.ended) onMessage(thread, message);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = thread.job;
      void end(thread, new Error(`A render thread failed: ${error.message}`));
      if (job) settle(job, { error: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new RenderMemoryLimitError(settings.maxHeapMb) : error });
      pump();
    });
    worker.on('exit', (code) => {
      const job = thread.job;
      const stopped = new Error(`The render thread stopped (exit code ${code})`);
      void end(thread, stopped);
      if (job) settle(job, { error: stopped });
      pump();
    });
    threads.add(thread);
    return thread;
  };

  const onMessage = (thread: RenderThread, message: FromThread): void => {
    if (message.type === 'pong') {
      thread.pings.get(message.ping)?.resolve();
      thread.pings.delete(message.ping);
      // A thread started to answer a ping holds the process no longer than a render would.
      if (thread.job === null && thread.pings.size === 0) thread.worker.unref();
      return;
    }
    const job = thread.job;
    if (!job || message.job !== job.id) return;
    switch (message.type) {
      case 'rendered':
      case 'painted':
      case 'failed':
        thread.job = null;
        thread.renders += 1;
        thread.worker.unref();
        if (message.type !== 'failed' && !job.settled) for (const warning of message.warnings ?? []) job.options.onWarning?.(warning);
        settle(job, message.type === 'failed' ? { error: threadError(message.error, job) } : { result: message.type === 'rendered' ? message.pdf : message.images });
        if (settings.recycleAfterRenders > 0 && thread.renders >= settings.recycleAfterRenders) recycle(thread);
        pump();
        return;
      case 'load': {
        const reply = (resource: Awaited<ReturnType<ResourceLoader['load']>>): void => {
          if (!thread.ended) post(thread, { type: 'loaded', job: job.id, request: message.request, resource });
        };
        const loader = job.options.resourceLoader;
        // A loader never throws for a resource a template names; one that does gets nothing.
        if (!loader || job.settled) reply(null);
        else loader.load(message.url, message.kind, message.baseUrl).then(reply, () => reply(null));
        return;
      }
    }
  };

  const dispatch = (thread: RenderThread, job: Job): void => {
    thread.job = job;
    thread.worker.ref();
    const { maxPages, resourceLoader } = job.options;
    const common = {
      ...(maxPages !== undefined && { maxPages }),
      ...(resourceLoader && { loader: { documentBaseUrl: resourceLoader.documentBaseUrl } }),
      ...(job.endsAt !== undefined && { timeoutMs: Math.max(1, job.endsAt - Date.now()) }),
    };
    if (job.images) {
      const { pages, scale, width, format, quality } = job.options as PageImageOptions;
      const options: ThreadImageOptions = { ...common, pages, scale, width, format, quality };
      post(thread, { type: 'renderImages', job: job.id, html: job.html, options });
      return;
    }
    const { deterministic, encryption } = job.options as RenderOptions;
    const options: ThreadRenderOptions = {
      ...common,
      ...(deterministic !== undefined && { deterministic }),
      ...(encryption && { encryption }),
    };
    post(thread, { type: 'render', job: job.id, html: job.html, options });
  };

  /** Ends a thread that has rendered its share and starts its replacement, which loads the engine while idle. */
  const recycle = (thread: RenderThread): void => {
    void end(thread, new Error('The render thread was replaced after its share of documents'), true);
    if (closed || threads.size >= threadCount) return;
    // A replacement that cannot start fails the next render with the reason; the ping need not.
    pingThread(startThread()).catch(() => undefined);
  };

  const pump = (): void => {
    while (queue.length > 0) {
      const idle = [...threads].find((t) => t.job === null && !t.ended) ?? (threads.size < threadCount ? startThread() : null);
      if (!idle) return;
      const job = queue.shift()!;
      if (!job.settled) dispatch(idle, job);
    }
  };

  const abort = (job: Job, reason: unknown): void => {
    settle(job, { error: reason instanceof Error ? reason : new Error('Rendering was aborted') });
    const queued = queue.indexOf(job);
    if (queued >= 0) {
      queue.splice(queued, 1);
      return;
    }
    const thread = [...threads].find((t) => t.job === job);
    if (!thread) return;
    post(thread, { type: 'abort', job: job.id });
    // The engine checks for aborts between boxes; a thread that still has not answered is ended.
    const timer = setTimeout(() => {
      if (thread.job === job) {
        void end(thread, new Error('A render thread did not stop its aborted render and was ended'));
        pump();
      }
    }, settings.abortGraceMs);
    timer.unref();
  };

  const pingThread = (thread: RenderThread): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const ping = nextPing++;
      thread.pings.set(ping, { resolve, reject });
      thread.worker.ref();
      post(thread, { type: 'ping', ping });
    });

  /** Queues a render (a PDF, or page images) for the next free thread. */
  const submit = (html: string, options: RenderOptions | PageImageOptions, images: boolean): Promise<Uint8Array | PageImages> => {
    if (closed) return Promise.reject(new Error('The worker engine is closed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('Rendering was aborted'));
    return new Promise<Uint8Array | PageImages>((resolve, reject) => {
      const endsAt = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
      const job: Job = { id: nextJob++, html, options, images, endsAt, resolve, reject, settled: false, cleanup: () => {} };
      if (signal) {
        const onAbort = (): void => abort(job, signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        job.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      queue.push(job);
      pump();
    });
  };

  return {
    name: 'native-worker',
    encrypts: true,
    render: (html: string, options: RenderOptions = {}) => submit(html, options, false) as Promise<Uint8Array>,
    renderImages: (html: string, options: PageImageOptions = {}) => submit(html, options, true) as Promise<PageImages>,
    async close(): Promise<void> {
      closed = true;
      const closing = new Error('The worker engine was closed');
      for (const job of queue.splice(0)) settle(job, { error: closing });
      await Promise.all([...threads].map(async (thread) => {
        const job = thread.job;
        if (job) settle(job, { error: closing });
        await end(thread, closing);
      }));
    },
    ping(): Promise<void> {
      if (closed) return Promise.reject(new Error('The worker engine is closed'));
      const idle = [...threads].find((t) => t.job === null && !t.ended);
      if (idle) return pingThread(idle);
      if (threads.size < threadCount) return pingThread(startThread());
      return Promise.resolve();
    },
    threadStats(): WorkerThreadStats {
      const running = [...threads];
      return { threads: running.length, busy: running.filter((t) => t.job !== null).length, queued: queue.length, restarts, recycled };
    },
  };
}

/** A fresh thread reaches its speed only after thousands of documents: every 50 000th, about 1% of a thread's time (decisions 0302, 0372). */
const DEFAULT_RECYCLE_AFTER_RENDERS = 50_000;

function post(thread: RenderThread, message: ToThread): void {
  thread.worker.postMessage(message);
}

/**
 * The render thread's script sits beside this module with the same extension: `render-worker.js`
 * or `.cjs` in the built package, `.mjs` in the bench's bundle. From the TypeScript sources (tests,
 * tsx) the thread loads `render-worker.ts` through tsx.
 */
function workerScript(): { script: URL | string; eval: boolean } {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  const here: string = import.meta.url ?? pathToFileURL(__filename).href;
  const extension = /\.[cm]?[jt]s$/.exec(here)?.[0] ?? '.js';
  const script = new URL(`./render-worker${extension}`, here);
  if (extension !== '.ts') return { script, eval: false };
  const tsx = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(fileURLToPath(here)).resolve('tsx/package.json'))).href;
  return { script: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(script.href)}, ${JSON.stringify(here)}));`, eval: true };
}

/** A render thread's error as the caller knows it: a time limit is the caller's `timeoutMs`, not what was left of it when the thread took the job. */
function threadError(cloned: ClonedError, job: Job): Error {
  if (cloned.name === 'RenderTimeoutError' && job.options.timeoutMs !== undefined) return new RenderTimeoutError(job.options.timeoutMs);
  return revivedError(cloned);
}
