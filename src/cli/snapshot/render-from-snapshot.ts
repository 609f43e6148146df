// `pagesmith render` started from its snapshot (decision 0408): a child node process started from
// the snapshot runs the command, sharing this process's standard streams; its exit status is this
// process's, and a stop signal sent here is passed on to it. The child says it has started on a
// pipe of its own: a child that ends before saying so could not start from the snapshot (made by
// another node, damaged), which is then removed and the render done without it.
import { spawn } from 'node:child_process';
import { closeSync, rmSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { snapshotNodeOptions, type SnapshotPlace } from './snapshot-location.js';

/** The environment variable naming the descriptor a process started from the snapshot says it started on. */
export const STARTED_FD_VARIABLE = 'PAGESMITH_SNAPSHOT_STARTED_FD';
const STARTED_FD = 3;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs `render <args>` from the snapshot: its exit status, or null when it could not start from the snapshot. */
export function renderFromSnapshot(place: SnapshotPlace, args: readonly string[]): Promise<number | null> {
  const child = spawn(process.execPath, [...snapshotNodeOptions(place), '--', ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, [STARTED_FD_VARIABLE]: String(STARTED_FD) },
    windowsHide: true,
  });
  let started = false;
  (child.stdio[STARTED_FD] as Readable).on('data', () => (started = true));
  const pass = (signal: NodeJS.Signals): void => void child.kill(signal);
  for (const signal of SIGNALS) process.on(signal, pass);
  return new Promise((resolve) => {
    child.on('error', () => {
      forget();
      resolve(null);
    });
    child.on('close', (code, signal) => {
      forget();
      if (!started) {
        rmSync(place.blob, { force: true });
        resolve(null);
      } else if (signal !== null) {
        // Ended by a signal: end the same way, as the render's own process would have.
        process.kill(process.pid, signal);
      } else {
        resolve(code ?? 1);
      }
    });
  });

  function forget(): void {
    for (const signal of SIGNALS) process.off(signal, pass);
  }
}

/** In a process started from the snapshot: tells the process that started it, if one is listening, that it has. */
export function sayStarted(env: NodeJS.ProcessEnv = process.env): void {
  const fd = Number(env[STARTED_FD_VARIABLE]);
  delete env[STARTED_FD_VARIABLE];
  if (fd !== STARTED_FD) return;
  try {
    writeSync(fd, 'S');
    closeSync(fd);
  } catch {
    // Nobody listening: the render goes on.
  }
}
