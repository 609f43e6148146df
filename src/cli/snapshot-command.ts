// `pagesmith snapshot`: makes, shows or removes the start-up snapshot `pagesmith render` starts from (decision 0408).
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { SNAPSHOT_HELP } from './help.js';
import { parseCommandLine } from './parse-command-line.js';
import { makeSnapshot } from './snapshot/make-snapshot.js';
import { SNAPSHOT_FILE, snapshotDir, snapshotReady, snapshotsEnabled } from './snapshot/snapshot-location.js';
import { renderSnapshotPlace } from './snapshot/snapshot-start.js';

const OPTIONS = {
  status: { type: 'boolean' },
  remove: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function snapshotCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(SNAPSHOT_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) return usage(io, `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.status && values.remove) return usage(io, '--status and --remove are two commands: give one');
  const say = (text: string): void => void (values.quiet || io.stdout.write(`${text}\n`));

  if (values.remove) {
    const dir = snapshotDir(io.env);
    let removed = 0;
    if (dir !== null) {
      for (const name of listSnapshots(dir)) {
        rmSync(join(dir, name), { force: true });
        if (name.endsWith('.blob')) removed++;
      }
    }
    say(`removed ${removed} snapshot${removed === 1 ? '' : 's'}${dir === null ? '' : ` from ${dir}`}`);
    return EXIT_OK;
  }

  if (!snapshotsEnabled(io.env)) return failed(io, 'snapshots are off (PAGESMITH_SNAPSHOT is set to turn them off)');
  const place = renderSnapshotPlace(io.env);
  if (place === null) return failed(io, 'no snapshot can be made here: the CLI runs from its sources (dist/render-snapshot.cjs is built by `npm run build`), or there is no home or cache folder (set PAGESMITH_SNAPSHOT_DIR)');
  if (values.status) {
    const ready = snapshotReady(place.blob);
    say(ready ? `ready: ${place.blob} (${megabytes(statSync(place.blob).size)})` : `none: pagesmith render starts without one; "pagesmith snapshot" makes ${place.blob}`);
    return ready ? EXIT_OK : EXIT_FAILED;
  }
  if (snapshotReady(place.blob)) {
    say(`ready: ${place.blob} (${megabytes(statSync(place.blob).size)})`);
    return EXIT_OK;
  }
  const made = await makeSnapshot(place);
  if (!made.made) return failed(io, `could not make the snapshot: ${made.problem}`);
  say(`made ${place.blob} (${megabytes(made.bytes)}): pagesmith render starts from it`);
  return EXIT_OK;
}

function listSnapshots(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => SNAPSHOT_FILE.test(name));
  } catch {
    return [];
  }
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith snapshot: ${problem}\nRun "pagesmith snapshot --help" for usage.\n`);
  return EXIT_USAGE;
}

function failed(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith snapshot: ${problem}\n`);
  return EXIT_FAILED;
}
