// The renderers `npm run bench` interleaves: ours in a child process (in process or on render
// threads), ours through `pagesmith serve` over loopback, warm Chromium, and warm WeasyPrint.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { ChildCommand } from './compile.js';
import { concurrentRound, type Contender, type RoundResult } from './interleave.js';
import type { OursReply, OursRequest } from './ours.js';
import { countPdfPages } from './pdf-pages.js';
import { BENCH_KEY } from './serve-child.js';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface OursChild {
  /** A contender rendering workload `workload` (an index into workloads(), or an n-row report). */
  contender(name: string, workload: number | { rows: number }): Contender;
  /** Its peak RSS, and the child ends. */
  finish(): Promise<{ baselineRssMb: number; peakRssMb: number }>;
}

/** `bench/ours.ts` in its own process: the engine in process, or `createWorkerEngine()`. */
export function oursChild(command: ChildCommand, where: 'in-process' | 'worker', flags: readonly string[] = []): OursChild {
  const child = fork(command.script, [where], { execArgv: [...flags, ...command.execArgv], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-3000)));
  let pending: ((reply: OursReply) => void) | null = null;
  child.on('message', (reply: OursReply) => pending?.(reply));
  child.on('exit', (code, signal) => pending?.({ kind: 'error', error: `the measuring child exited (${signal ?? `code ${code}`}) ${stderr.trim()}` }));
  const ask = (request: OursRequest): Promise<OursReply> =>
    new Promise((resolve) => {
      pending = (reply) => {
        pending = null;
        resolve(reply);
      };
      child.send(request);
    });
  return {
    contender: (name, workload) => ({
      name,
      async round(ms: number): Promise<RoundResult> {
        const reply = await ask({ kind: 'round', workload, ms });
        if (reply.kind !== 'round') throw new Error(reply.kind === 'error' ? reply.error : 'unexpected reply');
        return reply;
      },
    }),
    async finish() {
      const reply = await ask({ kind: 'finish' });
      if (reply.kind !== 'finish') throw new Error(reply.kind === 'error' ? reply.error : 'unexpected reply');
      return reply;
    },
  };
}

/**
 * Quick generate of `html` (plain HTML, a PDF answer) through a running `pagesmith serve`, `inFlight`
 * requests at a time, over kept-alive node:http connections (decision 0419: the bench's client shares
 * the server's cores, and fetch cost it 2–3 ms of CPU a request where node:http costs about 1).
 */
export function servedContender(name: string, url: string, html: string, inFlight: number): Contender {
  const body = Buffer.from(JSON.stringify({ html, data: {}, response_type: 'pdf' }));
  const target = new URL(`${url}/v1/documents/quick/generate`);
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const headers = { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json', 'content-length': String(body.byteLength) };
  const once = (retried = false): Promise<number> =>
    new Promise((resolve, reject) => {
      const sent = request(target, { method: 'POST', agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (response.statusCode !== 200) reject(new Error(`quick generate answered ${response.statusCode}: ${bytes.toString('utf8').slice(0, 300)}`));
          else resolve(countPdfPages(bytes));
        });
      });
      // A kept-alive connection the server closed while idle (between rounds) fails once; retry on a new one.
      sent.on('error', (error: NodeJS.ErrnoException) => (sent.reusedSocket && !retried && error.code === 'ECONNRESET' ? once(true).then(resolve, reject) : reject(error)));
      sent.end(body);
    });
  return { name, round: (ms) => concurrentRound(() => once(), inFlight, ms) };
}

/** One warm Chromium page printing `html` as the bench always has (A4, 75 px margins, backgrounds). */
export function chromiumContender(name: string, page: Page, html: string): Contender {
  const once = async (): Promise<number> => {
    await page.setContent(html);
    const pdf = await page.pdf({ format: 'A4', margin: { top: '75px', right: '75px', bottom: '75px', left: '75px' }, printBackground: true, preferCSSPageSize: true });
    return countPdfPages(pdf);
  };
  return { name, round: (ms) => concurrentRound(once, 1, ms) };
}

export interface WarmWeasyPrint {
  contender(name: string, html: string, maxRounds?: number): Promise<Contender>;
  close(): void;
}

/**
 * WeasyPrint kept warm in one Python process (`bench/weasyprint-child.py`), so its figure is its
 * rendering and not Python's start; the reason instead when the module cannot be imported
 * (`apt-get install weasyprint`; WEASYPRINT_PYTHON names another Python).
 */
export async function startWeasyPrint(scratchDir: string): Promise<WarmWeasyPrint | { unavailable: string }> {
  // Debian's weasyprint package installs the module for the system's Python, not any other on PATH.
  const python = process.env['WEASYPRINT_PYTHON'] ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const child = spawn(python, [join(HERE, 'weasyprint-child.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, number>> => {
    const line = await lines.next();
    if (line.done) throw new Error(`WeasyPrint's process ended: ${stderr.trim().split('\n').at(-1) ?? ''}`);
    return JSON.parse(line.value) as Record<string, number>;
  };
  try {
    await next();
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
  let files = 0;
  return {
    async contender(name, html, maxRounds) {
      const path = join(scratchDir, `weasyprint-${files++}.html`);
      await writeFile(path, html);
      return {
        name,
        maxRounds,
        async round(ms: number): Promise<RoundResult> {
          child.stdin.write(`${JSON.stringify({ path, ms })}\n`);
          const answer = await next();
          return { docs: answer['docs'] ?? 0, seconds: answer['seconds'] ?? 0, pages: answer['pages'] ?? 0 };
        },
      };
    },
    close() {
      child.stdin.end();
      child.kill();
    },
  };
}
