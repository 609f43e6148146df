// The word dictionaries of Chromium's ICU that Lao and Khmer lines break with (decision 0383):
// src/engine/layout/dictionary/data/ in the sources, copied to the package's assets/dictionaries/
// by the build, and read on the first Lao or Khmer text.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DICTIONARY_FILES = ['laodict.dict', 'khmerdict.dict'] as const;
export type DictionaryFile = (typeof DICTIONARY_FILES)[number];

/** Where the build puts them, relative to the package root. */
export const DICTIONARY_ASSETS_DIR = 'assets/dictionaries';

export function readDictionaryFile(file: DictionaryFile): Uint8Array {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  const here: string = import.meta.url ?? pathToFileURL(__filename).href;
  // From the TypeScript sources (tsx, vitest) the files sit beside this module; bundled, this
  // module is a file of dist/, beside assets/ in the package root.
  const location = here.endsWith('.ts') ? new URL(`./data/${file}`, here) : new URL(`../${DICTIONARY_ASSETS_DIR}/${file}`, here);
  return readFileSync(location);
}
