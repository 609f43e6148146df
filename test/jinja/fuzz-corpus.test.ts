// A seeded corpus of random expressions and statements (test/jinja/fuzz-corpus.py) that Python's Jinja2 rendered: pagesmith gives the same output, or fails with the same exception.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JinjaError, parseJinjaJson, renderJinja } from '../../src/template/jinja/index.js';

interface Case {
  readonly template: string;
  readonly output?: string;
  readonly error?: string;
}

const corpus = parseJinjaJson(readFileSync(new URL('fuzz-expected.json', import.meta.url), 'utf8')) as { data: unknown; cases: Case[] };

function outcome(template: string): Omit<Case, 'template'> {
  try {
    return { output: renderJinja(template, corpus.data) };
  } catch (error) {
    if (error instanceof JinjaError) return { error: error.pythonType };
    throw error;
  }
}

describe('the Jinja fuzz corpus', () => {
  it('renders every template as Jinja2 did', () => {
    expect(corpus.cases.length).toBeGreaterThan(1000);
    const differences = corpus.cases
      .map((item) => ({ template: item.template, expected: item.output === undefined ? { error: item.error } : { output: item.output }, actual: outcome(item.template) }))
      .filter(({ expected, actual }) => JSON.stringify(expected) !== JSON.stringify(actual));
    expect(differences).toEqual([]);
  });
});
