// `npm run fidelity -- --scores FILE`: the record read by --check and written by --update is FILE,
// and test/fidelity/scores.json (the shared corpus's ratchet) is left alone (decision 0311).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithTools } from '../protect/tools.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SCORER = join(ROOT, '..', 'shared', 'tools', 'fidelity.py');
const SHARED_RECORD = join(ROOT, 'test', 'fidelity', 'scores.json');
const DOCUMENT = join(ROOT, 'test', 'fidelity', 'modern', 'email', 'mailgun-alert');

function fidelity(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, ['scripts/fidelity.ts', ...args], { cwd: ROOT, timeout: 240_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

// The scorer comes with the shared corpus (../shared/tools); CI always has it beside the clone.
function describeWithScorer(tools: readonly string[], name: string, suite: () => void): void {
  if (existsSync(SCORER) || process.env.CI) {
    describeWithTools(tools, name, suite);
    return;
  }
  console.warn(`SKIPPED ${name}: no scorer at ${SCORER} (it comes with the shared corpus beside this repository)`);
  describe.skip(`${name} (needs ../shared/tools/fidelity.py)`, suite);
}

describeWithScorer(['pdftoppm', 'pdftotext'], 'npm run fidelity --scores FILE', () => {
  let dir: string;
  let corpus: string;
  let record: string;
  let sharedBefore: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagesmith-fidelity-scores-'));
    corpus = join(dir, 'corpus');
    record = join(dir, 'record.json');
    await mkdir(join(corpus, 'email', 'mailgun-alert'), { recursive: true });
    for (const file of ['source.html', 'reference.pdf']) await copyFile(join(DOCUMENT, file), join(corpus, 'email', 'mailgun-alert', file));
    sharedBefore = await readFile(SHARED_RECORD, 'utf8');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const common = () => ['--corpus', corpus, '--scores', record, '--pdf-dir', join(dir, 'out')];

  it('--update writes the scores to FILE and leaves scores.json alone', async () => {
    const { code, stdout } = await fidelity([...common(), '--update']);
    expect(code, stdout).toBe(0);
    const written = JSON.parse(await readFile(record, 'utf8')) as Record<string, number>;
    expect(Object.keys(written)).toEqual(['email/mailgun-alert']);
    expect(written['email/mailgun-alert']).toBeGreaterThan(90);
    expect(await readFile(SHARED_RECORD, 'utf8')).toBe(sharedBefore);
  }, 250_000);

  it('--check compares with FILE', async () => {
    await writeFile(record, `${JSON.stringify({ 'email/mailgun-alert': 103 })}\n`);
    const { code, stdout } = await fidelity([...common(), '--check']);
    expect(code).toBe(1);
    expect(stdout).toContain('email/mailgun-alert: 103.0 →');
  }, 250_000);
});
