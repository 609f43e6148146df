// What the `pagesmith` executable runs once its compile cache is on.
import { processIo } from './cli-io.js';
import { runCli } from './run-cli.js';
import { applyRenderingV8Flags } from './v8-flags.js';

export function startCli(): void {
  applyRenderingV8Flags();
  void runCli(process.argv.slice(2), processIo()).then((status) => {
    process.exitCode = status;
  });
}
