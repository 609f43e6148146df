// Which corpus documents need WeasyPrint as their reference: those whose HTML or CSS uses
// Generated Content for Paged Media that Chromium does not print (running elements, named
// strings, cross-references, leaders), so Chromium's PDF is no picture of what the author meant.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// In a `content` value, quoted strings are skipped so that `content: "string("` does not count.
const GCPM = /position\s*:\s*running\(|content\s*:(?:[^;}"']|"[^"]*"|'[^']*')*?\b(?:element|string|target-counters?|target-text|leader)\(|string-set\s*:/i;

/** The GCPM features found in a stylesheet or HTML text, or null when it uses none. */
export function gcpmUse(text: string): string | null {
  return GCPM.exec(text)?.[0] ?? null;
}

/** Whether any `.html` or `.css` file directly in `dir` uses GCPM that Chromium ignores. */
export async function needsWeasyPrint(dir: string): Promise<boolean> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:html|css)$/i.test(entry.name)) continue;
    if (gcpmUse(await readFile(join(dir, entry.name), 'utf8')) !== null) return true;
  }
  return false;
}
