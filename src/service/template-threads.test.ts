// The template stage on template threads: the same HTML and errors as in process, and hard stops the budget cannot give.
import { describe, expect, it } from 'vitest';
import { DocumentCreationError, TemplateEngineError, TemplateLimitError } from '../errors/index.js';
import { documentHtml, type TemplateJob } from './document-html.js';
import { DEFAULT_LIMITS } from './limits.js';
import { templateDiagnostics, type CheckJob } from './template-diagnostics.js';
import { TEMPLATE_GRACE_MS, templateStage, type TemplateRenderOptions } from './template-threads.js';

const LIMITS = DEFAULT_LIMITS;
const job = (content: string, extra: Partial<TemplateJob> = {}): TemplateJob => ({ content, contentType: 'html', language: 'liquid', extraCss: null, data: {}, ...extra });
/** Options for a job that starts at once and is not aborted. */
const signal = (): TemplateRenderOptions => ({ onStart: () => new AbortController().signal });

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('template threads', () => {
  const stage = templateStage(2, 256);

  it('give the HTML the in-process stage gives, for HTML and Markdown', async () => {
    await stage.ready();
    for (const request of [
      job('<h1>{{ title }}</h1>{% for x in xs %}<p>{{ x }}</p>{% endfor %}', { data: { title: 'T', xs: [1, 2] }, extraCss: 'p{}' }),
      job('# {{ title }}\n\n| a | b |\n|---|---|\n| {{ x }} | 2 |', { contentType: 'markdown', data: { title: 'T', x: '*' }, extraCss: 'h1{}' }),
    ]) {
      expect(await stage.render(request, LIMITS, signal())).toBe(await documentHtml(request, LIMITS));
    }
  });

  it('render jobs side by side', async () => {
    const requests = Array.from({ length: 6 }, (_, index) => job('<p>{{ n }}</p>', { data: { n: index } }));
    expect(await Promise.all(requests.map((request) => stage.render(request, LIMITS, signal())))).toEqual(requests.map((_, index) => `<p>${index}</p>`));
  });

  it('start a job’s clock when its template starts, not while it waits for a thread', async () => {
    const single = templateStage(1, 256);
    await single.ready();
    const slow = single.render(job('{% for i in (1..3000000) %}{% endfor %}'), { ...LIMITS, templateIterations: 1e9, templateMemory: 1e9 }, signal());
    let started = false;
    const waiting = new AbortController();
    const reason = new DocumentCreationError({ detail: 'the caller went away' });
    const queued = single.render(job('queued'), LIMITS, { signal: waiting.signal, onStart: () => ((started = true), new AbortController().signal) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    waiting.abort(reason);
    await expect(queued).rejects.toBe(reason);
    expect(started).toBe(false);
    expect(await slow).toBe('');
    expect(await single.render(job('next'), LIMITS, { onStart: () => ((started = true), new AbortController().signal) })).toBe('next');
    expect(started).toBe(true);
  }, 30_000);

  it('send back template errors with their class, position and detail', async () => {
    const missing = await failure(stage.render(job('<p>\n  {{ customer.email }}</p>', { data: { customer: {} } }), LIMITS, signal()));
    expect(missing).toBeInstanceOf(TemplateEngineError);
    expect(missing).not.toBeInstanceOf(TemplateLimitError);
    expect(missing).toMatchObject({ message: 'Template engine error!', line: 2, column: 6 });
    expect((missing as TemplateEngineError).detail).toContain('customer.email');

    const tooLong = await failure(stage.render(job('{% for i in (1..100000) %}<p>x</p>{% endfor %}'), { ...LIMITS, templateOutputChars: 1000 }, signal()));
    expect(tooLong).toBeInstanceOf(TemplateLimitError);
    expect(tooLong).toMatchObject({ limit: 'output', maximum: 1000, line: 1, column: 27 });
  });

  it('end a thread whose Markdown conversion runs too long, and take the next job on a new one', async () => {
    // Quadratic in micromark: each closing `*` looks back over every opener before it.
    const stars = job('{{ s | raw }}', { contentType: 'markdown', data: { s: '*a'.repeat(40_000) } });
    const error = await failure(stage.render(stars, { ...LIMITS, markdownTimeoutMs: 200 }, signal()));
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error).toMatchObject({ limit: 'markdownTime', maximum: 200, message: 'Template engine error!' });
    expect(await stage.render(job('after'), LIMITS, signal())).toBe('after');
  }, 30_000);

  it('end a thread whose template step outlasts the time limit by the grace second', async () => {
    // Parsing is one uninterrupted step: 2 MB of placeholders takes seconds.
    const error = await failure(stage.render(job('{{a}}'.repeat(400_000), { data: { a: 1 } }), { ...LIMITS, templateTags: 1e6, templateTimeoutMs: 50 }, signal()));
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error).toMatchObject({ limit: 'time', maximum: 50 });
    expect((error as TemplateLimitError).detail).toContain(`still rendering ${TEMPLATE_GRACE_MS} ms past its 50 ms limit; its thread was ended`);
  }, 30_000);

  it('end a thread that runs out of heap', async () => {
    const small = templateStage(1, 64);
    await small.ready();
    const table = `| a | b | c |\n|---|---|---|\n${'| one | two | three |\n'.repeat(200_000)}`;
    const error = await failure(small.render(job('{{ s | raw }}', { contentType: 'markdown', data: { s: table } }), { ...LIMITS, templateHeapMb: 64 }, signal()));
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error).toMatchObject({ limit: 'heap', maximum: 64 });
    expect(await small.render(job('{{ 1 | plus: 1 }}'), LIMITS, signal())).toBe('2');
  }, 60_000);

  it('stop at once when the signal aborts, with its reason', async () => {
    const controller = new AbortController();
    const reason = new DocumentCreationError({ detail: 'deadline' });
    const rendering = stage.render(job('{{a}}'.repeat(400_000), { data: { a: 1 } }), { ...LIMITS, templateTags: 1e6 }, { onStart: () => controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(rendering).rejects.toBe(reason);
    await expect(stage.render(job('x'), LIMITS, { signal: controller.signal, onStart: () => new AbortController().signal })).rejects.toBe(reason);
    await expect(stage.render(job('x'), LIMITS, { onStart: () => controller.signal })).rejects.toBe(reason);
    expect(await stage.render(job('still here'), LIMITS, signal())).toBe('still here');
  }, 30_000);
});

describe('template checks on template threads', () => {
  const stage = templateStage(2, 256);
  const checkJob = (content: string, data: Record<string, unknown> | null = {}): CheckJob => ({ content, contentType: 'html', language: 'liquid', data });

  it('give the diagnostics the in-process check gives', async () => {
    for (const request of [
      checkJob('<p>{{ a | nope }}</p>'),
      checkJob('<h1>{{ customer.name }}</h1>\n{{ total }}', { customer: {} }),
      checkJob('{% for i in items %}{{ i.price }}{% endfor %}', { items: [{}] }),
      checkJob('{% if a %}{{ a }}{% endif %}', null),
    ]) {
      expect(await stage.check(request, LIMITS)).toEqual(await templateDiagnostics(request, LIMITS));
    }
  });

  it('end a thread whose check outlasts the time limit, and take the next check on a new one', async () => {
    // Parsed three times (placeholders, data, trial render), 99 000 tags with filters take well over the grace second.
    const error = await failure(stage.check(checkJob('{{a|plus:1|plus:1}}'.repeat(99_000), { a: 1 }), { ...LIMITS, templateTimeoutMs: 50 }));
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error).toMatchObject({ limit: 'time', maximum: 50 });
    expect(await stage.check(checkJob('{{ a }}', { a: 1 }), LIMITS)).toMatchObject({ problems: [] });
  }, 30_000);
});

describe('the in-process stage', () => {
  it('renders in the caller’s thread under the same limits', async () => {
    const stage = templateStage(0, 256);
    await stage.ready();
    expect(await stage.render(job('<p>{{ n }}</p>', { data: { n: 1 } }), LIMITS, signal())).toBe('<p>1</p>');
    const error = await failure(stage.render(job('{% for i in (1..100000) %}<p>x</p>{% endfor %}'), { ...LIMITS, templateOutputChars: 1000 }, signal()));
    expect(error).toMatchObject({ name: 'TemplateLimitError', limit: 'output' });
  });
});
