// A render thread: the native engine in a worker, rendering one document at a time for a worker engine.
import { parentPort, workerData } from 'node:worker_threads';
import { createNativeEngine, type NativeEngineOptions } from '../native-engine.js';
import type { LoadedResource, ResourceKind, ResourceLoader } from '../../resources/types.js';
import type { PageImageOptions, RenderWarning } from '../types.js';
import { cloneError, postPainted, postRendered, type FromThread, type ThreadImageOptions, type ThreadRenderOptions, type ToThread } from './protocol.js';

interface RunningJob {
  readonly controller: AbortController;
  readonly loads: Map<number, (resource: LoadedResource | null) => void>;
}

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread of a worker engine');

const engine = createNativeEngine((workerData as { engineOptions?: NativeEngineOptions } | null)?.engineOptions ?? {});
const jobs = new Map<number, RunningJob>();
let nextRequest = 0;

port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'render':
      void render(message.job, message.html, message.options);
      return;
    case 'renderImages':
      void paint(message.job, message.html, message.options);
      return;
    case 'abort':
      jobs.get(message.job)?.controller.abort(new Error('Rendering was aborted'));
      return;
    case 'ping':
      post({ type: 'pong', ping: message.ping });
      return;
    case 'loaded': {
      const job = jobs.get(message.job);
      const settle = job?.loads.get(message.request);
      job?.loads.delete(message.request);
      settle?.(message.resource);
      return;
    }
  }
});

function render(id: number, html: string, options: ThreadRenderOptions): Promise<void> {
  return run(id, options, async (common, warnings) => {
    const pdf = await engine.render(html, { ...common, deterministic: options.deterministic, encryption: options.encryption });
    postRendered(port!, id, pdf, warnings);
  });
}

function paint(id: number, html: string, options: ThreadImageOptions): Promise<void> {
  return run(id, options, async (common, warnings) => {
    const { pages, scale, width, format, quality } = options;
    const images = await engine.renderImages!(html, { ...common, pages, scale, width, format, quality });
    postPainted(port!, id, images, warnings);
  });
}

/** Runs a job with what renders and images share (limits, abort, the caller's loader); its failure is posted. */
async function run(id: number, options: ThreadImageOptions, work: (common: PageImageOptions, warnings: RenderWarning[]) => Promise<void>): Promise<void> {
  const job: RunningJob = { controller: new AbortController(), loads: new Map() };
  jobs.set(id, job);
  const warnings: RenderWarning[] = [];
  try {
    await work({
      onWarning: (warning) => warnings.push(warning),
      maxPages: options.maxPages,
      timeoutMs: options.timeoutMs,
      signal: job.controller.signal,
      ...(options.loader && { resourceLoader: proxyLoader(id, job, options.loader.documentBaseUrl) }),
    }, warnings);
  } catch (error) {
    post({ type: 'failed', job: id, error: cloneError(error) });
  } finally {
    jobs.delete(id);
  }
}

/** The caller's loader, reached through the engine's thread; its answers arrive as `loaded` messages. */
function proxyLoader(id: number, job: RunningJob, documentBaseUrl: string | null): ResourceLoader {
  return {
    documentBaseUrl,
    load: (url: string, kind: ResourceKind, baseUrl?: string) =>
      new Promise<LoadedResource | null>((resolve) => {
        const request = nextRequest++;
        job.loads.set(request, resolve);
        post({ type: 'load', job: id, request, url, kind, ...(baseUrl !== undefined && { baseUrl }) });
      }),
  };
}

function post(message: FromThread): void {
  port!.postMessage(message);
}
