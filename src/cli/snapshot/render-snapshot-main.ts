// The script a start-up snapshot of `pagesmith render` is made from (decision 0408), bundled with
// its dependencies into dist/render-snapshot.cjs: V8 makes a snapshot from one script. It loads the
// render command and renders a warm-up document, so the modules are evaluated, their functions
// compiled and the faces most documents use parsed when the snapshot is taken; a process started
// from the snapshot then runs `render` with its own arguments.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startupSnapshot } from 'node:v8';
import { EXIT_FAILED, processIo, type CliIo } from '../cli-io.js';
import { renderCommand } from '../render-command.js';
import { applyRenderingV8Flags } from '../v8-flags.js';
import { sayStarted } from './render-from-snapshot.js';

/** Sans, serif and monospace text in the weights and styles documents use most, in flex rows, a table and a list. */
const WARM_UP = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt }
  .row { display: flex; justify-content: space-between; border-bottom: 1px solid #ccc }
  table { width: 100%; border-collapse: collapse } td, th { padding: 2pt 4pt; border: 1px solid #ddd; text-align: left }
</style></head><body>
  <div class="row"><h1>Invoice 2024-0042</h1><p>Due <b>1 March</b>, <i>net 30</i>, <b><i>paid</i></b></p></div>
  <table><tr><th>Item</th><th>Amount</th></tr><tr><td>Consulting &mdash; &ldquo;design&rdquo;</td><td>&euro; 1,180.00</td></tr></table>
  <p style="font-family: 'Times New Roman', serif">Serif <b>bold</b> <i>italic</i> <b><i>both</i></b></p>
  <p style="font-family: 'Courier New', monospace">mono <b>bold</b></p>
  <ul><li>One</li><li>Two</li></ul>
</body></html>`;

async function warmUp(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-snapshot-'));
  try {
    writeFileSync(join(dir, 'warm-up.html'), WARM_UP);
    let said = '';
    const quiet = { write: (text: string) => ((said += text), true) } as unknown as NodeJS.WritableStream;
    const io: CliIo = { ...processIo(), stdout: quiet, stderr: quiet, cwd: dir };
    const status = await renderCommand(['warm-up.html', '-o', 'warm-up.pdf'], io);
    if (status !== 0) throw new Error(`the warm-up render failed: ${said.trim()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (startupSnapshot.isBuildingSnapshot()) {
  warmUp().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT_FAILED;
  });
  startupSnapshot.setDeserializeMainFunction(() => {
    sayStarted();
    applyRenderingV8Flags();
    // Started as `node --snapshot-blob <file> -- <render's arguments>`: they follow the executable.
    void renderCommand(process.argv.slice(1), processIo()).then((status) => {
      process.exitCode = status;
    });
  });
}
