// Where `pagesmith render`'s start-up snapshot lives, and whether one is ready (decision 0408).
// A snapshot only starts with the node binary, V8 flags and script it was made with, so its file
// name is a digest of them; it is code, so only a file of this user's that no one else may write
// is taken.
import { statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The bundled script, beside the CLI's modules in dist/. */
export const SNAPSHOT_SCRIPT = 'render-snapshot.cjs';

/**
 * V8 settings a snapshot is made and started with (V8 refuses a snapshot made with other ones): a
 * process started from it holds some 20 MB of heap at once, and without room to allocate beside it
 * the render's first 80 ms went a quarter on collections. And the snapshot's strings keep the hash
 * seed they were made with rather than being hashed anew at every start (10 ms of 215): the seed is
 * drawn at random where the snapshot is made and kept in this user's private folder.
 */
const SNAPSHOT_V8_FLAGS = ['--min-semi-space-size=16', '--initial-old-space-size=128', '--no-rehash-snapshot'];

export interface SnapshotPlace {
  /** The bundled script the snapshot is made from (dist/render-snapshot.cjs). */
  readonly script: string;
  /** The folder snapshots are kept in. */
  readonly dir: string;
  /** The snapshot for this node, these flags and this script. */
  readonly blob: string;
  /** The node options the snapshot is made and started with. */
  readonly execArgv: readonly string[];
}

/** PAGESMITH_SNAPSHOT=off (or 0, false, no) turns snapshots off. */
export function snapshotsEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return !/^(off|0|false|no)$/i.test(env['PAGESMITH_SNAPSHOT'] ?? '');
}

/** PAGESMITH_SNAPSHOT=require: `render` fails rather than start without a snapshot (an image that must start fast checks it so). */
export function snapshotRequired(env: Readonly<Record<string, string | undefined>>): boolean {
  return /^require$/i.test(env['PAGESMITH_SNAPSHOT'] ?? '');
}

/** The user's cache folder for snapshots: $PAGESMITH_SNAPSHOT_DIR, else pagesmith in $XDG_CACHE_HOME or ~/.cache (%LOCALAPPDATA% on Windows). */
export function snapshotDir(env: Readonly<Record<string, string | undefined>>): string | null {
  const chosen = env['PAGESMITH_SNAPSHOT_DIR'];
  if (chosen) return chosen;
  const cache = env['XDG_CACHE_HOME'] || (process.platform === 'win32' ? env['LOCALAPPDATA'] : undefined);
  if (cache) return join(cache, 'pagesmith');
  let home = '';
  try {
    home = homedir();
  } catch {
    // No home folder (a container's nobody): no snapshot.
  }
  return home ? join(home, '.cache', 'pagesmith') : null;
}

/**
 * The snapshot place of the CLI whose modules are in `cliDir`, or null when there is no script to
 * make one from (running from the sources) or no folder to keep it in.
 */
export function snapshotPlace(cliDir: string, env: Readonly<Record<string, string | undefined>>, execArgv: readonly string[] = process.execArgv): SnapshotPlace | null {
  const script = join(cliDir, SNAPSHOT_SCRIPT);
  const dir = snapshotDir(env);
  let stats: Stats;
  try {
    stats = statSync(script);
  } catch {
    return null;
  }
  if (dir === null) return null;
  const made = [process.version, process.arch, process.platform, process.execPath, execArgv, env['NODE_OPTIONS'] ?? '', script, stats.size, stats.mtimeMs];
  const digest = fnv1a64(JSON.stringify([...made, SNAPSHOT_V8_FLAGS]));
  return { script, dir, blob: join(dir, `render-${digest}.blob`), execArgv };
}

/** The node options that start a process from `blob` (or make it, with --build-snapshot after them). */
export function snapshotNodeOptions(place: SnapshotPlace, blob: string = place.blob): string[] {
  return [...place.execArgv, ...SNAPSHOT_V8_FLAGS, '--snapshot-blob', blob];
}

/** The files of the snapshot folder pagesmith made: snapshots, their failure markers and partial ones. */
export const SNAPSHOT_FILE = /^render-[0-9a-f]{16}\.blob(\.\d+\.partial|\.failed)?$/;

/** Held by the process making the snapshot. */
export function lockFile(place: SnapshotPlace): string {
  return `${place.blob}.lock`;
}

/** A lock older than this was left by a maker that died. */
export const STALE_LOCK_MS = 10 * 60_000;

/** Written when making the snapshot failed, with why. */
export function failedMarker(place: SnapshotPlace): string {
  return `${place.blob}.failed`;
}

/** Whether `blob` is there and is this user's own file, which no one else may write, in such a folder. */
export function snapshotReady(blob: string): boolean {
  try {
    const stats = statSync(blob);
    return stats.isFile() && ownedPrivately(stats) && folderIsPrivate(dirname(blob));
  } catch {
    return false;
  }
}

/** Whether `dir` is this user's and no one else may write in it. */
export function folderIsPrivate(dir: string): boolean {
  return ownedPrivately(statSync(dir));
}

/** This user's, and writable by no one else (always, where files have no such owners). */
function ownedPrivately(stats: Stats): boolean {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return true;
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

/** A 64-bit FNV-1a digest, in 16 hex digits: names a file, guards nothing (the launcher loads no crypto for it). */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = BigInt.asUintN(64, (hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}
