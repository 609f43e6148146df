// The template stage on worker threads: the caller's event loop only hands over the job and takes back the HTML.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { EngineThreadStats } from '../engine/types.js';
import { DocumentCreationError, TemplateLimitError } from '../errors/index.js';
import { documentHtml, type TemplateJob, type TemplateStageLimits } from './document-html.js';
import { templateDiagnostics, type CheckJob, type TemplateDiagnostics } from './template-diagnostics.js';
import { revivedError, type FromTemplateThread, type ToTemplateJob, type ToTemplateThread } from './template-thread-protocol.js';

/** Where a job's template becomes the HTML document: on template threads, or in the caller's thread. */
export interface TemplateStage {
  /** Resolves once the threads can take work (at once in process); starting threads is not render time. */
  ready(): Promise<void>;
  /**
   * Rejects with TemplateEngineError or TemplateLimitError, or with the reason of whichever
   * signal aborts: `signal` ends the job whether it waits or renders; `onStart` is called as the
   * job starts rendering and gives the signal that ends it from then on (the render deadline).
   */
  render(job: TemplateJob, limits: TemplateStageLimits, options: TemplateRenderOptions): Promise<string>;
  /**
   * The template's problems for its author (`templateDiagnostics`), under the same limits and
   * thread timers as a render. Rejects with TemplateLimitError when a timer or the heap ended the
   * check, or with the signal's reason once it aborts.
   */
  check(job: CheckJob, limits: TemplateStageLimits, signal?: AbortSignal): Promise<TemplateDiagnostics>;
  /**
   * Readiness: resolves once a template thread answers — an idle one is asked, a starting one
   * awaited, or, with none, one started — and rejects with the reason one cannot start. Threads
   * all busy count as answering; in process it resolves at once.
   */
  ping(): Promise<void>;
  /** The threads now, and the restarts (threads ended by a failure, a time limit or an abort) since the pool was made. */
  stats(): EngineThreadStats;
  /** Ends every thread; jobs waiting or running fail. A later job starts threads again. */
  stop(): Promise<void>;
}

export interface TemplateRenderOptions {
  readonly signal?: AbortSignal;
  readonly onStart: () => AbortSignal;
}

/** How long past its own time limit a template's thread is given to stop by itself before it is ended. */
export const TEMPLATE_GRACE_MS = 1000;
/** How long a template thread may take to start. */
const START_TIMEOUT_MS = 30_000;
/** A thread idle this long is ended, giving back what its last job grew its heap to. */
const IDLE_MS = 60_000;

/**
 * The template stage with `threads` template threads, each with `heapMb` of old-generation heap,
 * shared by every service of the process asking for the same; `threads: 0` renders in the
 * caller's thread. See decision 0218.
 */
