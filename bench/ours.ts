// Child process measuring the native engine alone, so its peak RSS is its own:
// `ours.ts <workload-index>|worker:<workload-index>|scale <budgetMs>`. The engines are imported
// when measured, so the worker engine's run does not load the layout engine on its main thread.
import type { PdfEngine } from '../src/engine/types.js';
import { timeRuns, type Timing } from './measure.js';
import { countPdfPages } from './pdf-pages.js';
import { reportHtml, workloads } from './workloads.js';

export type OursReply =
  | { readonly kind: 'workload'; readonly timing: Timing; readonly pages: number; readonly baselineRssMb: number; readonly peakRssMb: number }
  | { readonly kind: 'scale'; readonly points: readonly { rows: number; pages: number; msPerDoc: number; msPerPage: number }[] }
  | { readonly kind: 'error'; readonly error: string };

const [target = '0', budget = '5000'] = process.argv.slice(2);
const budgetMs = Number(budget);

try {
  const reply = target === 'scale' ? await scale()
    : target.startsWith('worker:') ? await workload(Number(target.slice('worker:'.length)), 'worker')
      : await workload(Number(target), 'in-process');
  process.send?.(reply);
} catch (error) {
  process.send?.({ kind: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies OursReply);
}
process.disconnect?.();

async function workload(index: number, where: 'in-process' | 'worker'): Promise<OursReply> {
  const { html, maxIterations } = workloads()[index];
  const engine: PdfEngine & { close?: () => Promise<void> } = where === 'worker'
    ? (await import('../src/engine/worker/worker-engine.js')).createWorkerEngine()
    : (await import('../src/engine/native-engine.js')).createNativeEngine();
  const baselineRssMb = maxRssMb();
  let pages = 0;
  const timing = await timeRuns(
    async () => {
      pages = countPdfPages(await engine.render(html));
    },
    { warmup: 3, maxIterations, budgetMs },
  );
  await engine.close?.();
  return { kind: 'workload', timing, pages, baselineRssMb, peakRssMb: maxRssMb() };
}

async function scale(): Promise<OursReply> {
  const engine = (await import('../src/engine/native-engine.js')).createNativeEngine();
  const points = [];
  for (const rows of [100, 500, 1000]) {
    const html = reportHtml(rows);
    let pages = 0;
    const timing = await timeRuns(
      async () => {
        pages = countPdfPages(await engine.render(html));
      },
      { warmup: 5, maxIterations: 50, budgetMs: budgetMs / 3 },
    );
    const msPerDoc = 1000 / timing.docsPerSecond;
    points.push({ rows, pages, msPerDoc, msPerPage: pages > 0 ? msPerDoc / pages : NaN });
  }
  return { kind: 'scale', points };
}

function maxRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
