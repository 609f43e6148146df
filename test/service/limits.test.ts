// Limits and hostile input: each gives a clear envelope and nothing escapes as an exception.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createWorkerEngine,
  DocumentCreationError,
  TemplateEngineError,
  TemplateLimitError,
  type PdfEngine,
  type RenderOptions,
  type ServiceLimits,
  type TemplateLimit,
} from '../../src/index.js';
import { ALICE, pdfBytes, pdfText, recordingEngine, setup, type RecordingEngine } from './setup.js';

function errorsOf(outcome: { ok: boolean; body: unknown }) {
  return !outcome.ok && typeof outcome.body === 'object' && outcome.body !== null && 'errors' in outcome.body ? outcome.body.errors : undefined;
}

function nested(depth: number): Record<string, unknown> {
  let data: Record<string, unknown> = { leaf: 1 };
  for (let level = 1; level < depth; level++) data = { child: data };
  return data;
}

describe('size and shape limits', () => {
  it('refuses oversize content with a 422 naming html', async () => {
    const { service, engine } = setup({ limits: { maxContentBytes: 1000 } });
    const outcome = await service.quickGenerate({ html: 'é'.repeat(501), data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome.status).toBe(422);
    expect(errorsOf(outcome)).toEqual([{ field: 'html', message: 'String should have at most 1000 bytes', type: 'string_too_long' }]);
    expect(engine.calls).toHaveLength(0);
  });

  it('accepts content right at the limit', async () => {
    const { service } = setup({ limits: { maxContentBytes: 1000 } });
    const outcome = await service.quickGenerate({ html: 'a'.repeat(1000), data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome.ok).toBe(true);
  });

  it('refuses oversize extra_css on its field', async () => {
    const { service } = setup({ limits: { maxExtraCssBytes: 10 } });
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf', extra_css: 'p { color: red }' }, ALICE);
    expect(errorsOf(outcome)).toEqual([expect.objectContaining({ field: 'extra_css', type: 'string_too_long' })]);
  });

  it('refuses data bigger than the limit, such as one huge string', async () => {
    const { service } = setup({ limits: { maxDataBytes: 1024 * 1024 } });
    const outcome = await service.quickGenerate({ html: '{{ s }}', data: { s: 'x'.repeat(2 * 1024 * 1024) }, response_type: 'pdf' }, ALICE);
    expect(outcome.status).toBe(422);
    expect(errorsOf(outcome)).toEqual([
      { field: 'data', message: 'Value error, data is larger than 1048576 bytes as JSON', type: 'value_error' },
    ]);
  });

  it('refuses data nested deeper than the limit', async () => {
    const { service } = setup({ limits: { maxDataDepth: 8 } });
    expect((await service.quickGenerate({ html: 'x', data: nested(8), response_type: 'pdf' }, ALICE)).ok).toBe(true);
    const outcome = await service.quickGenerate({ html: 'x', data: nested(9), response_type: 'pdf' }, ALICE);
    expect(errorsOf(outcome)).toEqual([
      { field: 'data', message: 'Value error, data is nested more than 8 levels deep', type: 'value_error' },
    ]);
  });

  it('survives pathological nesting and cycles without a stack overflow', async () => {
    const { service } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const data of [nested(100_000), cyclic]) {
      const outcome = await service.quickGenerate({ html: 'x', data, response_type: 'pdf' }, ALICE);
      expect(errorsOf(outcome)).toEqual([expect.objectContaining({ field: 'data', type: 'value_error' })]);
    }
  });

  it('refuses data that is not JSON, naming where', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate(
      { html: 'x', data: { when: new Date(0), items: [1, () => 2], n: Number.NaN }, response_type: 'pdf' },
      ALICE,
    );
    const fields = (errorsOf(outcome) as { field: string }[]).map((issue) => issue.field).sort();
    expect(fields).toHaveLength(1);
    expect(['data.items[1]', 'data.n', 'data.when']).toContain(fields[0]);
  });

  it('refuses a body that is not an object', async () => {
    const { service } = setup();
    for (const body of [null, undefined, 'html', 42, [1, 2]]) {
      const outcome = await service.quickGenerate(body as unknown, ALICE);
      expect(outcome.status).toBe(422);
      expect(errorsOf(outcome)).toEqual([
        { field: '', message: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' },
      ]);
    }
  });

  it('reports every problem in one response', async () => {
    const { service } = setup({ limits: { maxContentBytes: 4 } });
    const outcome = await service.quickGenerate(
      { html: 'too long', data: null, response_type: 'docx', content_type: 'pdf', save_template: 'yes', extra_css: 3 } as unknown,
      ALICE,
    );
    expect(errorsOf(outcome)).toEqual([
      { field: 'data', message: 'Input should be a valid dictionary', type: 'dict_type' },
      { field: 'response_type', message: "Input should be 'pdf', 'json_with_base64' or 'document_id'", type: 'literal_error' },
      { field: 'content_type', message: "Input should be 'html' or 'markdown'", type: 'literal_error' },
      { field: 'extra_css', message: 'Input should be a valid string', type: 'string_type' },
      { field: 'save_template', message: 'Input should be a valid boolean', type: 'bool_type' },
      { field: 'html', message: 'String should have at most 4 bytes', type: 'string_too_long' },
    ]);
  });

  it('refuses a template with a runaway loop as a template engine error', async () => {
    const { service, quota } = setup({ limits: { templateMemory: 100_000 } });
    const outcome = await service.quickGenerate({ html: '{% for i in (1..100000000) %}{{ i }}{% endfor %}', data: {}, response_type: 'pdf', template_language: 'liquid' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500, body: { message: 'Template engine error!' } });
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it("turns the engine's page limit into a 422", async () => {
    const engine: PdfEngine = {
      name: 'pages',
      render: async (_html, options?: RenderOptions) => {
        const error = new Error(`more than ${options?.maxPages} pages`);
        error.name = 'PageLimitError';
        throw error;
      },
    };
    const { service, quota } = setup({ engine, limits: { maxPages: 3 } });
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome.status).toBe(422);
    expect(errorsOf(outcome)).toEqual([
      { field: '', message: 'Value error, the document would have more than 3 pages', type: 'value_error' },
    ]);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });
});

describe('render time limit', () => {
  it('aborts a slow engine through its signal with a 500 and releases the quota', async () => {
    let aborted = false;
    const engine: PdfEngine = {
      name: 'slow but cooperative',
      render: (_html, options) =>
        new Promise((_, reject) => {
          options?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    };
    const { service, quota } = setup({ engine, limits: { renderTimeoutMs: 100 } });
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500, body: { message: 'Failed to create the document. Please try again later.' } });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(DocumentCreationError);
    expect(aborted).toBe(true);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it('does not let an engine that ignores the signal hang the call', async () => {
    const engine: PdfEngine = { name: 'hung', render: () => new Promise(() => undefined) };
    const { service, quota } = setup({ engine, limits: { renderTimeoutMs: 100 } });
    const started = performance.now();
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf' }, ALICE);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome.status).toBe(500);
    expect(!outcome.ok && outcome.error.detail).toContain('100 ms');
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it('stops a template that renders for too long', async () => {
    const { service } = setup({ limits: { renderTimeoutMs: 100, templateMemory: 1e9 } });
    const outcome = await service.quickGenerate(
      { html: '{% for i in (1..5000000) %}{% for j in (1..3) %}{{ i }}{% endfor %}{% endfor %}', data: {}, response_type: 'pdf', template_language: 'liquid' },
      ALICE,
    );
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(DocumentCreationError);
  });

  it('leaves ordinary renders alone', async () => {
    const { service } = setup({ limits: { renderTimeoutMs: 20_000 } });
    expect(await pdfText(pdfBytes(await service.quickGenerate({ html: 'quick', data: {}, response_type: 'pdf' }, ALICE)))).toContain('quick');
  });
});

// The bodies an attack run sent to `pagesmith serve` (issue 30), and their kin. Each must fail with
// the spec's template engine envelope, at once or at its limit, never render, and keep the quota
// unit; the same whichever engine prints and wherever the template stage runs.
const TEMPLATE_ENGINE_ERROR = { success: false, message: 'Template engine error!', data: [] };
const HOSTILE_MS = 30_000;

interface HostileCase {
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly limits?: Partial<ServiceLimits>;
  /** The limit that stops it; undefined for a plain template engine error. */
  readonly limit?: TemplateLimit | readonly TemplateLimit[];
}

const HOSTILE: readonly HostileCase[] = [
  { name: 'a misspelt placeholder of 40 letters', body: { html: `<p>{{ ${'a'.repeat(40)} }}</p>`, data: {} } },
  { name: 'an undefined name of 5 000 characters', body: { html: `<p>{{ ${'a'.repeat(5000)} }}</p>`, data: {} } },
  { name: 'an undefined name of 5 000 characters in Markdown', body: { html: `# T\n\n{{ ${'a'.repeat(5000)} }}`, data: {}, content_type: 'markdown' } },
  { name: '200 000 unclosed outputs', body: { html: '{{'.repeat(200_000), data: {} } },
  {
    name: 'a tablerow of a million cells',
    body: { template_language: 'liquid', html: '<table>{% tablerow i in (1..1000000) %}{{ i }}{% endtablerow %}</table>', data: {} },
    limits: { templateOutputChars: 1_000_000 },
    limit: 'output',
  },
  {
    name: 'a loop writing 100 MB of literal tags',
    body: { template_language: 'liquid', html: `{% for i in (1..1000000) %}<p>${'x'.repeat(90)}</p>{% endfor %}`, data: {} },
    // At the defaults the output limit stops it, or on a slow machine the time limit first.
    limit: ['output', 'time'],
  },
  {
    name: '100 MB of unescaped data',
    body: { template_language: 'liquid', html: '{% for i in (1..100000) %}{{ s | raw }}{% endfor %}', data: { s: 'y'.repeat(1000) } },
    limit: ['output', 'time'],
  },
  {
    name: 'text captured and doubled 40 times',
    body: { template_language: 'liquid', html: '{% assign s = "ab" %}{% for i in (1..40) %}{% capture s %}{{ s | raw }}{{ s | raw }}{% endcapture %}{% endfor %}{{ s | size }}', data: {} },
    limit: 'output',
  },
  {
    name: 'a billion iterations of loops over data',
    body: {
      html: '{% for a in xs %}{% for b in xs %}{% for c in xs %}{{ c }}{% endfor %}{% endfor %}{% endfor %}',
      data: { xs: Array.from({ length: 1000 }, (_, index) => index) },
    },
    limits: { templateIterations: 100_000 },
    limit: 'iterations',
  },
  { name: 'a range of a billion', body: { template_language: 'liquid', html: '{% for i in (1..1000000000) %}{{ i }}{% endfor %}', data: {} }, limit: 'memory' },
  { name: 'a sort of a million items', body: { template_language: 'liquid', html: '{{ xs | sort | size }}', data: { xs: Array.from({ length: 1_000_000 }, (_, index) => index % 10) } }, limit: 'memory' },
  {
    name: 'a loop that only takes time',
    body: { template_language: 'liquid', html: '{% for i in (1..3000000) %}{% if s contains "z" %}{% endif %}{% endfor %}', data: { s: 'y'.repeat(10_000) } },
    limits: { templateTimeoutMs: 200, templateIterations: 1e9 },
    limit: 'time',
  },
  { name: 'more tags than allowed', body: { html: '{{ a }}'.repeat(100_001), data: { a: 1 } }, limit: 'tags' },
  {
    name: 'Markdown that micromark takes quadratic time over',
    body: { html: '> '.repeat(30_000), data: {}, content_type: 'markdown' },
    limits: { markdownTimeoutMs: 300 },
    limit: 'markdownTime',
  },
  {
    name: 'emphasis micromark takes quadratic time over, from the data',
    body: { template_language: 'liquid', html: '{{ s | raw }}', data: { s: '*a'.repeat(40_000) }, content_type: 'markdown' },
    limits: { markdownTimeoutMs: 300 },
    limit: 'markdownTime',
  },
];

// The same attacks in Jinja2 (the default language), and the language-neutral ones in Liquid too.
const NEUTRAL = HOSTILE.filter((hostile) => hostile.body['template_language'] === undefined);
const HOSTILE_JINJA: readonly HostileCase[] = [
  {
    name: 'Jinja2: a table of a million cells',
    body: { html: '<table>{% for i in range(1000) %}<tr>{% for j in range(1000) %}<td>{{ j }}</td>{% endfor %}</tr>{% endfor %}</table>', data: {} },
    limits: { templateOutputChars: 1_000_000 },
    limit: 'output',
  },
  {
    name: 'Jinja2: a loop writing 100 MB of literal tags',
    body: { html: `{% for i in range(100000) %}{% for j in range(10) %}<p>${'x'.repeat(90)}</p>{% endfor %}{% endfor %}`, data: {} },
    limit: ['output', 'time'],
  },
  {
    name: 'Jinja2: 100 MB of unescaped data',
    body: { html: '{% for i in range(100000) %}{{ s | safe }}{% endfor %}', data: { s: 'y'.repeat(1000) } },
    limit: ['output', 'time'],
  },
  {
    name: 'Jinja2: text doubled 40 times in a namespace',
    body: { html: "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}", data: {} },
    limit: ['memory', 'output'],
  },
  { name: 'Jinja2: a range of a billion (the sandbox refuses it)', body: { html: '{% for i in range(1000000000) %}{{ i }}{% endfor %}', data: {} } },
  { name: 'Jinja2: a sort of a million items', body: { html: '{{ xs | sort | length }}', data: { xs: Array.from({ length: 1_000_000 }, (_, index) => index % 10) } }, limit: 'memory' },
  {
    name: 'Jinja2: a loop that only takes time',
    body: { html: "{% for i in range(100000) %}{% for j in range(100) %}{% if 'z' in s %}{% endif %}{% endfor %}{% endfor %}", data: { s: 'y'.repeat(10_000) } },
    limits: { templateTimeoutMs: 200, templateIterations: 1e9 },
    limit: 'time',
  },
  {
    name: 'Jinja2: emphasis micromark takes quadratic time over, from the data',
    body: { html: '{{ s | safe }}', data: { s: '*a'.repeat(40_000) }, content_type: 'markdown' },
    limits: { markdownTimeoutMs: 300 },
    limit: 'markdownTime',
  },
  ...NEUTRAL.map((hostile) => ({ ...hostile, name: `Liquid: ${hostile.name}`, body: { ...hostile.body, template_language: 'liquid' } })),
];

const workerEngine = createWorkerEngine();
afterAll(() => workerEngine.close());

describe.each([
  ['the in-process engine', 2, () => recordingEngine()],
  ['the worker engine', 2, () => recordingEngine(workerEngine)],
  ['templates in the caller’s thread', 0, () => recordingEngine()],
] as const)('hostile templates, with %s', (_mode, templateThreads, makeEngine: () => RecordingEngine) => {
  // In the caller's thread nothing can cut Markdown conversion short (decision 0218).
  const cases = [...HOSTILE, ...HOSTILE_JINJA].filter((hostile) => templateThreads > 0 || ![hostile.limit].flat().includes('markdownTime'));
  it.each(cases.map((hostile) => [hostile.name, hostile] as const))(
    '%s: the template engine error, nothing rendered, no quota used',
    async (_name, hostile) => {
      const engine = makeEngine();
      const { service, quota } = setup({ engine, templateThreads, limits: hostile.limits });
      const outcome = await service.quickGenerate({ response_type: 'pdf', ...hostile.body } as unknown, ALICE);
      expect(outcome).toMatchObject({ ok: false, status: 500, body: TEMPLATE_ENGINE_ERROR });
      expect(JSON.stringify(outcome.body)).toBe(JSON.stringify(TEMPLATE_ENGINE_ERROR));
      const error = !outcome.ok ? outcome.error : undefined;
      expect(error).toBeInstanceOf(TemplateEngineError);
      if (hostile.limit === undefined) expect(error).not.toBeInstanceOf(TemplateLimitError);
      else expect([hostile.limit].flat()).toContain((error as TemplateLimitError).limit);
      expect(engine.calls).toHaveLength(0);
      expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
      expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 0 } });
    },
    HOSTILE_MS,
  );

  it('still renders an ordinary template and Markdown document next', async () => {
    const { service, quota } = setup({ engine: makeEngine(), templateThreads });
    const html = await service.quickGenerate({ html: '<p>{{ n }} items</p>', data: { n: 3 }, response_type: 'pdf' }, ALICE);
    expect(await pdfText(pdfBytes(html))).toContain('3 items');
    const markdown = await service.quickGenerate({ html: '# Title\n\n*{{ n }}* items', data: { n: 4 }, response_type: 'pdf', content_type: 'markdown' }, ALICE);
    expect(await pdfText(pdfBytes(markdown))).toContain('4 items');
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 2, reserved: 0 });
  }, HOSTILE_MS);
});
