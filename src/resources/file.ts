// Reads a `file:` URL, but only a regular file that really lies inside the base folder.
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mimeTypeFromPath } from './mime-type.js';
import { loaded, refused, type LoadOutcome } from './outcome.js';

/**
 * Loads `url` (an absolute `file:` URL) when it names a regular file of at most `maxBytes`
 * inside `baseDir`, judged both lexically and after resolving symlinks, so neither `..`
 * (plain or percent-encoded) nor a symlink can reach outside the folder.
 */
export async function loadFile(url: URL, baseDir: string, maxBytes: number): Promise<LoadOutcome> {
  if (url.hostname !== '' && url.hostname !== 'localhost') return refused('file: URL names another host');
  if (url.href.includes('\0') || /%00/i.test(url.href)) return refused('NUL byte in file: URL');
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    // Percent-encoded `/` (or `\`) would let a segment smuggle a separator past the URL parser.
    return refused('file: URL with an encoded path separator');
  }
  const base = resolve(baseDir);
  if (!isInside(base, resolve(path))) return refused('outside the base folder');
  let realBase: string;
  let realTarget: string;
  try {
    realBase = await realpath(base);
    realTarget = await realpath(path);
  } catch {
    return refused('file not found');
  }
  if (!isInside(realBase, realTarget)) return refused('resolves (through a symlink) outside the base folder');
  try {
    const info = await stat(realTarget);
    if (!info.isFile()) return refused(info.isDirectory() ? 'a directory, not a file' : 'not a regular file');
    if (info.size > maxBytes) return refused(`file larger than ${maxBytes} bytes`);
  } catch {
    return refused('file not found');
  }
  return readRegularFile(url.href, realTarget, maxBytes);
}

async function readRegularFile(href: string, path: string, maxBytes: number): Promise<LoadOutcome> {
  // O_NONBLOCK keeps a FIFO swapped in after the stat from blocking the open; O_NOFOLLOW
  // refuses a symlink swapped in for the resolved name. The fstat re-checks what was opened.
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
  let handle;
  try {
    handle = await open(path, flags);
  } catch {
    return refused('file cannot be opened');
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return refused('not a regular file');
    // Read until end of file, stopping one byte past the limit, so a file that grew since the stat is still refused.
    const chunks: Buffer[] = [];
    let length = 0;
    let chunkSize = Math.min(info.size, maxBytes) + 1;
    while (length <= maxBytes) {
      const chunk = Buffer.alloc(Math.min(chunkSize, maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      chunkSize = 64 * 1024;
    }
    if (length > maxBytes) return refused(`file larger than ${maxBytes} bytes`);
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
    return loaded(href, new Uint8Array(bytes.buffer, bytes.byteOffset, length), mimeTypeFromPath(path));
  } catch {
    return refused('file cannot be read');
  } finally {
    await handle.close();
  }
}

function isInside(base: string, target: string): boolean {
  const rel = relative(base, target);
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
