// How the `pagesmith` executable uses render's start-up snapshot (decision 0408): `render` starts
// from the snapshot when this user has one for this node and build; after a render without one,
// a detached `pagesmith snapshot` makes it for the next.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderFromSnapshot } from './render-from-snapshot.js';
import { failedMarker, lockFile, snapshotPlace, snapshotReady, snapshotsEnabled, STALE_LOCK_MS, type SnapshotPlace } from './snapshot-location.js';

type Env = Readonly<Record<string, string | undefined>>;

/** This module's folder: dist/ in the package, where the snapshot's script is built beside the CLI. */
export function cliDir(): string {
  return dirname(fileURLToPath(import.meta.url ?? pathToFileURL(__filename).href));
}

/** The snapshot place `render` would use, or null when snapshots are off or cannot be had. */
export function renderSnapshotPlace(env: Env): SnapshotPlace | null {
  return snapshotsEnabled(env) ? snapshotPlace(cliDir(), env) : null;
}

/** Runs `render <args>` from this user's snapshot: its exit status, or null to render here. */
export async function renderWithSnapshot(args: readonly string[], env: Env): Promise<number | null> {
  const place = renderSnapshotPlace(env);
  if (place === null || !snapshotReady(place.blob)) return null;
  return renderFromSnapshot(place, args);
}

/**
 * After a render without a snapshot, starts `pagesmith snapshot` in the background for the next
 * one (unless one is being made, or making it failed before): it outlives this process, with
 * nothing to say to its streams.
 */
export function offerSnapshot(cliScript: string, env: Env): void {
  const place = renderSnapshotPlace(env);
  if (place === null || snapshotReady(place.blob) || beingMade(place) || existsSync(failedMarker(place))) return;
  try {
    // A folder that cannot be made (a read-only home) would fail every maker: start none.
    mkdirSync(place.dir, { recursive: true, mode: 0o700 });
  } catch {
    return;
  }
  const maker = spawn(process.execPath, [...place.execArgv, cliScript, 'snapshot', '--quiet'], { detached: true, stdio: 'ignore', windowsHide: true });
  maker.on('error', () => undefined);
  maker.unref();
}

function beingMade(place: SnapshotPlace): boolean {
  try {
    return Date.now() - statSync(lockFile(place)).mtimeMs < STALE_LOCK_MS;
  } catch {
    return false;
  }
}
