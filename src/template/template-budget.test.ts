// The template budget: output, block bodies, allocations and time are counted and stopped at their limits.
import { describe, expect, it } from 'vitest';
import { DocumentCreationError, TemplateEngineError, TemplateLimitError, type TemplateLimit } from '../errors/index.js';
import { renderTemplate as renderAnyTemplate, type TemplateLimits } from './render-template.js';

/** These tests are about the Liquid language (Jinja2 is the default). */
const renderTemplate: typeof renderAnyTemplate = (content, data, options = {}) => renderAnyTemplate(content, data, { language: 'liquid', ...options });

async function limitError(content: string, data: Record<string, unknown>, limits: TemplateLimits): Promise<TemplateLimitError> {
  const error: unknown = await renderTemplate(content, data, { limits }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TemplateLimitError);
  return error as TemplateLimitError;
}

function expectLimit(error: TemplateLimitError, limit: TemplateLimit, maximum: number): void {
  expect(error).toBeInstanceOf(TemplateEngineError);
  expect(error.message).toBe('Template engine error!');
  expect(error.toEnvelope()).toEqual({ success: false, message: 'Template engine error!', data: [] });
  expect(error.code).toBe('TEMPLATE_ENGINE_ERROR');
  expect(error.status).toBe(500);
  expect([error.limit, error.maximum]).toEqual([limit, maximum]);
}

describe('the output limit', () => {
  it('stops a loop writing literal text', async () => {
    const error = await limitError(`{% for i in (1..1000000) %}<p>${'x'.repeat(90)}</p>{% endfor %}`, {}, { outputLimit: 100_000 });
    expectLimit(error, 'output', 100_000);
    expect(error.detail).toContain('more than 100000 characters');
    expect([error.line, error.column]).toEqual([1, 28]);
  });

  it('stops tablerow, whose cells the tag writes itself', async () => {
    expectLimit(await limitError('{% tablerow i in (1..1000000) %}{% endtablerow %}', {}, { outputLimit: 10_000 }), 'output', 10_000);
  });

  it('counts output that bypasses escaping and its memory charge', async () => {
    const data = { s: 'y'.repeat(1000) };
    expectLimit(await limitError('{% for i in (1..100000) %}{{ s | raw }}{% endfor %}', data, { outputLimit: 50_000 }), 'output', 50_000);
  });

  it('counts text captured and doubled, not only what reaches the document', async () => {
    const content = '{% assign s = "ab" %}{% for i in (1..40) %}{% capture s %}{{ s | raw }}{{ s | raw }}{% endcapture %}{% endfor %}{{ s | size }}';
    expectLimit(await limitError(content, {}, { outputLimit: 1_000_000 }), 'output', 1_000_000);
  });

  it('lets output up to the limit through', async () => {
    expect(await renderTemplate('{% for i in (1..10) %}abcdefghij{% endfor %}', {}, { limits: { outputLimit: 100 } })).toHaveLength(100);
  });
});

describe('the iteration limit', () => {
  it('stops nested loops over data that allocate nothing', async () => {
    const xs = Array.from({ length: 1000 }, (_, index) => index);
    const error = await limitError('{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}', { xs }, { iterationLimit: 10_000 });
    expectLimit(error, 'iterations', 10_000);
    expect(error.detail).toContain('more than 10000 loop iterations');
  });

  it('stops an empty tablerow', async () => {
    expectLimit(await limitError('{% tablerow i in (1..1000000) %}{% endtablerow %}', {}, { iterationLimit: 1000, outputLimit: 1e9 }), 'iterations', 1000);
  });

  it('counts every block body: the template, each iteration and the branch each if takes', async () => {
    const content = '{% for i in (1..3) %}{% if i > 1 %}x{% endif %}{% endfor %}';
    // 1 template + 3 iterations + 3 branches (the first one the if's empty else) = 7.
    expect(await renderTemplate(content, {}, { limits: { iterationLimit: 7 } })).toBe('xx');
    expectLimit(await limitError(content, {}, { iterationLimit: 6 }), 'iterations', 6);
  });
});

describe('the memory limit', () => {
  it('stops ranges and filters that allocate', async () => {
    const error = await limitError('{% for i in (1..1000000000) %}{{ i }}{% endfor %}', {}, { memoryLimit: 1_000_000 });
    expectLimit(error, 'memory', 1_000_000);
    expect(error.detail).toContain('memory');
  });
});

describe('the time limit', () => {
  it('stops a render that takes longer, though it stays within every other limit', async () => {
    const content = '{% for i in (1..3000000) %}{% if s contains "z" %}{% endif %}{% endfor %}';
    const error = await limitError(content, { s: 'y'.repeat(10_000) }, { renderLimit: 50, iterationLimit: 1e9 });
    expectLimit(error, 'time', 50);
    expect(error.detail).toContain('longer than 50 ms');
  });

  it('gives the event loop a turn while it renders', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    const xs = Array.from({ length: 3_000_000 }, (_, index) => index);
    const rendering = renderTemplate('{% for x in xs %}{% endfor %}', { xs }, { limits: { renderLimit: 300, iterationLimit: 1e9 } });
    await expect(rendering).rejects.toBeInstanceOf(TemplateLimitError);
    clearInterval(ticker);
    // Rendering in one piece, the interval could not have run until the render gave up.
    expect(ticks).toBeGreaterThan(5);
  });
});

describe('long flat templates', () => {
  it('are rendered a few hundred nodes at a time, keeping break and continue', async () => {
    const body = 'x{{ i }}'.repeat(300);
    expect(await renderTemplate(`{% for i in (1..3) %}{% if i == 2 %}{% break %}{% endif %}${body}{% endfor %}`, {})).toBe('x1'.repeat(300));
    expect(await renderTemplate(`{% for i in (1..3) %}${body}{% if i == 2 %}{% continue %}{% endif %}${body}{% endfor %}`, {})).toBe(
      'x1'.repeat(600) + 'x2'.repeat(300) + 'x3'.repeat(600),
    );
  });

  it('give the event loop a turn between pieces', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    // One block of 20 000 nodes, each a little slow.
    const xs = Array.from({ length: 2000 }, (_, index) => index);
    const output = await renderTemplate('{{ xs | join: "," | size }} '.repeat(20_000), { xs }, { limits: { memoryLimit: 1e12 } });
    clearInterval(ticker);
    expect(output).toBe(`${xs.join(',').length} `.repeat(20_000));
    expect(ticks).toBeGreaterThan(5);
  });
});

describe('aborting', () => {
  it('stops at the next step with the signal’s reason', async () => {
    const controller = new AbortController();
    const reason = new DocumentCreationError({ detail: 'the service deadline passed' });
    setTimeout(() => controller.abort(reason), 20);
    const rendering = renderTemplate('{% for i in (1..3000000) %}{% endfor %}', {}, {
      limits: { iterationLimit: 1e9, memoryLimit: 1e9 },
      signal: controller.signal,
    });
    await expect(rendering).rejects.toBe(reason);
  });

  it('does not start once aborted', async () => {
    const controller = new AbortController();
    controller.abort(new DocumentCreationError());
    await expect(renderTemplate('x', {}, { signal: controller.signal })).rejects.toBeInstanceOf(DocumentCreationError);
  });
});
