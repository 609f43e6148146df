// Cold start: the wall time from spawning a fresh `pagesmith render` to its PDF on disk, from the
// start-up snapshot `pagesmith snapshot` makes (decision 0408) and without one, beside the time to
// start and end a bare `node -e 0`, the three alternating.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildCommand } from './compile.js';

export interface ColdStart {
  /** Median ms to the first PDF from a fresh process that starts from render's snapshot. */
  readonly snapshotMs: number;
  /** Median ms to the first PDF from a fresh process without a snapshot (PAGESMITH_SNAPSHOT=off). */
  readonly renderMs: number;
  /** Median ms for `node -e 0`: what any Node program pays before its first line. */
  readonly nodeMs: number;
  readonly runs: number;
}

export async function measureColdStart(cli: ChildCommand, html: string, scratchDir: string, runs = 5): Promise<ColdStart> {
  const template = join(scratchDir, 'cold-start.html');
  await writeFile(template, html);
  const snapshots = { PAGESMITH_SNAPSHOT_DIR: join(scratchDir, 'snapshots') };
  await timed([...cli.execArgv, cli.script, 'snapshot', '--quiet'], { ...snapshots, PAGESMITH_SNAPSHOT: 'on' });
  const render = [...cli.execArgv, cli.script, 'render', template, '-o', join(scratchDir, 'cold-start.pdf')];
  const fromSnapshot: number[] = [];
  const without: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    // require: a render that could not start from the snapshot fails the bench rather than being timed without it.
    fromSnapshot.push(await timed(render, { ...snapshots, PAGESMITH_SNAPSHOT: 'require' }));
    without.push(await timed(render, { PAGESMITH_SNAPSHOT: 'off' }));
    bare.push(await timed(['-e', '0']));
  }
  return { snapshotMs: median(fromSnapshot), renderMs: median(without), nodeMs: median(bare), runs };
}

function timed(args: readonly string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
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
