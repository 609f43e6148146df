// What keeps the render-thread path as fast as rendering in process: the PDF comes back
// transferred rather than copied, a thread is replaced after its share of documents without a
// render failing, and threads render side by side. Speed itself is measured by `npm run bench`.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { postRendered, type FromThread } from '../../src/engine/worker/protocol.js';
import { createWorkerEngine, type WorkerEngine } from '../../src/engine/worker/worker-engine.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const ports: MessagePort[] = [];
let engine: WorkerEngine | undefined;
afterEach(async () => {
  for (const port of ports.splice(0)) port.close();
  await engine?.close();
  engine = undefined;
});

function received(port: MessagePort): Promise<FromThread> {
  return new Promise((resolve) => port.once('message', resolve));
}

function channel(): MessageChannel {
  const made = new MessageChannel();
  ports.push(made.port1, made.port2);
  return made;
}

describe('postRendered', () => {
  it('transfers the PDF: the render thread is left with a detached buffer, the caller with the bytes', async () => {
    const { port1, port2 } = channel();
    const pdf = new Uint8Array(64 * 1024).fill(7);
    const arriving = received(port2);
    postRendered(port1, 3, pdf, []);
    expect(pdf.buffer.byteLength).toBe(0);
    expect(pdf.byteLength).toBe(0);
    const message = await arriving;
    expect(message).toMatchObject({ type: 'rendered', job: 3 });
    const bytes = (message as Extract<FromThread, { type: 'rendered' }>).pdf;
    expect(bytes.byteLength).toBe(64 * 1024);
    expect(bytes.every((byte) => byte === 7)).toBe(true);
  });

  it("copies a PDF that shares Node's Buffer pool, leaving the pool's other Buffers intact", async () => {
    const { port1, port2 } = channel();
    const neighbour = Buffer.from('a neighbour in the pool');
    const pdf = Buffer.from('%PDF-1.7 small');
    expect(pdf.buffer).toBe(neighbour.buffer);
    const arriving = received(port2);
    postRendered(port1, 4, pdf, [{ code: 'missing_glyphs', message: 'No font has ☃', characters: ['☃'] }]);
    expect(neighbour.toString()).toBe('a neighbour in the pool');
    expect(pdf.toString()).toBe('%PDF-1.7 small');
    const message = (await arriving) as Extract<FromThread, { type: 'rendered' }>;
    expect(Buffer.from(message.pdf).toString()).toBe('%PDF-1.7 small');
    expect(message.warnings).toHaveLength(1);
  });
});

describe('createWorkerEngine threads', () => {
  it('replaces a thread after recycleAfterRenders documents, and the next render still works', async () => {
    engine = createWorkerEngine({ recycleAfterRenders: 2 });
    const texts: string[] = [];
    for (let i = 1; i <= 5; i++) texts.push((await readPdf(await engine.render(`<p>Letter ${i}</p>`))).pages[0]!.text);
    expect(texts).toEqual(['Letter 1', 'Letter 2', 'Letter 3', 'Letter 4', 'Letter 5']);
    const stats = engine.threadStats();
    expect(stats.recycled).toBe(2);
    expect(stats.restarts).toBe(0);
    expect(stats.threads).toBe(1);
  });

  it('never recycles with recycleAfterRenders: 0', async () => {
    engine = createWorkerEngine({ recycleAfterRenders: 0 });
    for (let i = 0; i < 3; i++) await engine.render('<p>Again</p>');
    expect(engine.threadStats().recycled).toBe(0);
  });

  it('renders two documents at once on two threads', async () => {
    engine = createWorkerEngine({ threads: 2 });
    const long = `<table>${Array.from({ length: 400 }, (_, i) => `<tr><td>${i}</td><td>Row ${i}</td></tr>`).join('')}</table>`;
    await Promise.all([engine.ping(), engine.ping()]);
    const both = Promise.all([engine.render(long), engine.render(long)]);
    expect(engine.threadStats()).toMatchObject({ threads: 2, busy: 2, queued: 0 });
    for (const pdf of await both) expect((await readPdf(pdf)).pageCount).toBeGreaterThan(1);
  });
});
