// Copies the line-break dictionaries (src/engine/layout/dictionary/data/) to the package's
// assets/dictionaries/, where the bundled modules read them (decision 0383); run by the build.
import { copyFile, mkdir } from 'node:fs/promises';
import { DICTIONARY_ASSETS_DIR, DICTIONARY_FILES } from './dictionary-files.js';

export async function copyDictionaryFiles(): Promise<void> {
  await mkdir(DICTIONARY_ASSETS_DIR, { recursive: true });
  await Promise.all(DICTIONARY_FILES.map((file) => copyFile(`src/engine/layout/dictionary/data/${file}`, `${DICTIONARY_ASSETS_DIR}/${file}`)));
}
