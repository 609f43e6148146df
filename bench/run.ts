// `npm run bench`: the native engine against warm headless Chromium on an invoice and a 1000-row report;
// then, when DATABASE_URL is set, documents per second through 1 and 2 `pagesmith serve` processes on one database.
//
//   npm run bench [-- --seconds N]    (time budget per engine per workload, default 5)
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { compileOurs, type ChildCommand } from './compile.js';
import { timeRuns, type Timing } from './measure.js';
import type { OursReply } from './ours.js';
import { countPdfPages } from './pdf-pages.js';
import { measureServeProcesses } from './serve-processes.js';
import { workloads } from './workloads.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TARGETS = { invoiceRatio: 20, reportRatio: 3, peakRssMb: 150 };
/** The V8 flag docs/performance.md recommends for servers rendering many documents (decision 0141). */
const TUNED_FLAGS = ['--no-allocation-site-pretenuring'];

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const budgetMs = Number(args.seconds) * 1000;
const loads = workloads();

console.log(`pagesmith bench: native engine vs warm Chromium (${CHROMIUM}), up to ${budgetMs / 1000} s per engine per workload\n`);

// Ours first, each workload in its own child process so the peak RSS is the engine's alone.
const child = await compileOurs();
const ours: OursReply[] = [];
const tuned: OursReply[] = [];
const threaded: OursReply[] = [];
for (let i = 0; i < loads.length; i++) {
  process.stdout.write(`measuring ours: ${loads[i].name}…\n`);
  ours.push(await runOurs(child, String(i)));
  process.stdout.write(`measuring ours with ${TUNED_FLAGS.join(' ')}: ${loads[i].name}…\n`);
  tuned.push(await runOurs(child, String(i), TUNED_FLAGS));
  process.stdout.write(`measuring ours, worker engine: ${loads[i].name}…\n`);
  threaded.push(await runOurs(child, `worker:${i}`));
}
process.stdout.write('measuring ours: 100/500/1000-row reports…\n');
const scale = await runOurs(child, 'scale');

const chromium = await measureChromium();

console.log('');
const header = ['workload', 'ours docs/s', 'Chromium docs/s', 'ratio', 'target', 'ours pages', 'Chromium pages', `ours peak RSS (target < ${TARGETS.peakRssMb} MB)`];
const rows = [
  ...loads.map((load, i) => ({ load, i, mine: ours[i], label: load.name })),
  ...loads.map((load, i) => ({ load, i, mine: tuned[i], label: `${load.name}, node ${TUNED_FLAGS.join(' ')}` })),
  ...loads.map((load, i) => ({ load, i, mine: threaded[i], label: `${load.name}, createWorkerEngine()` })),
].map(({ load, i, mine, label }) => {
  const theirs = 'timings' in chromium ? chromium.timings[i] : null;
  const target = i === 0 ? `≥ ${TARGETS.invoiceRatio}×` : `≥ ${TARGETS.reportRatio}×`;
  if (mine.kind !== 'workload') return [label, 'error', theirs ? theirs.timing.docsPerSecond.toFixed(2) : '-', '-', target, '-', theirs ? pagesLabel(theirs.pages) : '-', '-'];
  const goal = i === 0 ? TARGETS.invoiceRatio : TARGETS.reportRatio;
  const speedup = theirs ? mine.timing.docsPerSecond / theirs.timing.docsPerSecond : null;
  const ratio = speedup === null ? '-' : `${speedup.toFixed(2)}× ${speedup >= goal ? 'ok' : 'MISS'}`;
  return [
    label,
    mine.timing.docsPerSecond.toFixed(2),
    theirs ? theirs.timing.docsPerSecond.toFixed(2) : '-',
    ratio,
    target,
    pagesLabel(mine.pages),
    theirs ? pagesLabel(theirs.pages) : '-',
    `${mine.peakRssMb.toFixed(0)} MB ${mine.peakRssMb < TARGETS.peakRssMb ? 'ok' : 'MISS'} (baseline ${mine.baselineRssMb.toFixed(0)} MB)`,
  ];
});
printTable([header, ...rows]);
console.log(`ours ran in ${child.runtime}; peak RSS is the child process's maximum resident set, baseline its maximum before the first render`);
for (const [replies, how] of [[ours, ''], [tuned, ` (node ${TUNED_FLAGS.join(' ')})`], [threaded, ' (createWorkerEngine)']] as const) {
  for (const [i, mine] of replies.entries()) {
    if (mine.kind === 'workload') console.log(`  ours${how} ${loads[i].name}: ${mine.timing.iterations} runs in ${mine.timing.seconds.toFixed(1)} s`);
    else console.log(`\nours${how} failed on ${loads[i].name}:\n${mine.kind === 'error' ? mine.error : 'unexpected reply'}`);
  }
}
console.log('the targets are for node as it starts by default; the second pair of rows shows the flag docs/performance.md recommends for servers,');
console.log('the third the worker engine with its default heap caps (its main thread does not load the layout engine)');
if ('timings' in chromium) {
  for (const [i, t] of chromium.timings.entries()) console.log(`  Chromium ${loads[i].name}: ${t.timing.iterations} runs in ${t.timing.seconds.toFixed(1)} s`);
} else {
  console.log(`\nChromium not measured: ${chromium.unavailable}`);
}

