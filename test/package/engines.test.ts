// The Node versions package.json promises against every package the lock file installs, so no install warns EBADENGINE.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] }>;
};

/** The Node lines this repository is developed and tested on: the long-term-support releases pagesmith supports. */
const DEVELOPED_ON = '^20.19.0 || ^22.12.0 || >=24.0.0';

const withEngines = Object.entries(lock.packages).flatMap(([path, entry]) => {
  const node = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
  return path !== '' && node ? [{ path, node, dev: entry.dev === true, optional: entry.optional === true }] : [];
});

describe('engines', () => {
  it('promises only Node versions every runtime dependency supports', () => {
    const runtime = withEngines.filter((entry) => !entry.dev);
    expect(runtime.length).toBeGreaterThan(0);
    const narrower = runtime.filter((entry) => !semver.subset(manifest.engines.node, entry.node)).map((entry) => `${entry.path}: ${entry.node}`);
    expect(narrower, `package.json engines "${manifest.engines.node}" allows Node versions these do not`).toEqual([]);
  });

  it('installs no development dependency that refuses a Node release the repository is developed on', () => {
    expect(semver.subset(DEVELOPED_ON, manifest.engines.node)).toBe(true);
    // Optional packages npm skipped here are other platforms' binaries (a wasm32 build, say), installed on none of these.
    const installed = withEngines.filter((entry) => !entry.optional || existsSync(join(ROOT, entry.path)));
    const refusing = installed.filter((entry) => !semver.subset(DEVELOPED_ON, entry.node)).map((entry) => `${entry.path}: ${entry.node}`);
    expect(refusing, 'pin or override these (package.json "overrides") to versions that support Node 20').toEqual([]);
  });
});
