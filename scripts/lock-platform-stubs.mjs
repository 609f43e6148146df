// Adds lock entries for rollup's platform packages that the registry this project is developed
// against does not serve (404). Without them `npm ci` reports the lock out of sync; with them npm
// sees each entry, finds its os/cpu foreign to the machine and skips it, as on any registry.
//   node scripts/lock-platform-stubs.mjs   (after `npm install` rewrote package-lock.json)
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const rollup = lock.packages['node_modules/rollup'];
const CPU = { arm: 'arm', 'arm-eabi': 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };
let added = 0;
for (const [name, version] of Object.entries(rollup?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const m = /^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+(?:-eabi)?)(?:-(gnu|musl|msvc|gnueabihf|musleabihf))?$/.exec(name);
  if (!m) continue;
  const [, os, arch, abi] = m;
  const entry = { version, cpu: [CPU[arch] ?? arch], dev: true, license: 'MIT', optional: true, os: [os === 'win32' ? 'win32' : os] };
  if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
  if (abi === 'musl' || abi === 'musleabihf') entry.libc = ['musl'];
  lock.packages[key] = entry;
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: ${added} entries added`);
