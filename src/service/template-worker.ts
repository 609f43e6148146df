// A template thread's script: renders each job's template (and Markdown) and posts back the HTML document.
import { parentPort } from 'node:worker_threads';
import { documentHtml } from './document-html.js';
import { cloneStageError, type FromTemplateThread, type ToTemplateThread } from './template-thread-protocol.js';

const port = parentPort;
if (port) {
  const post = (message: FromTemplateThread): void => port.postMessage(message);
  port.on('message', ({ job, request, limits }: ToTemplateThread) => {
    documentHtml(request, limits, undefined, () => post({ job, phase: 'markdown' })).then(
      (html) => post({ job, html }),
      (error: unknown) => post({ job, error: cloneStageError(error) }),
    );
  });
  // The job's clock starts now, not while the thread is still loading.
  post({ ready: true });
}
