// The playground page in Chromium (playwright-core, Debian's chromium) against a real `pagesmith serve`:
// typing changes the placeholders, the missing keys and the pages; a broken placeholder is marked at
// its line; the PDF downloads and reads back; a saved template generates through the API.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readPdf } from '../../src/testing/read-pdf.js';
import type { Served } from '../http/cli-harness.js';
import { ARTIFACTS, browserInstalled, cspViolations, focusedId, KEY, listItems, markedLines, recordCspViolations, servePlayground, TAB_ORDER, tabOrder, templateSelection } from './playground-harness.js';

const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const present = browserInstalled(CHROMIUM, 'test/playground/playground-browser.test.ts', 'chromium', 'CHROMIUM');

let served: Served;
let browser: Browser;
let page: Page;
/** Whether the server has POST /v1/templates/preview (page images); without it the page checks the template alone. */
let previews = false;
const consoleErrors: string[] = [];

describe.skipIf(!present)('the playground in Chromium', () => {
  beforeAll(async () => {
    ({ served, previews } = await servePlayground('test/playground/playground-browser.test.ts'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 1000 } });
    // Any Content-Security-Policy violation of the page's own code is recorded for the last test.
    await context.addInitScript(recordCspViolations);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('is served by default on 127.0.0.1, and starts from the first sample with its placeholders', async () => {
    expect(served.stdout()).toContain(`pagesmith playground on ${served.url}/playground`);
    await page.goto(`${served.url}/playground`);
    await page.getByLabel('API key').fill(KEY);
    await page.getByLabel('API key').press('Tab');
    await expect.poll(() => listText('placeholders'), { timeout: 30_000 }).toContain('invoice.number');
    await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toContain('No problems.');
    if (previews) expect(await page.locator('#pages img').count()).toBeGreaterThan(0);
  }, 60_000);

  it('follows the template and data editors: placeholders, missing keys, problems and pages', async () => {
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    await setEditor('data-editor', '{ "name": "Ada" }');
    await expect.poll(() => listText('missing'), { timeout: 30_000 }).toEqual(['greeting']);
    expect(await listText('placeholders')).toEqual(['name', 'greeting (missing)']);
    expect(await listText('problems')).toEqual(['Line 2, column 7: No value for "greeting"']);
    // Underlined in the editor, on the line of the problem.
    expect(await page.evaluate(markedLines, 'warning')).toEqual([2]);
    // With data missing there is no page to draw, or one with a gap: whichever, the next one differs.
    const before = (await page.locator('#pages img').count()) > 0 ? await page.locator('#pages img').first().getAttribute('src') : null;

    await setEditor('data-editor', '{ "name": "Ada", "greeting": "Welcome to the playground" }');
    await expect.poll(() => listText('missing'), { timeout: 30_000 }).toEqual(['Nothing: every required key has a value.']);
    expect(await listText('problems')).toEqual(['No problems.']);
    expect(await page.evaluate(markedLines, 'warning')).toEqual([]);
    if (previews) {
      await expect.poll(() => page.locator('#pages img').first().getAttribute('src'), { timeout: 30_000 }).not.toBe(before);
      expect(await page.textContent('#page-count')).toBe('1');
      expect(await page.textContent('#render-time')).toMatch(/^\d+ ms$/);
      expect(await page.locator('#pages img').first().getAttribute('alt')).toBe('Page 1 of 1');
    }
  }, 60_000);

  it('marks a broken placeholder at its line and column', async () => {
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>\n<p>{{ name | }}</p>');
    await expect.poll(() => listText('problems'), { timeout: 30_000 }).toEqual([expect.stringMatching(/^Line 3, column \d+: /)]);
    expect(await page.evaluate(markedLines, 'error')).toEqual([3]);
    expect(await page.textContent('#status')).toContain('1 problem in the template.');
    // The problem is a button that selects its construct in the editor, from the keyboard too.
    await page.locator('#problems button').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(templateSelection)).toEqual([true, '{{ name | }}']);
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    await expect.poll(() => listText('problems'), { timeout: 30_000 }).toEqual(['No problems.']);
  }, 60_000);

  it('downloads the PDF, which reads back as the editors say', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('invoice.pdf');
    const pdf = await readPdf(await readFile(await download.path()));
    expect(pdf.pages.map((read) => read.text)).toEqual(['Hello Ada\nWelcome to the playground']);
    await expect.poll(() => page.textContent('#action-status')).toMatch(/^Downloaded invoice\.pdf \(\d+ bytes\)\.$/);
  }, 90_000);

  it('saves the template in a new application, and the API generates from it', async () => {
    await page.getByLabel('New application').fill('Playground tests');
    await page.getByRole('button', { name: 'Create application' }).click();
    await expect.poll(() => page.inputValue('#application'), { timeout: 30_000 }).toMatch(/^app-/);
    await page.getByLabel('Template name').fill('Greeting');
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(() => page.textContent('#saved-template'), { timeout: 30_000 }).toMatch(/^template-/);
    const templateId = (await page.textContent('#saved-template')) as string;
    expect(await page.textContent('#action-status')).toBe(`Saved as template ${templateId}.`);

    const generated = await fetch(`${served.url}/v1/documents/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: templateId, data: { name: 'Grace', greeting: 'Saved from the playground' }, response_type: 'pdf' }),
    });
    expect(generated.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await generated.arrayBuffer()));
    expect(pdf.pages.map((read) => read.text)).toEqual(['Hello Grace\nSaved from the playground']);
  }, 90_000);

  it('keeps the work across a reload: the editors, the language and the key', async () => {
    await page.selectOption('#template-language', 'liquid');
    await setEditor('css-editor', 'h1 { color: #0b3d91; }');
    await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toContain('No problems.');
    await page.reload();
    await expect.poll(() => page.inputValue('#sample'), { timeout: 30_000 }).toBe('draft');
    expect(await page.inputValue('#api-key')).toBe(KEY);
    expect(await page.inputValue('#template-language')).toBe('liquid');
    expect(await page.locator('#template-editor .cm-content').innerText()).toBe('<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    expect(await page.locator('#data-editor .cm-content').innerText()).toBe('{ "name": "Ada", "greeting": "Welcome to the playground" }');
    expect(await page.locator('#css-editor .cm-content').innerText()).toBe('h1 { color: #0b3d91; }');
    await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toContain('No problems.');
    await page.selectOption('#template-language', 'jinja');
  }, 60_000);

  it('is usable from the keyboard: every control in order, editors named, Tab not trapped', async () => {
    await page.getByLabel('API key').focus();
    expect(await tabOrder(() => page.keyboard.press('Tab'), () => page.evaluate(focusedId))).toEqual(TAB_ORDER);
    for (const [editor, name] of [['template-editor', 'Template'], ['data-editor', 'Data (JSON)'], ['css-editor', 'Extra CSS']] as const) {
      await expect.poll(() => page.getByRole('textbox', { name, exact: true }).getAttribute('aria-labelledby')).toBeTruthy();
      expect(await page.locator(`#${editor} .cm-content`).getAttribute('aria-labelledby')).toBe(editor.replace('-editor', '-heading'));
    }
    expect(await page.getAttribute('#status', 'aria-live')).toBe('polite');
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('header').count()).toBe(1);
  }, 60_000);

  it('loads a sample from the menu, renders it, and breaks no rule of its CSP', async () => {
    await page.selectOption('#sample', { label: 'invoice.html' });
    await expect.poll(() => listText('placeholders'), { timeout: 30_000 }).toContain('invoice.number');
    await expect.poll(() => page.textContent('#status'), { timeout: 30_000 }).toContain('No problems.');
    if (previews) await expect.poll(() => page.textContent('#page-count'), { timeout: 30_000 }).toMatch(/^\d+$/);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'playground.png') });
    expect(await page.evaluate(cspViolations)).toEqual([]);
    // Chromium logs each answer of 4xx or 5xx; without page images every preview is a 501 the page copes with.
    const unavailable = 'Failed to load resource: the server responded with a status of 501 (Not Implemented)';
    expect(consoleErrors.filter((message) => previews || message !== unavailable)).toEqual([]);
  }, 60_000);
});

/** Replaces an editor's text as typing would (one input into CodeMirror, not a change behind its back). */
async function setEditor(id: string, text: string): Promise<void> {
  await page.click(`#${id} .cm-content`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

async function listText(id: string): Promise<string[]> {
  return page.evaluate(listItems, id);
}
