// The Jinja2 comparison suite: real document templates from public projects, rendered by pagesmith and compared byte for byte with what Python's Jinja2 made of them (scripts/jinja-expected.py).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JinjaError, parseJinjaJson, renderJinja } from '../../src/template/jinja/index.js';

const SUITE = join(import.meta.dirname, 'templates');
/** Templates pagesmith does not render as Jinja2 yet, each with the reason; the goal is none. */
const KNOWN_DIFFERENCES = JSON.parse(readFileSync(join(import.meta.dirname, 'known-differences.json'), 'utf8')) as Record<string, string>;

const read = (folder: string, file: string): string => readFileSync(join(SUITE, folder, file), 'utf8');
const folders = readdirSync(SUITE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SUITE, entry.name, 'template.html')))
  .map((entry) => entry.name)
  .sort();

/** What pagesmith makes of a folder: the HTML, or the failure as `Name: message` (expected-error.txt's form). */
function render(folder: string): string {
  try {
    return renderJinja(read(folder, 'template.html'), parseJinjaJson(read(folder, 'data.json')));
  } catch (error) {
    if (error instanceof JinjaError) return `${error.pythonType}: ${error.jinjaMessage}\n`;
    throw error;
  }
}

describe('Jinja2 comparison suite', () => {
  it('has at least 15 templates, each with its source and license, and an expected output from Jinja2', () => {
    expect(folders.length).toBeGreaterThanOrEqual(15);
    for (const folder of folders) {
      const source = read(folder, 'SOURCE.md');
      expect(source, folder).toMatch(/^- License: \S+/m);
      expect(source, folder).toMatch(/^- Commit: [0-9a-f]{40}$/m);
      expect(existsSync(join(SUITE, folder, 'expected.html')) || existsSync(join(SUITE, folder, 'expected-error.txt')), folder).toBe(true);
    }
    for (const name of Object.keys(KNOWN_DIFFERENCES)) expect(folders, `known-differences.json names ${name}`).toContain(name);
  });

  for (const folder of folders) {
    const known = KNOWN_DIFFERENCES[folder];
    const test = known === undefined ? it : it.skip;
    test(`${folder}${known === undefined ? '' : ` (known difference: ${known})`}`, () => {
      const expectedFile = existsSync(join(SUITE, folder, 'expected.html')) ? 'expected.html' : 'expected-error.txt';
      expect(render(folder)).toBe(read(folder, expectedFile));
    });
  }
});
