// examples/page-images.ts, the README's page images snippet, run as a user runs it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { decodeImage } from '../../src/testing/image-agreement.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

it('examples/page-images.ts writes page-1.png at 192 dpi', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pagesmith-page-images-'));
  try {
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const { stdout } = await promisify(execFile)(tsx, ['--tsconfig', join(ROOT, 'tsconfig.json'), join(ROOT, 'examples', 'page-images.ts')], { cwd: dir });
    expect(stdout).toContain('1 of 1 page(s): page-1.png (1590×2248)');
    const image = await decodeImage(await readFile(join(dir, 'page-1.png')));
    expect([image.width, image.height]).toEqual([1590, 2248]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