console.log('\nours, ms per page (time should grow linearly with pages, so ms/page stays flat):');
if (scale.kind === 'scale') {
  printTable([['rows', 'pages', 'ms/doc', 'ms/page'], ...scale.points.map((p) => [String(p.rows), pagesLabel(p.pages), p.msPerDoc.toFixed(2), Number.isNaN(p.msPerPage) ? '-' : p.msPerPage.toFixed(3)])]);
} else if (scale.kind === 'error') {
  console.log(scale.error);
}

console.log(`\npagesmith serve on one PostgreSQL database (invoice template, response_type document_id, one render thread per process; ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} before):`);
const served = await measureServeProcesses({ budgetMs: Math.max(budgetMs, 10_000) });
if ('skipped' in served) {
  console.log(`skipped: ${served.skipped}`);
} else {
  printTable([
    ['stores', 'serve processes', 'render threads each', 'requests in flight', 'documents', 'failures', 'seconds', 'docs/s'],
    ...served.rows.map((row) => [row.stores, String(row.processes), String(row.threadsEach), String(row.inFlight), String(row.documents), String(row.failures), row.seconds.toFixed(1), row.docsPerSecond.toFixed(2)]),
  ]);
}

function runOurs(command: ChildCommand, target: string, flags: readonly string[] = []): Promise<OursReply> {
  return new Promise((done) => {
    const child = fork(command.script, [target, String(budgetMs)], { execArgv: [...flags, ...command.execArgv], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    let reply: OursReply | null = null;
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-5000)));
    child.on('message', (message: OursReply) => (reply = message));
    child.on('exit', (code, signal) => done(reply ?? { kind: 'error', error: `child exited (${signal ?? `code ${code}`})\n${stderr.trim()}` }));
  });
}

async function measureChromium(): Promise<{ timings: { timing: Timing; pages: number }[] } | { unavailable: string }> {
  if (!existsSync(CHROMIUM)) return { unavailable: `${CHROMIUM} not found (set CHROMIUM=path)` };
  let browser;
  try {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    return { unavailable: `launch failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  try {
    const page = await browser.newPage();
    const timings = [];
    for (const load of loads) {
      process.stdout.write(`measuring Chromium: ${load.name}…\n`);
      let pages = 0;
      const timing = await timeRuns(
        async () => {
          await page.setContent(load.html);
          const pdf = await page.pdf({
            format: 'A4',
            margin: { top: '75px', right: '75px', bottom: '75px', left: '75px' },
            printBackground: true,
            preferCSSPageSize: true,
          });
          pages = countPdfPages(pdf);
        },
        { warmup: 3, maxIterations: load.maxIterations, budgetMs },
      );
      timings.push({ timing, pages });
    }
    return { timings };
  } catch (error) {
    return { unavailable: `rendering failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  } finally {
    await browser.close();
  }
}

function pagesLabel(pages: number): string {
  return pages > 0 ? String(pages) : '?';
}

function printTable(table: readonly (readonly string[])[]): void {
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  for (const [r, row] of table.entries()) {
    console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
    if (r === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
