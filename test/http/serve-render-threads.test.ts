// `pagesmith serve --threads 2` renders two documents at once, one on each render thread: the
// metrics show both busy while two long documents are in flight, and both come back whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { serve, type Served } from './cli-harness.js';
import { ALICE_KEY } from './harness.js';
import { scrapeMetrics } from './scrape-metrics.js';

/** Enough table rows to keep a render thread busy while the metrics are read. */
const LONG_TABLE = `<table>${Array.from({ length: 600 }, (_, i) => `<tr><td>${i + 1}</td><td>Line ${i + 1}</td><td>${(i * 7) % 100}.00</td></tr>`).join('')}</table>`;

let served: Served;
beforeAll(async () => {
  served = await serve(['--threads', '2'], { PAGESMITH_API_KEYS: `${ALICE_KEY}:acct-alice` });
});
afterAll(async () => {
  await served?.stop();
});

function generate(title: string): Promise<Response> {
  return fetch(`${served.url}/v1/documents/quick/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ html: `<h1>${title}</h1>${LONG_TABLE}`, data: {}, response_type: 'pdf' }),
  });
}

describe('pagesmith serve --threads 2', () => {
  it('renders two documents at once, one on each render thread', { timeout: 120_000 }, async () => {
    // Both threads started and warm, so the two documents below start together.
    for (const warm of await Promise.all([generate('Warm A'), generate('Warm B')])) expect(warm.status).toBe(200);
    const answers = Promise.all([generate('First'), generate('Second')]);
    let mostBusy = 0;
    let settled = false;
    void answers.finally(() => (settled = true));
    while (!settled && mostBusy < 2) {
      mostBusy = Math.max(mostBusy, (await scrapeMetrics(served.url)).value('pagesmith_render_threads', { state: 'busy' }));
    }
    expect(mostBusy).toBe(2);
    const [first, second] = await answers;
    for (const [answer, title] of [[first, 'First'], [second, 'Second']] as const) {
      expect(answer!.status).toBe(200);
      const pdf = await readPdf(new Uint8Array(await answer!.arrayBuffer()));
      expect(pdf.pages[0]!.text).toContain(title);
      expect(pdf.pages.at(-1)!.text).toContain('Line 600');
    }
    const after = await scrapeMetrics(served.url);
    expect(after.value('pagesmith_render_threads', { state: 'idle' })).toBe(2);
    expect(after.value('pagesmith_render_thread_restarts_total')).toBe(0);
  });
});
