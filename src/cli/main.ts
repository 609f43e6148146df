#!/usr/bin/env node
// The `pagesmith` executable: runs the command line and exits with its status. The command line's
// modules load after the compile cache is on, so that it can hold them.
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();

void import('./start-cli.js').then(({ startCli }) => startCli());