export function templateStage(threads: number, heapMb: number): TemplateStage {
  const count = Math.floor(threads);
  if (!(count >= 1)) return IN_PROCESS;
  const heap = Math.max(32, Math.floor(heapMb));
  const key = `${count}:${heap}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new TemplateThreads(count, heap);
    pools.set(key, pool);
  }
  return pool;
}

const IN_PROCESS: TemplateStage = {
  ready: () => Promise.resolve(),
  ping: () => Promise.resolve(),
  stats: () => ({ threads: 0, busy: 0, queued: 0, restarts: 0 }),
  stop: () => Promise.resolve(),
  render: (job, limits, { signal, onStart }) => (signal?.aborted ? Promise.reject(abortReason(signal)) : documentHtml(job, limits, onStart())),
  check: (job, limits, signal) => (signal?.aborted ? Promise.reject(abortReason(signal)) : templateDiagnostics(job, limits, signal)),
};

/** What a thread is asked to do: render a job's document, or check a template. */
type Work = { readonly task?: undefined; readonly request: TemplateJob } | { readonly task: 'check'; readonly request: CheckJob };

const pools = new Map<string, TemplateThreads>();

interface Job {
  readonly id: number;
  readonly work: Work;
  readonly limits: TemplateStageLimits;
  readonly onStart: () => AbortSignal;
  readonly resolve: (result: string | TemplateDiagnostics) => void;
  readonly reject: (error: unknown) => void;
  settled: boolean;
  /** Removes the job's abort listeners. */
  cleanup: () => void;
}

interface TemplateThread {
  readonly worker: Worker;
  /** Settles when the thread is ready for work, or rejects when it could not start. */
  readonly started: Promise<void>;
  readonly markStarted: () => void;
  readonly failStart: (error: unknown) => void;
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  ended: boolean;
  /** Pings awaiting their pong, by number. */
  readonly pings: Map<number, { readonly resolve: () => void; readonly reject: (error: unknown) => void }>;
}

/**
 * A pool of template threads. A job's template phase may run `templateTimeoutMs` (the budget in
 * the thread stops it there, with its position) plus a grace second, its Markdown conversion
 * `markdownTimeoutMs` from the moment it starts; a thread past either, past its heap, or whose
 * job is aborted is ended, and a new one takes the next job. Threads are unreferenced while idle.
 */
class TemplateThreads implements TemplateStage {
  private readonly threads = new Set<TemplateThread>();
  private readonly queue: Job[] = [];
  private nextJob = 0;
  private nextPing = 0;
  private restarts = 0;

  constructor(
    private readonly size: number,
    private readonly heapMb: number,
  ) {}

  /** Starts the pool's threads that are missing, and resolves once every one is ready. */
  ready(): Promise<void> {
    while (this.threads.size < this.size) this.startThread();
    // A thread still starting stays referenced, so a process waiting for it does not exit.
    return Promise.all([...this.threads].map((thread) => thread.started)).then(() => undefined);
  }

  ping(): Promise<void> {
    const live = [...this.threads].filter((thread) => !thread.ended);
    // A thread still starting answers once it has (its messages wait for it).
    const free = live.find((thread) => thread.ready && thread.job === null) ?? live.find((thread) => !thread.ready && thread.job === null);
    if (free) return this.pingThread(free);
    if (live.length < this.size) return this.pingThread(this.startThread());
    return Promise.resolve();
  }

  stats(): EngineThreadStats {
    const live = [...this.threads].filter((thread) => !thread.ended);
    return { threads: live.length, busy: live.filter((thread) => thread.job !== null).length, queued: this.queue.length, restarts: this.restarts };
  }

  async stop(): Promise<void> {
    const stopped = new DocumentCreationError({ detail: 'the template threads were stopped' });
    for (const job of this.queue.splice(0)) this.settle(job, { error: stopped });
    const threads = [...this.threads];
    for (const thread of threads) {
      const job = thread.job;
      this.end(thread, { restart: false, reason: stopped });
      if (job) this.settle(job, { error: stopped });
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private pingThread(thread: TemplateThread): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const ping = this.nextPing++;
      thread.pings.set(ping, { resolve, reject });
      thread.worker.postMessage({ ping } satisfies ToTemplateThread);
    });
  }

  render(request: TemplateJob, limits: TemplateStageLimits, options: TemplateRenderOptions): Promise<string> {
    return this.run({ request }, limits, options) as Promise<string>;
  }

  check(request: CheckJob, limits: TemplateStageLimits, signal?: AbortSignal): Promise<TemplateDiagnostics> {
    // No deadline beyond the thread's own timers.
    return this.run({ task: 'check', request }, limits, { signal, onStart: () => new AbortController().signal }) as Promise<TemplateDiagnostics>;
  }

  private run(work: Work, limits: TemplateStageLimits, { signal, onStart }: TemplateRenderOptions): Promise<string | TemplateDiagnostics> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<string | TemplateDiagnostics>((resolve, reject) => {
      const job: Job = { id: this.nextJob++, work, limits, onStart, resolve, reject, settled: false, cleanup: () => undefined };
      this.listen(job, signal);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Ends `job` when `signal` aborts, besides whatever ended it before. */
  private listen(job: Job, signal: AbortSignal | undefined): void {
    if (!signal) return;
    const onAbort = (): void => this.abort(job, abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    const before = job.cleanup;
    job.cleanup = () => {
      before();
      signal.removeEventListener('abort', onAbort);
    };
  }

  private pump(): void {
    while (this.queue.length > 0) {
      // A ready thread before one still starting.
      let idle: TemplateThread | undefined;
      for (const thread of this.threads) if (thread.job === null && !thread.ended && (!idle || (thread.ready && !idle.ready))) idle = thread;
      if (!idle && this.threads.size < this.size) idle = this.startThread();
      if (!idle) return;
      const job = this.queue.shift() as Job;
      if (!job.settled) this.dispatch(idle, job);
    }
  }

  private startThread(): TemplateThread {
    const { script, eval: isCode } = workerScript();
    // node:worker_threads loads with the first thread: a start-up snapshot must not hold it (its
    // threads would start without their working-folder counter, decision 0408).
    const { Worker: WorkerThread } = process.getBuiltinModule('node:worker_threads');
    const worker: Worker = new WorkerThread(script, { eval: isCode, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    let markStarted!: () => void;
    let failStart!: (error: unknown) => void;
    const started = new Promise<void>((resolve, reject) => {
      markStarted = resolve;
      failStart = reject;
    });
    // Nobody may be waiting for it.
    started.catch(() => undefined);
    const thread: TemplateThread = { worker, started, markStarted, failStart, ready: false, job: null, timer: undefined, idleTimer: undefined, ended: false, pings: new Map() };
    const startTimer = setTimeout(() => {
      if (thread.ready) return;
      this.fail(thread, new DocumentCreationError({ detail: `a template thread did not start within ${START_TIMEOUT_MS} ms` }));
    }, START_TIMEOUT_MS);
    startTimer.unref();
    worker.on('message', (message: FromTemplateThread) => {
      if (thread.ended) return;
      if ('ready' in message) {
        clearTimeout(startTimer);
        thread.ready = true;
        thread.markStarted();
        if (thread.job) this.startClock(thread, thread.job, 'template');
        else this.idle(thread);
      } else if ('pong' in message) {
        thread.pings.get(message.pong)?.resolve();
        thread.pings.delete(message.pong);
      } else {
        this.onMessage(thread, message);
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      clearTimeout(startTimer);
      this.fail(
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new TemplateLimitError({ limit: 'heap', maximum: this.heapMb, detail: `rendering the template needed more than the ${this.heapMb} MB heap of its thread`, cause: error })
          : new DocumentCreationError({
              detail: thread.ready
                ? `a template thread failed: ${error.message}`
                : `a template thread could not start (${error.message}); ship template-worker.js beside a bundle, or set templateThreads: 0`,
              cause: error,
            }),
      );
    });
    worker.on('exit', (code) => {
      clearTimeout(startTimer);
      this.fail(thread, new DocumentCreationError({ detail: `a template thread stopped (exit code ${code})` }));
    });
    this.threads.add(thread);
    return thread;
  }

  private onMessage(thread: TemplateThread, message: Exclude<FromTemplateThread, { ready: true } | { pong: number }>): void {
    const job = thread.job;
    if (!job || message.job !== job.id) return;
    if ('phase' in message) {
      this.startClock(thread, job, 'markdown');
      return;
    }
    clearTimeout(thread.timer);
    thread.job = null;
    this.idle(thread);
    this.settle(job, 'html' in message ? { result: message.html } : 'diagnostics' in message ? { result: message.diagnostics } : { error: revivedError(message.error) });
    this.pump();
  }

  private dispatch(thread: TemplateThread, job: Job): void {
    const running = job.onStart();
    if (running.aborted) {
      this.settle(job, { error: abortReason(running) });
      return;
    }
    this.listen(job, running);
    clearTimeout(thread.idleTimer);
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({ job: job.id, ...job.work, limits: job.limits } satisfies ToTemplateJob);
    if (thread.ready) this.startClock(thread, job, 'template');
  }

  private startClock(thread: TemplateThread, job: Job, phase: 'template' | 'markdown'): void {
    clearTimeout(thread.timer);
    const { templateTimeoutMs, markdownTimeoutMs } = job.limits;
    const error =
      phase === 'template'
        ? new TemplateLimitError({ limit: 'time', maximum: templateTimeoutMs, detail: `the template was still rendering ${TEMPLATE_GRACE_MS} ms past its ${templateTimeoutMs} ms limit; its thread was ended` })
        : new TemplateLimitError({ limit: 'markdownTime', maximum: markdownTimeoutMs, detail: `converting the Markdown took longer than ${markdownTimeoutMs} ms; its thread was ended` });
    thread.timer = setTimeout(
      () => {
        if (thread.job !== job) return;
        this.end(thread, { restart: true, reason: error });
        this.settle(job, { error });
        this.pump();
      },
      phase === 'template' ? templateTimeoutMs + TEMPLATE_GRACE_MS : markdownTimeoutMs,
    );
  }

  private abort(job: Job, reason: Error): void {
    this.settle(job, { error: reason });
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const thread of this.threads) {
      // Parsing and Markdown conversion cannot be interrupted: the thread goes with the job.
      if (thread.job === job) {
        this.end(thread, { restart: true, reason });
        this.pump();
      }
    }
  }

  /** The thread is gone: its job, if any, fails with `error`, and so does waiting for it to start. */
  private fail(thread: TemplateThread, error: unknown): void {
    if (thread.ended) return;
    const job = thread.job;
    thread.failStart(error);
    this.end(thread, { restart: true, reason: error });
    if (job) this.settle(job, { error });
    this.pump();
  }

  private idle(thread: TemplateThread): void {
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => this.end(thread, { restart: false, reason: new DocumentCreationError({ detail: 'the template thread was idle' }) }), IDLE_MS);
    thread.idleTimer.unref();
  }

  /** A thread ended by a failure, a time limit or an abort is a restart; one idle or stopped is not. */
  private end(thread: TemplateThread, { restart, reason }: { readonly restart: boolean; readonly reason: unknown }): void {
    if (thread.ended) return;
    thread.ended = true;
    if (restart) this.restarts += 1;
    for (const pending of thread.pings.values()) pending.reject(reason);
    thread.pings.clear();
    // Whoever waits for it to start (ready()) goes on: the next job gets a new thread. A thread
    // that failed to start has said so already.
    thread.markStarted();
    clearTimeout(thread.timer);
    clearTimeout(thread.idleTimer);
    thread.job = null;
    this.threads.delete(thread);
    void thread.worker.terminate();
  }

  private settle(job: Job, outcome: { result: string | TemplateDiagnostics } | { error: unknown }): void {
    if (job.settled) return;
    job.settled = true;
    job.cleanup();
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DocumentCreationError({ detail: 'rendering was aborted' });
}

/**
 * The thread's script sits beside this module with the same extension: `template-worker.js` or
 * `.cjs` in the built package. From the TypeScript sources (tests, tsx) it is loaded through tsx.
 */
function workerScript(): { script: URL | string; eval: boolean } {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  const here: string = import.meta.url ?? pathToFileURL(__filename).href;
  const extension = /\.[cm]?[jt]s$/.exec(here)?.[0] ?? '.js';
  const script = new URL(`./template-worker${extension}`, here);
  if (extension !== '.ts') return { script, eval: false };
  const tsx = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(fileURLToPath(here)).resolve('tsx/package.json'))).href;
  return { script: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(script.href)}, ${JSON.stringify(here)}));`, eval: true };
}
