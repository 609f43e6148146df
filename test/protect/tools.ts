// Test helpers: the independent readers (qpdf, poppler's pdftotext, pdfjs-dist) a protected PDF must satisfy.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdf, type PdfContent } from '../../src/testing/read-pdf.js';

const available = new Map<string, boolean>();

function hasTool(tool: string): boolean {
  let found = available.get(tool);
  if (found === undefined) {
    const result = spawnSync(tool, [tool === 'qpdf' || tool === 'chromium' ? '--version' : '-v'], { stdio: 'ignore' });
    found = result.error === undefined;
    available.set(tool, found);
  }
  return found;
}

/**
 * `describe` when every tool is installed. Without one it skips, except in CI (`CI` set), where the
 * suite runs and fails on the missing tool, as `.ci/run` installs them.
 */
export function describeWithTools(tools: readonly string[], name: string, suite: () => void): void {
  const missing = tools.filter((tool) => !hasTool(tool));
  if (missing.length === 0) {
    describe(name, suite);
  } else if (!process.env.CI) {
    describe.skip(`${name} (needs ${missing.join(', ')})`, suite);
  } else {
    describe(name, () => {
      it(`has ${missing.join(', ')} installed`, () => {
        expect.fail(`${missing.join(', ')} missing on CI; .ci/run installs qpdf, poppler-utils and chromium`);
      });
    });
  }
}

function run(tool: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `use` with the PDF written to a temporary file. */
function withFile<T>(bytes: Uint8Array, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-protect-'));
  try {
    const path = join(dir, 'document.pdf');
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface QpdfReport {
  /** `qpdf --check` exit status: 0 clean, 2 errors, 3 warnings. */
  readonly checkStatus: number | null;
  readonly checkOutput: string;
  /** `qpdf --show-encryption` lines, e.g. "R = 6", "print high resolution: allowed". */
  readonly encryption: readonly string[];
}

export function qpdf(bytes: Uint8Array, password: string): QpdfReport {
  return withFile(bytes, (path) => {
    const check = run('qpdf', ['--check', `--password=${password}`, path]);
    const show = run('qpdf', ['--show-encryption', `--password=${password}`, path]);
    return {
      checkStatus: check.status,
      checkOutput: check.stdout + check.stderr,
      encryption: (show.stdout + show.stderr).split('\n').map((line) => line.trim()).filter(Boolean),
    };
  });
}

/** `pdftotext -upw password file -`; without a password, none is given. */
export function pdftotext(bytes: Uint8Array, password?: string): { status: number | null; text: string; stderr: string } {
  return withFile(bytes, (path) => {
    const result = run('pdftotext', [...(password === undefined ? [] : ['-upw', password]), path, '-']);
    return { status: result.status, text: result.stdout, stderr: result.stderr };
  });
}

/** `pdftotext -raw file -`: the text in the order the page's content draws it, not as laid out. */
export function pdftotextInDrawingOrder(bytes: Uint8Array): string {
  return withFile(bytes, (path) => run('pdftotext', ['-raw', path, '-']).stdout);
}

/** pdfjs-dist's reading, or its PasswordException ("need" without a password, "incorrect" with a wrong one). */
export async function pdfjs(bytes: Uint8Array, password?: string): Promise<PdfContent | { passwordException: 'need' | 'incorrect' }> {
  try {
    return await readPdf(bytes, { password });
  } catch (error) {
    const { name, code } = error as { name?: string; code?: number };
    if (name !== 'PasswordException') throw error;
    return { passwordException: code === 1 ? 'need' : 'incorrect' };
  }
}

export function pdfjsText(content: PdfContent): string {
  return content.pages.map((page) => page.text).join('\n').replace(/\s+/g, ' ').trim();
}

/** Words of text, whitespace-insensitive, for comparing extractions. */
export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
