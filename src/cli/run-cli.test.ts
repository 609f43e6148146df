// The CLI's argument handling, in process: help texts, usage errors and their exit statuses.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { runCli } from './run-cli.js';

async function run(args: readonly string[], env: Record<string, string> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIo = { stdout, stderr, env, cwd: process.cwd(), onStop: () => () => undefined };
  const code = await runCli(args, io);
  return { code, out, err };
}

describe('runCli', () => {
  it.each([[['--help']], [['help']], [['render', '--help']], [['render', '-h']], [['serve', '--help']], [['check', '--help']]])('%j prints usage and exits 0', async (args) => {
    const { code, out } = await run(args);
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: pagesmith/);
  });

  it('lists every option of each command in its help', async () => {
    const render = (await run(['render', '--help'])).out;
    for (const option of ['--data', '--output', '--markdown', '--css', '--password', '--base-dir', '--font-dir']) expect(render).toContain(option);
    const serve = (await run(['serve', '--help'])).out;
    for (const option of ['--port', '--host', '--base-url', '--prefix', '--monthly-limit', '--data-dir', '--max-body-bytes', 'PAGESMITH_API_KEYS']) {
      expect(serve).toContain(option);
    }
  });

  it.each([
    [[], ''],
    [['print'], 'unknown command "print"'],
    [['render'], 'name the template file'],
    [['render', 'a.html', 'b.html', '-o', 'x.pdf'], 'name exactly one template file'],
    [['render', 'a.html'], '-o <file>'],
    [['render', 'a.html', '--bogus'], "Unknown option '--bogus'"],
    [['serve', '--port', 'eighty'], '--port must be a number'],
    [['serve', '--port', '70000'], '--port must be a number'],
    [['serve', '--monthly-limit', '-1'], "Option '--monthly-limit"],
    [['serve', '--monthly-limit', 'ten'], '--monthly-limit must be a whole number'],
    [['serve', 'extra'], 'unexpected argument extra'],
    [['serve', '--cors', 'app.example.test'], '--cors: "app.example.test" is not an origin'],
    [['serve', '--threads', 'two'], '--threads must be a whole number'],
    [['serve', '--template-language', 'mustache'], '--template-language must be jinja or liquid, not mustache'],
    [['render', 'a.html', '-o', 'a.pdf', '--template-language', 'twig'], '--template-language must be jinja or liquid, not twig'],
    [['serve', '--font-dir', 'missing'], '--font-dir missing is not a folder'],
    [['render', 'a.html', '-o', 'a.pdf', '--font-dir', 'missing'], '--font-dir missing is not a folder'],
    [['check'], 'name the template file'],
    [['check', 'a.html', 'b.html'], 'name exactly one template file'],
    [['serve'], 'set PAGESMITH_API_KEYS'],
  ])('%j exits 2 saying %s', async (args, message) => {
    const { code, err, out } = await run(args);
    expect(code).toBe(2);
    expect(err + out).toContain(message);
  });

  it('refuses malformed PAGESMITH_API_KEYS without echoing the keys', async () => {
    const { code, err } = await run(['serve'], { PAGESMITH_API_KEYS: 'sk_live_secretvalue' });
    expect(code).toBe(2);
    expect(err).toContain('PAGESMITH_API_KEYS');
    expect(err).not.toContain('secretvalue');
  });

  it('exits 1 when the template cannot be read', async () => {
    const { code, err } = await run(['render', 'no/such/template.html', '-o', 'x.pdf']);
    expect(code).toBe(1);
    expect(err).toContain('no/such/template.html');
  });
});
