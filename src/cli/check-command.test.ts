// `pagesmith check` in process: problems printed as file:line:column with their construct, exit 1 when there are any.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { runCli } from './run-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-check-'));
  await writeFile(join(dir, 'invoice.html'), '<h1>{{ customer.name }}</h1>\n<ul>{% for line in lines %}<li>{{ line.price }}</li>{% endfor %}</ul>\n<p>{{ total }}</p>\n');
  await writeFile(join(dir, 'broken.html'), '<p>{{ total | money }}</p>\n');
  await writeFile(join(dir, 'report.md'), '# {{ title }}\n');
  await writeFile(join(dir, 'partial.json'), '{"lines":[{"price":1}]}');
  await writeFile(join(dir, 'full.json'), '{"customer":{"name":"Ada"},"total":3,"lines":[{"price":1},{}]}');
  await writeFile(join(dir, 'title.json'), '{"title":"T"}');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function check(...args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIo = { stdout, stderr, env: {}, cwd: dir, onStop: () => () => undefined };
  const code = await runCli(['check', ...args], io);
  return { code, out, err };
}

describe('pagesmith check', () => {
  it('reads the template in the language --template-language names, and refuses one it does not know', async () => {
    expect(await check('report.md', '--data', 'title.json', '--template-language', 'liquid')).toMatchObject({ code: 0 });
    const wrong = await check('report.md', '--template-language', 'mustache');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--template-language must be jinja or liquid, not mustache');
  });

  it('prints every key the data lacks with its place and construct, and exits 1', async () => {
    const { code, out } = await check('invoice.html', '--data', 'partial.json');
    expect(code).toBe(1);
    expect(out).toBe(
      [
        'invoice.html:1:8: missing_data: No value for "customer"',
        '    {{ customer.name }}',
        'invoice.html:3:7: missing_data: No value for "total"',
        '    {{ total }}',
        '2 problems',
        '',
      ].join('\n'),
    );
  });

  it('prints what the trial render runs into once no key is missing', async () => {
    const { code, out } = await check('invoice.html', '--data', 'full.json');
    expect(code).toBe(1);
    expect(out).toBe("invoice.html:2:35: render_error: UndefinedError: 'dict object' has no attribute 'price'\n    {{ line.price }}\n1 problem\n");
  });

  it('prints a syntax error without data', async () => {
    const { code, out } = await check('broken.html');
    expect(code).toBe(1);
    expect(out).toBe("broken.html:1:15: syntax_error: TemplateAssertionError: No filter named 'money'.\n    {{ total | money }}\n1 problem\n");
  });

  it('prints a Liquid syntax error with --template-language liquid', async () => {
    const { code, out } = await check('broken.html', '--template-language', 'liquid');
    expect(code).toBe(1);
    expect(out).toBe('broken.html:1:4: syntax_error: undefined filter: money\n    {{ total | money }}\n1 problem\n');
  });

  it('exits 0 for a template without problems, Markdown by its extension', async () => {
    expect(await check('report.md', '--data', 'title.json')).toMatchObject({ code: 0, out: 'report.md: no problems (1 placeholder; syntax and data checked)\n' });
    expect(await check('invoice.html')).toMatchObject({ code: 0, out: 'invoice.html: no problems (3 placeholders; syntax checked; add --data to check the data too)\n' });
  });

  it('prints the answer of POST /v1/templates/check with --json', async () => {
    const { code, out } = await check('broken.html', '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({
      valid: false,
      problems: [{ type: 'syntax_error', message: "TemplateAssertionError: No filter named 'money'.", line: 1, column: 15, construct: '{{ total | money }}', path: null }],
      placeholders: [],
    });
  });

  it('exits 1 naming a file it cannot read or data that is not an object', async () => {
    expect(await check('nope.html')).toMatchObject({ code: 1, err: expect.stringContaining('nope.html') });
    await writeFile(join(dir, 'list.json'), '[1]');
    expect(await check('invoice.html', '--data', 'list.json')).toMatchObject({ code: 1, err: expect.stringContaining('data: Input should be a valid dictionary') });
  });
});
