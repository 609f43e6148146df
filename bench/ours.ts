// Child process measuring the native engine alone, so its peak RSS is its own: `ours.ts <workload-index>|scale <budgetMs>`.
import { createNativeEngine } from '../src/engine/index.js';
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
  process.send?.(target === 'scale' ? await scale() : await workload(Number(target)));
} catch (error) {
  process.send?.({ kind: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies OursReply);
}
process.disconnect?.();

async function workload(index: number): Promise<OursReply> {
  const { html, maxIterations } = workloads()[index];
  const engine = createNativeEngine();
  const baselineRssMb = maxRssMb();
  let pages = 0;
  const timing = await timeRuns(
    async () => {
      pages = countPdfPages(await engine.render(html));
    },
    { warmup: 3, maxIterations, budgetMs },
  );
  return { kind: 'workload', timing, pages, baselineRssMb, peakRssMb: maxRssMb() };
}

async function scale(): Promise<OursReply> {
  const engine = createNativeEngine();
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
