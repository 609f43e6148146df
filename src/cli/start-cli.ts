// What the `pagesmith` executable runs once its compile cache is on.
import { EXIT_FAILED, processIo } from './cli-io.js';
import { runCli } from './run-cli.js';
import { snapshotRequired } from './snapshot/snapshot-location.js';
import { offerSnapshot, renderWithSnapshot } from './snapshot/snapshot-start.js';
import { applyRenderingV8Flags } from './v8-flags.js';

export async function startCli(): Promise<void> {
  const args = process.argv.slice(2);
  const render = args[0] === 'render';
  // `render` starts from its snapshot when there is one (decision 0408).
  const fromSnapshot = render ? await renderWithSnapshot(args.slice(1), process.env) : null;
  if (fromSnapshot !== null) {
    process.exitCode = fromSnapshot;
    return;
  }
  if (render && snapshotRequired(process.env)) {
    process.stderr.write('pagesmith render: PAGESMITH_SNAPSHOT=require, and there is no start-up snapshot to start from: run "pagesmith snapshot"\n');
    process.exitCode = EXIT_FAILED;
    return;
  }
  applyRenderingV8Flags();
  const status = await runCli(args, processIo());
  process.exitCode = status;
  if (render && status === 0 && process.argv[1] !== undefined) offerSnapshot(process.argv[1], process.env);
}
