import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createChromiumEngine, createDocumentService, createResourceLoader } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { describeWithTools, pdftotext, qpdf } from '../protect/tools.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

describeWithTools(['chromium', 'qpdf', 'pdftotext'], 'the Chromium engine', () => {
  const engine = createChromiumEngine();
  let folder: string;
  let server: Server;
  let hits = 0;
  let serverUrl = '';

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pagesmith-chromium-'));
    writeFileSync(join(folder, 'style.css'), 'p.styled { color: rgb(0, 128, 0) } p.styled::after { content: " (styled)" }');
    writeFileSync(join(folder, 'dot.png'), PNG_1PX);
    server = createServer((_request, response) => {
      hits++;
      response.end('p { display: none }');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/style.css`;
  }, 30_000);

  afterAll(async () => {
    await engine.close();
    await new Promise((done) => server.close(done));
    rmSync(folder, { recursive: true, force: true });
  });

  it('prints A4 with the text of the document', async () => {
    const pdf = await readPdf(await engine.render('<h1>Hello from Chromium</h1><p>Second line</p>'));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0].width).toBeCloseTo(595.92, 0);
    expect(pdf.pages[0].height).toBeCloseTo(842.88, 0);
    expect(pdf.pages[0].text).toContain('Hello from Chromium');
  }, 60_000);

  it("lets the document's @page size win", async () => {
    const pdf = await readPdf(await engine.render('<style>@page { size: A5 landscape }</style><p>A5</p>'));
    expect(pdf.pages[0].width).toBeCloseTo(595.28, 0);
    expect(pdf.pages[0].height).toBeCloseTo(419.53, 0);
  }, 60_000);

  it('never runs scripts', async () => {
    const pdf = await readPdf(await engine.render('<p id="p">static</p><script>document.getElementById("p").textContent = "scripted"</script>'));
    expect(pdf.pages[0].text).toContain('static');
    expect(pdf.pages[0].text).not.toContain('scripted');
  }, 60_000);

  it('reads relative stylesheets and images through the resource loader only', async () => {
    const html = '<link rel="stylesheet" href="style.css"><p class="styled">Linked</p><img src="dot.png" width="20">';
    const inside = await readPdf(await engine.render(html, { resourceLoader: createResourceLoader({ baseDir: folder }) }));
    expect(inside.pages[0].text).toContain('Linked (styled)');
    // Without a loader that allows the folder, the stylesheet is not there.
    const none = await readPdf(await engine.render(html));
    expect(none.pages[0].text).toContain('Linked');
    expect(none.pages[0].text).not.toContain('(styled)');
  }, 60_000);

  it('does not reach the network or local files unless the loader allows it', async () => {
    const html = `<link rel="stylesheet" href="${serverUrl}"><img src="file:///etc/hostname"><p>still visible</p>`;
    const pdf = await readPdf(await engine.render(html, { resourceLoader: createResourceLoader({ baseDir: folder }) }));
    expect(pdf.pages[0].text).toContain('still visible');
    expect(hits).toBe(0);
  }, 60_000);

  it('stops at the page limit', async () => {
    const html = '<p style="break-after: page">1</p><p style="break-after: page">2</p><p>3</p>';
    await expect(engine.render(html, { maxPages: 2 })).rejects.toMatchObject({ name: 'PageLimitError' });
    expect((await readPdf(await engine.render(html, { maxPages: 3 }))).pageCount).toBe(3);
  }, 60_000);

  it('gives password-protected documents through the service, AES-256 revision 6', async () => {
    const service = createDocumentService({ baseUrl: 'https://pdf.example.test', engine });
    const outcome = await service.quickGenerate(
      { html: '<p>Secret {{ what }}</p>', data: { what: 'plans' }, response_type: 'pdf', password: 'open sesame' },
      { accountId: 'acct-chromium' },
    );
    expect(outcome.ok).toBe(true);
    const bytes = outcome.body as Uint8Array;
    const report = qpdf(bytes, 'open sesame');
    expect(report.checkStatus).toBe(0);
    expect(report.encryption).toContain('R = 6');
    expect(report.encryption.join('\n')).toMatch(/AESv3/);
    expect(pdftotext(bytes, 'open sesame').text).toContain('Secret plans');
    expect(pdftotext(bytes).status).not.toBe(0);
  }, 60_000);
});
