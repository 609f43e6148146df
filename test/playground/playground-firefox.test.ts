// The playground page in Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi,
// since playwright-core drives only its own patched Firefox) against a real `pagesmith serve`: typing
// changes the placeholders, the missing keys and the pages; a broken placeholder is marked at its line;
// the PDF downloads and reads back; the work survives a reload.
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { readPdf } from '../../src/testing/read-pdf.js';
import type { Served } from '../http/cli-harness.js';
import { ARTIFACTS, browserInstalled, cspViolations, focusedId, KEY, listItems, markedLines, recordCspViolations, servePlayground, TAB_ORDER, tabOrder, templateSelection } from './playground-harness.js';

const FIREFOX = process.env['FIREFOX'] ?? '/usr/bin/firefox-esr';
const present = browserInstalled(FIREFOX, 'test/playground/playground-firefox.test.ts', 'firefox-esr', 'FIREFOX');

let served: Served;
let previews = false;
let browser: Browser;
let page: Page;
/** Where Firefox saves downloads, without asking. */
let downloads: string;
const consoleErrors: string[] = [];

describe.skipIf(!present)('the playground in Firefox', () => {
  beforeAll(async () => {
    ({ served, previews } = await servePlayground('test/playground/playground-firefox.test.ts'));
    downloads = await mkdtemp(join(tmpdir(), 'pagesmith-firefox-downloads-'));
    const saveWithoutAsking = { 'browser.download.dir': downloads, 'browser.download.folderList': 2, 'browser.download.useDownloadDir': true, 'browser.download.always_ask_before_handling_new_types': false, 'pdfjs.disabled': true };
    browser = await launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, defaultViewport: { width: 1440, height: 1000 }, extraPrefsFirefox: saveWithoutAsking });
    page = await browser.newPage();
    await page.evaluateOnNewDocument(recordCspViolations);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error instanceof Error ? error.message : String(error)));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('runs in Firefox, and starts from the first sample with its placeholders once the key is entered', async () => {
    expect(await browser.version()).toMatch(/^firefox\//);
    await page.goto(`${served.url}/playground`);
    await page.locator('#api-key').fill(KEY);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(listItems, 'placeholders'), { timeout: 30_000 }).toContain('invoice.number');
    await expect.poll(() => statusText(), { timeout: 30_000 }).toContain('No problems.');
    if (previews) expect(await page.$$eval('#pages img', (images) => images.length)).toBeGreaterThan(0);
  }, 60_000);

  it('follows the template and data editors, typed into: placeholders, missing keys, problems and pages', async () => {
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    await setEditor('data-editor', '{ "name": "Ada" }');
    await expect.poll(() => page.evaluate(listItems, 'missing'), { timeout: 30_000 }).toEqual(['greeting']);
    expect(await page.evaluate(listItems, 'placeholders')).toEqual(['name', 'greeting (missing)']);
    expect(await page.evaluate(listItems, 'problems')).toEqual(['Line 2, column 7: No value for "greeting"']);
    expect(await page.evaluate(markedLines, 'warning')).toEqual([2]);
    const before = await firstPageImage();

    // Key by key, as a person types: CodeMirror's bracket closing steps over the quotes it added.
    await clickEditor('data-editor');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(', "greeting": "Welcome to Firefox"');
    await expect.poll(() => page.evaluate(listItems, 'missing'), { timeout: 30_000 }).toEqual(['Nothing: every required key has a value.']);
    expect(await page.$eval('#data-editor .cm-content', (content) => (content as HTMLElement).innerText)).toBe('{ "name": "Ada", "greeting": "Welcome to Firefox" }');
    expect(await page.evaluate(listItems, 'problems')).toEqual(['No problems.']);
    expect(await page.evaluate(markedLines, 'warning')).toEqual([]);
    if (previews) {
      await expect.poll(() => firstPageImage(), { timeout: 30_000 }).not.toBe(before);
      await expect.poll(() => page.$eval('#page-count', (count) => count.textContent), { timeout: 30_000 }).toBe('1');
      expect(await page.$eval('#render-time', (time) => time.textContent)).toMatch(/^\d+ ms$/);
      expect(await page.$eval('#pages img', (image) => [image.getAttribute('alt'), (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0])).toEqual(['Page 1 of 1', true]);
    }
  }, 60_000);

  it('marks a broken placeholder at its line, and its button selects it from the keyboard', async () => {
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>\n<p>{{ name | }}</p>');
    await expect.poll(() => page.evaluate(listItems, 'problems'), { timeout: 30_000 }).toEqual([expect.stringMatching(/^Line 3, column \d+: /)]);
    expect(await page.evaluate(markedLines, 'error')).toEqual([3]);
    expect(await statusText()).toContain('1 problem in the template.');
    await page.focus('#problems button');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(templateSelection)).toEqual([true, '{{ name | }}']);
    await setEditor('template-editor', '<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    await expect.poll(() => page.evaluate(listItems, 'problems'), { timeout: 30_000 }).toEqual(['No problems.']);
    expect(await page.evaluate(markedLines, 'error')).toEqual([]);
  }, 60_000);

  it('downloads the PDF, which reads back as the editors say', async () => {
    await page.click('#download');
    const saved = join(downloads, 'invoice.pdf');
    await expect.poll(() => page.$eval('#action-status', (status) => status.textContent), { timeout: 60_000 }).toMatch(/^Downloaded invoice\.pdf \(\d+ bytes\)\.$/);
    const bytes = Number(/\((\d+) bytes\)/.exec(await page.$eval('#action-status', (status) => status.textContent ?? ''))?.[1]);
    // Firefox may create the file empty and fill it later, or write it under a temporary name first.
    await expect.poll(() => (existsSync(saved) ? statSync(saved).size : -1), { timeout: 30_000 }).toBe(bytes);
    const pdf = await readPdf(await readFile(saved));
    expect(pdf.pages.map((read) => read.text)).toEqual(['Hello Ada\nWelcome to Firefox']);
  }, 90_000);

  it('keeps the work across a reload: the editors and the key', async () => {
    await page.reload();
    await expect.poll(() => page.$eval('#sample', (menu) => (menu as HTMLSelectElement).value), { timeout: 30_000 }).toBe('draft');
    expect(await page.$eval('#api-key', (field) => (field as HTMLInputElement).value)).toBe(KEY);
    expect(await page.$eval('#template-editor .cm-content', (content) => (content as HTMLElement).innerText)).toBe('<h1>Hello {{ name }}</h1>\n<p>{{ greeting }}</p>');
    expect(await page.$eval('#data-editor .cm-content', (content) => (content as HTMLElement).innerText)).toBe('{ "name": "Ada", "greeting": "Welcome to Firefox" }');
    await expect.poll(() => statusText(), { timeout: 30_000 }).toContain('No problems.');
  }, 60_000);

  it('is usable from the keyboard: Tab reaches every control in order, the editors do not trap it', async () => {
    await page.focus('#api-key');
    expect(await tabOrder(() => page.keyboard.press('Tab'), () => page.evaluate(focusedId))).toEqual(TAB_ORDER);
  }, 60_000);

  it('loads a sample from the menu, renders it, and logs no error nor breaks a rule of its CSP', async () => {
    const invoice = await page.$$eval('#sample option', (options) => options.find((option) => option.textContent === 'invoice.html')?.value ?? '');
    await page.select('#sample', invoice);
    await expect.poll(() => page.evaluate(listItems, 'placeholders'), { timeout: 30_000 }).toContain('invoice.number');
    await expect.poll(() => statusText(), { timeout: 30_000 }).toContain('No problems.');
    if (previews) await expect.poll(() => page.$eval('#page-count', (count) => count.textContent), { timeout: 30_000 }).toMatch(/^\d+$/);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'playground-firefox.png') });
    expect(await page.evaluate(cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});

/**
 * Replaces an editor's text: the keys select everything, then the text goes in as one input, as
 * pasting or an input method would (typed key by key, CodeMirror would close the tags as it goes).
 */
async function setEditor(id: string, text: string): Promise<void> {
  await clickEditor(id);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.evaluate((inserted) => document.execCommand('insertText', false, inserted), text);
}

/**
 * Clicks into the editor's visible box: puppeteer clicks an element's centre, which for a long text
 * lies below the editor's scrolled box (there Playwright would scroll the editor).
 */
async function clickEditor(id: string): Promise<void> {
  await page.click(`#${id} .cm-scroller`);
}

async function statusText(): Promise<string | null> {
  return page.$eval('#status', (status) => status.textContent);
}

async function firstPageImage(): Promise<string | null> {
  return page.evaluate(() => document.querySelector('#pages img')?.getAttribute('src') ?? null);
}
