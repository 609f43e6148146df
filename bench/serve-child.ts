// `pagesmith serve` as a child process for the bench: started on a free port, its peak resident
// set read from /proc, stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildCommand } from './compile.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_KEY = 'sk_bench_0123456789';

/** The CLI from the TypeScript sources, through tsx. */
export const CLI_FROM_SOURCE: ChildCommand = { script: join(REPO, 'src', 'cli', 'main.ts'), execArgv: ['--import', 'tsx'], runtime: 'tsx' };

export interface RunningServe {
  readonly url: string;
  /** The serving process's largest resident set so far (VmHWM, its threads included), in MB; null off Linux. */
  peakRssMb(): number | null;
  /** CPU time the serving process has used so far (all its threads, user and system), in ms; null off Linux. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** `pagesmith serve --port 0 …args` with the bench's key, the stores in memory unless `args` name others. */
export function startServe(cli: ChildCommand, args: readonly string[]): Promise<RunningServe> {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [...cli.execArgv, cli.script, 'serve', '--port', '0', '--monthly-limit', '100000000', '--log-level', 'error', ...args],
    { cwd: REPO, env: { ...env, PAGESMITH_API_KEYS: `${BENCH_KEY}:acct-bench` }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (\S+)/.exec(out);
      if (found) {
        resolveStart({
          url: found[1] as string,
          peakRssMb: () => (child.pid === undefined ? null : vmHwmMb(child.pid)),
          cpuMs: () => (child.pid === undefined ? null : cpuTimeMs(child.pid)),
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => reject(new Error(`pagesmith serve exited before listening: ${stderr.trim()}`)));
  });
}

function vmHwmMb(pid: number): number | null {
  try {
    const found = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return found ? Number(found[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** utime + stime from /proc/<pid>/stat, in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
function cpuTimeMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
