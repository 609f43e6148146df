// Hostile templates: every one fails or finishes in time proportional to its length, and only with the typed error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateEngineError } from '../errors/index.js';
import { checkData as checkAnyData, type MissingDataIssue } from './check-data.js';
import { inspectTemplate as inspectAnyTemplate, type TemplatePlaceholder } from './inspect-template.js';
import { renderTemplate as renderAnyTemplate } from './render-template.js';

/** These tests are about the Liquid language (Jinja2 is the default). */
const renderTemplate: typeof renderAnyTemplate = (content, data, options = {}) => renderAnyTemplate(content, data, { language: 'liquid', ...options });
const inspectTemplate = (content: string): TemplatePlaceholder[] => inspectAnyTemplate(content, { language: 'liquid' });
const checkData = (content: string, data: Readonly<Record<string, unknown>>): MissingDataIssue[] => checkAnyData(content, data, { language: 'liquid' });

// Each of these took from tens of seconds to hours before the scanners replaced backtracking
// patterns and LiquidJS parsed in linear time; now each is well under a second. The timeouts are
// generous so that a loaded machine does not fail them; a hang still does.
const HOSTILE = 15_000;

async function settle(work: () => unknown): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    return error;
  }
}

describe('hostile templates', () => {
  it.each(['html', 'markdown'] as const)('report an undefined name of 5 000 characters at once (%s)', async (mode) => {
    const name = 'a'.repeat(5000);
    const error = await settle(() => renderTemplate(`<p>{{ ${name} }}</p>`, {}, { mode }));
    expect(error).toBeInstanceOf(TemplateEngineError);
    expect((error as TemplateEngineError).detail).toContain(`missing data: No value for "${name}"`);
  }, HOSTILE);

  it.each([
    ['unclosed outputs', '{{'.repeat(200_000)],
    ['unclosed raw blocks', '{% raw %}'.repeat(50_000)],
    ['an if condition with a long run of spaces, then a missing name', `{% if x${' '.repeat(200_000)}y %}{% endif %}{{ z }}`],
    ['many placeholders, one missing', '{{ a }}\n'.repeat(60_000)],
  ])('fail fast with a template engine error: %s', async (_name, content) => {
    expect(await settle(() => renderTemplate(content, {}))).toBeInstanceOf(TemplateEngineError);
  }, HOSTILE);

  it.each([
    ['many placeholders on many lines', '{{ a }}\n'.repeat(60_000)],
    ['one long line of a liquid tag', `{% liquid\necho a${' | append: b'.repeat(50_000)}\n%}`],
    ['deeply nested conditions', `${'{% if a1 and a2 and a3 and a4 and a5 and a6 and a7 and a8 %}'.repeat(1000)}${'{{ b }}'.repeat(80_000)}${'{% endif %}'.repeat(1000)}`],
  ])('are inspected in linear time: %s', (_name, content) => {
    expect(inspectTemplate(content).length).toBeGreaterThan(0);
  }, HOSTILE);

  it('checks a path of 100 000 segments against the data in linear time', () => {
    expect(checkData(`{{ s${'.first'.repeat(100_000)} }}`, { s: 'abc' })).toEqual([]);
    expect(checkData(`{{ s${'.x'.repeat(100_000)} }}`, { s: {} })).toEqual([expect.objectContaining({ path: 's.x' })]);
  }, HOSTILE);

  it('refuse more tags than the limit before parsing them', async () => {
    const error = await settle(() => renderTemplate('{{ a }}'.repeat(1001), { a: 1 }, { limits: { tagLimit: 1000 } }));
    expect(error).toMatchObject({ name: 'TemplateLimitError', limit: 'tags', maximum: 1000, message: 'Template engine error!' });
    // Each line of a liquid tag is a tag of its own.
    const liquid = `{% liquid\n${'echo a\n'.repeat(1000)}%}`;
    expect(await settle(() => renderTemplate(liquid, { a: 1 }, { limits: { tagLimit: 1001 } }))).toMatchObject({ limit: 'tags' });
    expect(await renderTemplate(liquid, { a: 1 }, { limits: { tagLimit: 1002 } })).toBe('1'.repeat(1000));
  });
});

// Pieces of Liquid and Jinja syntax, and the near misses between them.
const piece = fc.constantFrom(
  '{{', '}}', '{%', '%}', '{{-', '-}}', '{%-', '-%}', ' ', '\n', 'x', 'xs', 'a.b', 'a[0]', '[', ']', '.', '"q"', "'", '|', ':',
  'default', 'upcase', 'raw', 'endraw', 'comment', 'endcomment', 'if ', 'elif ', 'elsif ', 'else', 'endif', 'unless ', 'endunless',
  'for x in xs', 'endfor', 'tablerow x in xs', 'endtablerow', 'capture c', 'endcapture', 'assign y = 1', 'liquid', 'echo ',
  'loop.index', 'forloop.index', '(1..3)', 'and', 'or', 'contains', 'case x', 'when 1', 'endcase', 'break', 'continue',
);
const template = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));
const data = { x: 1, xs: [1, 2, 3], a: { b: 2 }, c: 'c' };

describe('random templates', () => {
  it('render to a string or fail with a template engine error, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(template, async (content) => {
        for (const mode of ['html', 'markdown'] as const) {
          const outcome = await settle(() => renderTemplate(content, data, { mode }));
          if (typeof outcome !== 'string') expect(outcome).toBeInstanceOf(TemplateEngineError);
        }
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('inspect to placeholders or fail with a template engine error, never anything else', () => {
    fc.assert(
      fc.property(template, (content) => {
        const outcome = (() => {
          try {
            return inspectTemplate(content);
          } catch (error) {
            return error;
          }
        })();
        if (!Array.isArray(outcome)) expect(outcome).toBeInstanceOf(TemplateEngineError);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('count a use before | default as optional exactly when the old pattern did', () => {
    const OLD_VARIABLE_THEN_DEFAULT = /^(?:[\w-]+|\.|\[[^\]]*\])+\s*\|\s*default\b/;
    const path = fc.array(fc.constantFrom('a', 'b', '_', '-', '.', '[0]', '["k"]', '1'), { minLength: 1, maxLength: 6 }).map((parts) => `v${parts.join('')}`);
    // Word pieces never touch, so the old pattern's backtracking stays small enough to use as the oracle.
    const tail = fc.array(fc.constantFrom(' ', '|', '|default', ' default', ' defaults', ':', ' "d"', ' upcase', '\n'), { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(path, tail, (variable, rest) => {
        const content = `{{ ${variable}${rest} }}`;
        let placeholders;
        try {
          placeholders = inspectTemplate(content);
        } catch {
          return;
        }
        const first = placeholders.find((placeholder) => placeholder.locations.some((location) => location.column === 4));
        if (first) expect(first.required).toBe(!OLD_VARIABLE_THEN_DEFAULT.test(`${variable}${rest} }}`));
      }),
      { numRuns: 3000 },
    );
  });
});
