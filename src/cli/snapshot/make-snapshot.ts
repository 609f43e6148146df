// Makes `pagesmith render`'s start-up snapshot (decision 0408): node builds it from the bundled
// script into a temporary file, a render started from that file must write a PDF, and only then
// does it take the snapshot's name, replacing the snapshots of other builds and node versions.
// One maker at a time per folder, through a lock file.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { failedMarker, folderIsPrivate, lockFile, SNAPSHOT_FILE, snapshotNodeOptions, STALE_LOCK_MS, type SnapshotPlace } from './snapshot-location.js';

export type MadeSnapshot = { readonly made: true; readonly bytes: number } | { readonly made: false; readonly problem: string };

/**
 * Node starts a snapshot with the warning settings it was made with: the made process imports
 * HarfBuzz through an option node calls experimental, and says nothing of it.
 */
const BUILD_FLAGS = ['--disable-warning=ExperimentalWarning'];

export async function makeSnapshot(place: SnapshotPlace): Promise<MadeSnapshot> {
  mkdirSync(place.dir, { recursive: true, mode: 0o700 });
  if (!folderIsPrivate(place.dir)) return { made: false, problem: `${place.dir} may be written by other users, whose files render would run: choose a folder of your own (PAGESMITH_SNAPSHOT_DIR)` };
  const lock = lockFile(place);
  if (!takeLock(lock)) return { made: false, problem: `another process is making it (${lock})` };
  const partial = `${place.blob}.${process.pid}.partial`;
  const failed = (problem: string): MadeSnapshot => {
    // Renders do not start another maker for this snapshot after this (`pagesmith snapshot` still tries).
    writeFileSync(failedMarker(place), `${problem}\n`, { mode: 0o600 });
    return { made: false, problem };
  };
  try {
    const built = await node([...BUILD_FLAGS, ...snapshotNodeOptions(place, partial), '--build-snapshot', place.script]);
    if (built.code !== 0) return failed(`node could not make it: ${built.stderr.trim() || `exit ${built.code}`}`);
    const problem = await checkRenders(place, partial);
    if (problem !== null) return failed(problem);
    renameSync(partial, place.blob);
    rmSync(failedMarker(place), { force: true });
    removeOthers(place);
    return { made: true, bytes: statSync(place.blob).size };
  } finally {
    rmSync(partial, { force: true });
    rmSync(lock, { force: true });
  }
}

/** Renders a small document from the new snapshot: null when it wrote a PDF, else what went wrong. */
async function checkRenders(place: SnapshotPlace, blob: string): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-snapshot-check-'));
  try {
    writeFileSync(join(dir, 'check.html'), '<p>Snapshot check: <b>{{ word }}</b></p>');
    writeFileSync(join(dir, 'check.json'), '{ "word": "ready" }');
    const pdf = join(dir, 'check.pdf');
    const ran = await node([...snapshotNodeOptions(place, blob), '--', join(dir, 'check.html'), '--data', join(dir, 'check.json'), '-o', pdf]);
    if (ran.code !== 0) return `a render from it failed: ${ran.stderr.trim() || `exit ${ran.code}`}`;
    return readFileSync(pdf).subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'a render from it wrote no PDF';
  } catch (error) {
    return `a render from it wrote no PDF: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return true;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
        rmSync(lock, { force: true });
      } catch {
        // Gone meanwhile: try again.
      }
    }
  }
  return false;
}

/** Snapshots of other builds, node versions or flags, their failure markers, and partial files of makers that died. */
function removeOthers(place: SnapshotPlace): void {
  const keep = basename(place.blob);
  for (const name of readdirSync(place.dir)) {
    if (name === keep || !SNAPSHOT_FILE.test(name)) continue;
    const file = join(place.dir, name);
    try {
      if (!name.endsWith('.partial') || Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS) rmSync(file, { force: true });
    } catch {
      // Another maker's, just removed.
    }
  }
}

interface Ran {
  readonly code: number | null;
  readonly stderr: string;
}

function node(args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (error) => resolve({ code: null, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stderr: stderr.split('\n').filter((line) => !/not yet fully verified|It may still work|To request support|trace-warnings/.test(line)).join('\n') }));
  });
}
