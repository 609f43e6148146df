// Every construct of the Jinja dialect against Python's Jinja2: test/jinja/cases.json holds the templates and data, expected.json what Jinja2 3.1 rendered (or raised) for each, made by expect.py.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JinjaError, parseJinjaJson, renderJinja } from '../../src/template/jinja/index.js';

interface Case {
  readonly name: string;
  readonly template: string;
  readonly data: unknown;
}

interface Expected {
  readonly output?: string;
  readonly error?: string;
  readonly message?: string;
}

const here = new URL('.', import.meta.url);
// Read as Python reads it, so `1000.0` in the data stays a float.
const cases = parseJinjaJson(readFileSync(new URL('cases.json', here), 'utf8')) as Case[];
const expected = (JSON.parse(readFileSync(new URL('expected.json', here), 'utf8')) as { cases: Record<string, Expected> }).cases;

/** Cases where pagesmith answers differently from Jinja2 on purpose (see the decisions). */
const BY_DESIGN = new Set(['err-include']);

function outcome(template: string, data: unknown): Expected {
  try {
    return { output: renderJinja(template, data) };
  } catch (error) {
    if (error instanceof JinjaError) return { error: error.pythonType, message: error.jinjaMessage };
    throw error;
  }
}

describe('the Jinja dialect renders as Jinja2 3.1 does', () => {
  it('has an expectation for every case', () => {
    expect(Object.keys(expected).sort()).toEqual(cases.map((item) => item.name).sort());
  });

  for (const item of cases.filter((entry) => !BY_DESIGN.has(entry.name))) {
    it(item.name, () => {
      expect(outcome(item.template, item.data)).toEqual(expected[item.name]);
    });
  }

  it('escapes printed values as Markdown text in markdown mode, Markup as it is', () => {
    expect(renderJinja('# {{ t }}\n{{ t|safe }} {{ n }}', { t: '*bold* <b> _x_', n: 1.5 }, { mode: 'markdown' })).toBe('# \\*bold\\* &lt;b&gt; \\_x\\_\n*bold* <b> _x_ 1\\.5');
  });

  it('refuses include, extends and import with a message that says why, where', () => {
    for (const tag of ["include 'x.html'", "extends 'base.html'", "import 'forms.html' as forms", "from 'forms.html' import field"]) {
      const template = `<p>\n  {% ${tag} %}`;
      let failure: unknown;
      try {
        renderJinja(template, {});
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(JinjaError);
      const jinja = failure as JinjaError;
      expect(jinja.pythonType).toBe('TemplateSyntaxError');
      expect(jinja.jinjaMessage).toContain('one template at a time');
      expect([jinja.line, jinja.column, jinja.construct]).toEqual([2, 6, `{% ${tag.split(' ')[0]} %}`]);
    }
  });
});
