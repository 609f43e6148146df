// lockFolder: one holder per folder, its pid in the lock file; a dead holder's lock is taken over, a live one's refused.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError } from './data-folder-in-use-error.js';
import { LOCK_FILE, lockFolder } from './folder-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('lockFolder', () => {
  it('writes the owner’s pid and host, and removes the file on release', async () => {
    const lock = await lockFolder(dir);
    const content = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'));
    expect(content).toMatchObject({ pid: process.pid, hostname: hostname() });
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
    await lock.release();
  });

  it('refuses a second lock while the first is held, naming its pid and the coming database store', async () => {
    const lock = await lockFolder(dir);
    const refused = await lockFolder(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as DataFolderInUseError).holder.pid).toBe(process.pid);
    expect((refused as Error).message).toContain(`pid ${process.pid}`);
    expect((refused as Error).message).toContain('PostgreSQL');
    await lock.release();
    await (await lockFolder(dir)).release();
  });

  it('refuses a lock held by another live process', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, hostname: hostname(), since: '2026-01-01T00:00:00.000Z', token: 't' }));
    await expect(lockFolder(dir)).rejects.toThrow(`pid ${process.ppid}`);
  });

  it('takes over the lock of a process that is gone, and of an unreadable lock file', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), hostname: hostname(), since: '2026-01-01T00:00:00.000Z', token: 't' }));
    const lock = await lockFolder(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();

    await writeFile(join(dir, LOCK_FILE), '');
    await (await lockFolder(dir)).release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('lets exactly one of several concurrent takers of a stale lock have it', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), hostname: hostname(), since: '2026-01-01T00:00:00.000Z', token: 't' }));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockFolder(dir)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataFolderInUseError);
      else await result.value.release();
    }
  });

  it('counts a lock written on another host as held', async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), hostname: `not-${hostname()}`, since: '2026-01-01T00:00:00.000Z', token: 't' }));
    await expect(lockFolder(dir)).rejects.toThrow(DataFolderInUseError);
  });
});
