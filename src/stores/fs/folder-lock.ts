// lockFolder: one process per data folder, through a lock file naming its owner's pid; a dead owner's lock is taken over.
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { DataFolderInUseError, type FolderHolder } from './data-folder-in-use-error.js';
import { isMissing } from './json-files.js';

export const LOCK_FILE = 'pagesmith.lock';

export interface FolderLock {
  readonly path: string;
  /** Removes the lock file if it is still this lock's. Idempotent. */
  release(): Promise<void>;
}

interface LockContent extends FolderHolder {
  /** Tells this lock from a later one of the same pid. */
  readonly token: string;
}

/** Lock files this process holds, so a second lock on one folder in one process is refused too. */
const held = new Set<string>();

/**
 * Takes the folder's lock, or throws DataFolderInUseError naming the live process that holds it.
 * A lock whose process is gone (killed, crashed) is taken over. Liveness is checked with the pid on
 * this host only: a lock written on another host (a shared network folder) always counts as held.
 */
export async function lockFolder(dir: string): Promise<FolderLock> {
  await mkdir(dir, { recursive: true });
  const path = join(resolve(dir), LOCK_FILE);
  const mine: LockContent = { pid: process.pid, hostname: hostname(), since: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (await create(path, mine)) return { path, release: () => release(path, mine.token) };
    const holder = await readLock(path);
    if (holder === undefined) continue; // Released meanwhile: try again.
    if (holder !== null && isAlive(path, holder)) throw new DataFolderInUseError(dir, path, holder);
    // Stale (or unreadable): move it aside, so that of several processes taking it over, one does.
    const aside = `${path}.${randomUUID()}.stale`;
    try {
      await rename(path, aside);
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    const moved = await readLock(aside);
    if (moved && holder && moved.token !== holder.token && isAlive(path, moved)) {
      // Another process took the stale lock over between our read and our move: give its lock back.
      await link(aside, path).catch(() => undefined);
      await rm(aside, { force: true });
      throw new DataFolderInUseError(dir, path, moved);
    }
    await rm(aside, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: it kept changing hands. Is another pagesmith starting on the same folder?`);
}

/**
 * Creates the lock file with its content in one step (a hard link of a finished file), or false
 * when one exists. The lock counts as held by this process from the moment the link is made: a
 * concurrent taker in this process that reads it before the temporary file is gone must see it live.
 */
async function create(path: string, content: LockContent): Promise<boolean> {
  const temporary = `${path}.${content.token}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content)}\n`, { flag: 'wx' });
  try {
    await link(temporary, path);
    held.add(path);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The lock's content; undefined when there is no lock file, null when it cannot be read as one. */
async function readLock(path: string): Promise<LockContent | null | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const content = JSON.parse(text) as Partial<LockContent>;
    if (typeof content.pid !== 'number' || typeof content.hostname !== 'string' || typeof content.token !== 'string') return null;
    return { pid: content.pid, hostname: content.hostname, since: String(content.since), token: content.token };
  } catch {
    return null;
  }
}

function isAlive(path: string, holder: LockContent): boolean {
  if (holder.hostname !== hostname()) return true;
  // Our own pid: held by us, or left by an earlier process that had the same pid (a restarted container's pid 1).
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

async function release(path: string, token: string): Promise<void> {
  if (!held.has(path)) return;
  held.delete(path);
  const current = await readLock(path);
  if (current && current.token === token) await rm(path, { force: true });
}
