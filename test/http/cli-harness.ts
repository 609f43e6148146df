// Runs the pagesmith CLI from source with tsx as its own process, for the CLI tests.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

export interface Run {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** `npx tsx src/cli/main.ts …`, calling the tsx that npx would find directly, so a signal reaches the CLI and its exit status comes back. */
export function cli(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/cli/main.ts', ...args], { cwd: ROOT, env: { ...inheritedEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The suite's environment without the variables that choose serve's stores: CI sets DATABASE_URL
 * and REDIS_URL for the database tests, and a test that wants them passes them itself.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, PAGESMITH_DATABASE_SCHEMA: _schema, ...rest } = process.env;
  return rest;
}

export function run(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const child = cli(args, env);
  const stdout: Buffer[] = [];
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr })));
}

export interface Served {
  readonly url: string;
  /** What the server has written to stdout so far: the startup lines, then its JSON log. */
  stdout(): string;
  /** What the server has written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit status once the process has ended. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then the exit status. */
  stop(): Promise<number | null>;
  /** The pid of the process serving: tsx runs the CLI in a child of the process spawned. */
  serverPid(): number;
}

/** Starts `pagesmith serve`, resolving with the address it prints once bound. */
export async function serve(args: readonly string[], env: Record<string, string>): Promise<Served> {
  const child = cli(['serve', '--port', '0', ...args], env);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /pagesmith listening on (\S+)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop() {
      // To the CLI's own process: tsx relays a signal only if its child says within 30 ms that it
      // got it, and on a loaded machine it kills the child instead (exit 143).
      let pid: number | undefined;
      try {
        pid = cliPid(child);
      } catch {
        pid = undefined;
      }
      if (pid === undefined) child.kill('SIGTERM');
      else process.kill(pid, 'SIGTERM');
      return exited;
    },
    serverPid: () => cliPid(child),
  };
}

/** The pid of the CLI process tsx runs under `child`; tsx's other child is esbuild's service. */
export function cliPid(child: ChildProcess): number {
  const children = execFileSync('pgrep', ['-P', String(child.pid), '-f', 'src/cli/main.ts'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  if (children.length !== 1) throw new Error(`expected one CLI process under ${child.pid}, found ${children.join(', ') || 'none'}`);
  return Number(children[0]);
}
