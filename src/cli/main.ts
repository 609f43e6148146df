#!/usr/bin/env node
// The `pagesmith` executable: runs the command line and exits with its status.
import { processIo } from './cli-io.js';
import { runCli } from './run-cli.js';
import { applyRenderingV8Flags } from './v8-flags.js';

applyRenderingV8Flags();

void runCli(process.argv.slice(2), processIo()).then((status) => {
  process.exitCode = status;
});
