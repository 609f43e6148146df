// A template thread's script: renders each job's template (and Markdown) and posts back the HTML document, or checks a template.
import { parentPort } from 'node:worker_threads';
import { documentHtml } from './document-html.js';
import { templateDiagnostics } from './template-diagnostics.js';
import { cloneStageError, type FromTemplateThread, type ToTemplateThread } from './template-thread-protocol.js';

const port = parentPort;
if (port) {
  const post = (message: FromTemplateThread): void => port.postMessage(message);
  port.on('message', (message: ToTemplateThread) => {
    if ('ping' in message) {
      post({ pong: message.ping });
      return;
    }
    const { job, limits } = message;
    const onMarkdown = (): void => post({ job, phase: 'markdown' });
    const done =
      message.task === 'check'
        ? templateDiagnostics(message.request, limits, undefined, onMarkdown).then((diagnostics) => post({ job, diagnostics }))
        : documentHtml(message.request, limits, undefined, onMarkdown).then((html) => post({ job, html }));
    done.catch((error: unknown) => post({ job, error: cloneStageError(error) }));
  });
  // The job's clock starts now, not while the thread is still loading.
  post({ ready: true });
}
