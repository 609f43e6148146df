import { Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TemplateProblem } from './api-types.js';
import { problemDiagnostics, problemRange } from './problem-diagnostics.js';

const problem = (fields: Partial<TemplateProblem>): TemplateProblem => ({ type: 'syntax_error', message: 'bad', line: 1, column: 1, construct: null, path: null, ...fields });
const docOf = (text: string): Text => Text.of(text.split('\n'));
const marked = (text: string, fields: Partial<TemplateProblem>): string => {
  const { from, to } = problemRange(docOf(text), problem(fields));
  return text.slice(from, to);
};

describe('problemRange', () => {
  it('covers the construct around the column, where the service points inside it', () => {
    const text = '<h1>{{ title }}</h1>\n<p>{{ name }} and {{ name | }}</p>';
    // Jinja points at the token that failed: the `}}` of the second construct.
    expect(marked(text, { line: 2, column: 30, construct: '{{ name | }}' })).toBe('{{ name | }}');
    // A missing key points at its path.
    expect(marked(text, { type: 'missing_data', line: 2, column: 7, construct: '{{ name }}', path: 'name' })).toBe('{{ name }}');
  });

  it('falls back to the name at the column, or one character', () => {
    expect(marked('<p>{{ user.name }}</p>', { line: 1, column: 7, construct: null })).toBe('user.name');
    expect(marked('<p>{{ x }}</p>', { line: 1, column: 4, construct: 'not here' })).toBe('{');
  });

  it('marks the first line for a problem of the whole template, or a line past the end', () => {
    expect(marked('first\nsecond', { line: null, column: null })).toBe('first');
    expect(marked('first\nsecond', { line: 9, column: 1 })).toBe('first');
  });

  it('stays inside the document and on the problem line, whatever the line, column and construct', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', '%', '|') }), { minLength: 1, maxLength: 6 }), fc.integer({ min: -2, max: 8 }), fc.integer({ min: -2, max: 40 }), fc.option(fc.string({ maxLength: 6 })), (lines, line, column, construct) => {
        const doc = Text.of(lines);
        const { from, to } = problemRange(doc, problem({ line, column, construct }));
        expect(0 <= from && from <= to && to <= doc.length).toBe(true);
        if (line >= 1 && line <= doc.lines && doc.length > 0) expect(doc.lineAt(from).number).toBe(line);
      }),
    );
  });
});

describe('problemDiagnostics', () => {
  it('makes missing data a warning and every other problem an error, with the message', () => {
    const doc = docOf('{{ a }} {{ b | }}');
    const diagnostics = problemDiagnostics(doc, [problem({ type: 'missing_data', column: 4, construct: '{{ a }}', message: 'No value for "a"' }), problem({ column: 15, construct: '{{ b | }}' })]);
    expect(diagnostics.map(({ from, to, severity, source, message }) => ({ from, to, severity, source, message }))).toEqual([
      { from: 0, to: 7, severity: 'warning', source: 'missing data', message: 'No value for "a"' },
      { from: 8, to: 17, severity: 'error', source: 'syntax error', message: 'bad' },
    ]);
  });
});
