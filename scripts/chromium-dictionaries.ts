// `npx tsx scripts/chromium-dictionaries.ts [icudtl.dat]`: copies the Lao and Khmer word dictionaries
// of the ICU data Chromium ships (Debian's chromium package, /usr/lib/chromium/icudtl.dat) into
// src/engine/layout/dictionary/data/, as ICU's own `brkitr/*.dict` files. Chromium's are smaller
// than the ones Node's ICU carries, and lines of Lao and Khmer break at their words (decision
// 0383); Thai's and Burmese's are the same in both. ICU data: Copyright © 2016 and later Unicode,
// Inc., Unicode License v3 (https://www.unicode.org/license.txt), with the dictionaries' own terms
// in ICU's LICENSE file; Chromium's changes: Copyright The Chromium Authors, BSD-3-Clause.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DICTIONARY_FILES } from '../src/engine/layout/dictionary/dictionary-files.js';

const SOURCE = process.argv[2] ?? '/usr/lib/chromium/icudtl.dat';
const OUT = new URL('../src/engine/layout/dictionary/data/', import.meta.url);

/** The entries of an ICU common data file (a header, then a table of contents of name and data offsets), each with its bytes. */
function entries(data: Buffer): Map<string, Buffer> {
  const toc = data.readUInt16LE(0);
  const count = data.readUInt32LE(toc);
  const starts: { name: string; start: number }[] = [];
  for (let i = 0; i < count; i++) {
    const nameStart = toc + data.readUInt32LE(toc + 4 + 8 * i);
    starts.push({ name: data.toString('latin1', nameStart, data.indexOf(0, nameStart)), start: toc + data.readUInt32LE(toc + 8 + 8 * i) });
  }
  const byStart = [...starts].sort((a, b) => a.start - b.start);
  const out = new Map<string, Buffer>();
  byStart.forEach(({ name, start }, i) => out.set(name, data.subarray(start, byStart[i + 1]?.start ?? data.length)));
  return out;
}

const all = entries(readFileSync(SOURCE));
for (const file of DICTIONARY_FILES) {
  const name = [...all.keys()].find((key) => key.endsWith(`/brkitr/${file}`));
  if (name === undefined) throw new Error(`${SOURCE} has no brkitr/${file}`);
  const target = fileURLToPath(new URL(file, OUT));
  writeFileSync(target, all.get(name)!);
  console.log(`${name} -> ${target}`);
}
