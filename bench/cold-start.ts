// Cold start: the wall time from spawning a fresh `pagesmith render` to its PDF on disk, beside
// the time to start and end a bare `node -e 0`, alternating the two.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildCommand } from './compile.js';

export interface ColdStart {
  /** Median ms to the first PDF from a fresh process. */
  readonly renderMs: number;
  /** Median ms for `node -e 0`: what any Node program pays before its first line. */
  readonly nodeMs: number;
  readonly runs: number;
}

export async function measureColdStart(cli: ChildCommand, html: string, scratchDir: string, runs = 5): Promise<ColdStart> {
  const template = join(scratchDir, 'cold-start.html');
  await writeFile(template, html);
  const render: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    render.push(await timed([...cli.execArgv, cli.script, 'render', template, '-o', join(scratchDir, 'cold-start.pdf')]));
    bare.push(await timed(['-e', '0']));
  }
  return { renderMs: median(render), nodeMs: median(bare), runs };
}

function timed(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr.trim()}`)))),
  );
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
