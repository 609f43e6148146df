// Drives the render worker: one job at a time, a time limit per job, a fresh worker after a crash or timeout.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface RenderJob {
  readonly html: string;
  readonly baseDir: string;
  readonly outPath: string;
}

export type RenderReply = { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly ms: number; readonly error: string };

const WORKER = fileURLToPath(new URL('./render-worker.ts', import.meta.url));

export class Renderer {
  private child: ChildProcess | null = null;
  private stderr = '';

  constructor(
    private readonly cwd: string,
    private readonly timeoutMs: number,
  ) {}

  /** Renders one job; never rejects: a worker crash or timeout comes back as `ok: false`. */
  render(job: RenderJob): Promise<RenderReply> {
    const child = this.worker();
    const started = performance.now();
    return new Promise((resolve) => {
      const finish = (reply: RenderReply) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply);
      };
      const onMessage = (reply: RenderReply) => finish(reply);
      const onExit = (code: number | null, signal: string | null) => {
        this.child = null;
        const tail = this.stderr.trim().split('\n').slice(-15).join('\n');
        finish({ ok: false, ms: performance.now() - started, error: `render worker exited (${signal ?? `code ${code}`})${tail ? `\n${tail}` : ''}` });
      };
      const timer = setTimeout(() => {
        child.off('exit', onExit);
        child.kill('SIGKILL');
        this.child = null;
        finish({ ok: false, ms: performance.now() - started, error: `render timed out after ${this.timeoutMs / 1000} s` });
      }, this.timeoutMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
      this.stderr = '';
      child.send(job);
    });
  }

  close(): void {
    this.child?.kill();
    this.child = null;
  }

  private worker(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(WORKER, [], { cwd: this.cwd, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-20_000);
    });
    this.child = child;
    return child;
  }
}
