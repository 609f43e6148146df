// Child process that renders documents with the native engine, so a crash or endless loop cannot stop the run.
import { writeFile } from 'node:fs/promises';
import { createNativeEngine } from '../../src/engine/index.js';
import { createResourceLoader } from '../../src/resources/index.js';
import type { RenderJob, RenderReply } from './renderer.js';

const engine = createNativeEngine();

process.on('message', (job: RenderJob) => {
  void render(job).then((reply) => process.send?.(reply));
});

async function render(job: RenderJob): Promise<RenderReply> {
  const started = performance.now();
  try {
    const resourceLoader = createResourceLoader({ baseDir: job.baseDir });
    const bytes = await engine.render(job.html, { resourceLoader });
    const ms = performance.now() - started;
    await writeFile(job.outPath, bytes);
    return { ok: true, ms };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { ok: false, ms: performance.now() - started, error: message };
  }
}
