// `npm run fidelity` where the shared corpus is not: one line naming what is missing and where it looked, exit code 2.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function fidelity(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, ['scripts/fidelity.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('npm run fidelity without the corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagesmith-fidelity-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says in one line that the corpus is missing and where it looked, and exits 2', async () => {
    const corpus = join(dir, 'shared', 'corpus');
    const { code, stdout, stderr } = await fidelity(['--corpus', corpus]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `fidelity: the print corpus is missing: no folder ${corpus} (put the shared corpus at ../shared/corpus beside this repository, or pass --corpus DIR)\n`,
    );
  });
});
