// `npm run references:examples`: prints the shipped examples with Chromium (../shared/tools/reference-pdf.mjs,
// Liberation and DejaVu only, as the shared corpus was printed) into test/fidelity/references/examples/,
// for the text-layer round trip (test/fidelity/text-layer.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleDocuments } from './text-layer/examples.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = resolve(REPO, '..', 'shared', 'tools');
const scratch = mkdtempSync(join(tmpdir(), 'pagesmith-example-references-'));
try {
  const args: string[] = [];
  for (const document of await exampleDocuments()) {
    const html = join(scratch, `${document.id.replace('/', '-')}.html`);
    writeFileSync(html, document.html);
    const out = join(REPO, 'test', 'fidelity', 'references', document.id, 'reference.pdf');
    mkdirSync(dirname(out), { recursive: true });
    args.push(html, out);
  }
  const result = spawnSync('node', [join(TOOLS, 'reference-pdf.mjs'), ...args], {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, FONTCONFIG_FILE: join(TOOLS, 'fonts-latin.conf') },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
