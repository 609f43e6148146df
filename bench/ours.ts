// Child process measuring the native engine alone, so its peak RSS is its own:
// `ours.ts in-process|worker`. It renders when the parent asks, one short round at a time, so the
// parent can interleave its rounds with Chromium's and the other engines' (decision 0300). The
// engine is imported when first asked for, so the worker engine's child does not load the layout
// engine on its main thread.
import type { PdfEngine } from '../src/engine/types.js';
import { countPdfPages } from './pdf-pages.js';
import { reportHtml, workloads } from './workloads.js';

/** What the parent asks: a round of one workload (or an n-row report) for about `ms`, or the peak RSS at the end. */
export type OursRequest =
  | { readonly kind: 'round'; readonly workload: number | { readonly rows: number }; readonly ms: number }
  | { readonly kind: 'finish' };

export type OursReply =
  | { readonly kind: 'round'; readonly docs: number; readonly seconds: number; readonly pages: number }
  | { readonly kind: 'finish'; readonly baselineRssMb: number; readonly peakRssMb: number }
  | { readonly kind: 'error'; readonly error: string };

const where = process.argv[2] === 'worker' ? 'worker' : 'in-process';
const loads = workloads();
const htmlByRows = new Map<number, string>();
let engine: (PdfEngine & { close?: () => Promise<void> }) | undefined;
let baselineRssMb = 0;

process.on('message', (request: OursRequest) => {
  void answer(request).then(
    (reply) => process.send?.(reply),
    (error: unknown) => process.send?.({ kind: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies OursReply),
  );
});

async function answer(request: OursRequest): Promise<OursReply> {
  if (request.kind === 'finish') {
    await engine?.close?.();
    setImmediate(() => process.disconnect?.());
    return { kind: 'finish', baselineRssMb, peakRssMb: maxRssMb() };
  }
  const running = engine ?? (engine = await start());
  const html = typeof request.workload === 'number' ? loads[request.workload]!.html : htmlFor(request.workload.rows);
  // At least one document a round, however long it takes; then until the round's time is up.
  const started = performance.now();
  let docs = 0;
  let pages = 0;
  do {
    pages = countPdfPages(await running.render(html));
    docs += 1;
  } while (performance.now() - started < request.ms);
  return { kind: 'round', docs, seconds: (performance.now() - started) / 1000, pages };
}

async function start(): Promise<PdfEngine & { close?: () => Promise<void> }> {
  const made = where === 'worker'
    ? (await import('../src/engine/worker/worker-engine.js')).createWorkerEngine()
    : (await import('../src/engine/native-engine.js')).createNativeEngine();
  baselineRssMb = maxRssMb();
  return made;
}

function htmlFor(rows: number): string {
  let html = htmlByRows.get(rows);
  if (html === undefined) htmlByRows.set(rows, (html = reportHtml(rows)));
  return html;
}

function maxRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
