// Reading and listing the JSON record files of a folder; a missing file or folder reads as nothing.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Record ids become file names, so only plain ids are accepted: no separators, no dots, no traversal. */
export function isSafeId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,254}$/.test(id);
}

export async function readJsonFile(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Every `*.json` record in `dir`, parsed; files removed while listing are skipped. */
export async function readJsonFiles(dir: string): Promise<unknown[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const records = await Promise.all(names.filter((name) => name.endsWith('.json')).map((name) => readJsonFile(join(dir, name))));
  return records.filter((record) => record !== null);
}

export function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** Oldest first, ties broken by id so listings are stable. */
export function byCreation<T extends { readonly createdAt: Date; readonly id: string }>(a: T, b: T): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
