// What the playground's browser tests share, whichever browser drives the page: the served
// playground, the key, where screenshots go, and the functions run inside the page to read it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serve, type Served } from '../http/cli-harness.js';

export const KEY = 'sk_test_playground_0123456789';
/** Where the screenshots go (gitignored); docs/playground.png is a copy of the Chromium one. */
export const ARTIFACTS = join(ROOT, 'test-results');

/** Whether the browser is installed; missing, the file is SKIPPED, except on CI where .ci/run installs it. */
export function browserInstalled(executable: string, testFile: string, debianPackage: string, variable: string): boolean {
  if (existsSync(executable)) return true;
  if (process.env['CI']) throw new Error(`${executable} is missing on CI; .ci/run installs ${debianPackage}`);
  console.warn(`${testFile}: SKIPPED: no ${debianPackage} at ${executable} (apt-get install ${debianPackage}, or set ${variable})`);
  return false;
}

export interface ServedPlayground {
  readonly served: Served;
  /** Whether the server has POST /v1/templates/preview (page images); without it the page checks the template alone. */
  readonly previews: boolean;
}

/** A real `pagesmith serve` with the playground on and one API key. */
export async function servePlayground(testFile: string): Promise<ServedPlayground> {
  // Rendering on a render thread, as serve does by default (one, to spare the machine's cores).
  const served = await serve(['--threads', '1'], { PAGESMITH_API_KEYS: `${KEY}:acct-playground` });
  const probe = await fetch(`${served.url}/v1/templates/preview`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: '{"html":"<p>x</p>","data":{}}' });
  const previews = probe.status === 200;
  // With the raster peer installed (CI installs the devDependencies) the pages must be drawn.
  if (!previews && process.env['CI'] && existsSync(join(ROOT, 'node_modules/@napi-rs/canvas/package.json'))) throw new Error(`POST /v1/templates/preview answers ${probe.status} with @napi-rs/canvas installed`);
  if (!previews) console.warn(`${testFile}: PENDING: POST /v1/templates/preview answers ${probe.status} (${((await probe.json()) as { message?: string }).message}); page images not checked`);
  return { served, previews };
}

/** The page's controls in the order Tab reaches them from the API key, each by its id (an editor's is its box's). */
export const TAB_ORDER = ['sample', 'content-type', 'template-language', 'template-editor', 'data-editor', 'css-editor', 'download', 'application', 'refresh-applications', 'new-application', 'create-application', 'template-name', 'save'];

/** Presses Tab (focus on the API key) until the last control has the focus: the controls of TAB_ORDER as reached. */
export async function tabOrder(pressTab: () => Promise<void>, focused: () => Promise<string>): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < 40 && !order.includes('save'); i++) {
    await pressTab();
    order.push(await focused());
  }
  return order.filter((id) => TAB_ORDER.includes(id));
}

// The functions below run inside the page (passed to the driver's evaluate or init script): each
// must stand alone, reading nothing from this module.

/** Before the page's scripts: every Content-Security-Policy violation is kept in `window.cspViolations`. */
export function recordCspViolations(): void {
  const seen: string[] = [];
  Object.assign(window, { cspViolations: seen });
  document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
}

export function cspViolations(): string[] {
  return (window as unknown as { cspViolations: string[] }).cspViolations;
}

/** The text of each item of the list with this id. */
export function listItems(id: string): string[] {
  return Array.from(document.querySelectorAll(`#${id} li`)).map((item) => item.textContent ?? '');
}

/** The 1-based lines of the template editor holding an underline of this severity ('error' or 'warning'). */
export function markedLines(severity: string): number[] {
  const lines = Array.from(document.querySelectorAll('#template-editor .cm-line'));
  const marked = Array.from(document.querySelectorAll(`#template-editor .cm-lintRange-${severity}`)).map((range) => lines.indexOf(range.closest('.cm-line') as Element) + 1);
  return [...new Set(marked)];
}

/** The id of the focused element, or of the nearest element around it that has one. */
export function focusedId(): string {
  return document.activeElement?.id || (document.activeElement?.closest('[id]')?.id ?? '');
}

/** Whether the focus is in the template editor, and the text selected there. */
export function templateSelection(): [boolean, string | undefined] {
  return [document.activeElement?.closest('#template-editor') !== null, window.getSelection()?.toString()];
}
