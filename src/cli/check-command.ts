// `pagesmith check`: a template's problems (syntax, missing data, what a trial render runs into), each with line, column and construct.
import { readFile } from 'node:fs/promises';
import { extname, relative, resolve } from 'node:path';
import { ValidationError } from '../errors/index.js';
import { parseJinjaJson } from '../template/jinja/index.js';
import { createDocumentService, type TemplateCheckData } from '../service/index.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { CHECK_HELP } from './help.js';
import { parseCommandLine, TEMPLATE_LANGUAGE_OPTION, templateLanguageArgument } from './parse-command-line.js';

const OPTIONS = {
  data: { type: 'string', short: 'd' },
  markdown: { type: 'boolean', short: 'm' },
  json: { type: 'boolean' },
  ...TEMPLATE_LANGUAGE_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exits 0 when the template has no problem, 1 when it has (or could not be read), 2 for a wrong command line. */
export async function checkCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(CHECK_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) return usage(io, positionals.length === 0 ? 'name the template file' : 'name exactly one template file');

  const language = templateLanguageArgument(values['template-language']);
  if (typeof language === 'object') return usage(io, language.problem);
  const templatePath = resolve(io.cwd, positionals[0] as string);
  const markdown = values.markdown === true || ['.md', '.markdown'].includes(extname(templatePath).toLowerCase());
  let html: string;
  let data: unknown;
  try {
    html = await readFile(templatePath, 'utf8');
    data = values.data === undefined ? undefined : parseJson(await readFile(resolve(io.cwd, values.data), 'utf8'), values.data);
  } catch (error) {
    return failed(io, error instanceof Error ? error.message : String(error));
  }

  const service = createDocumentService({ baseUrl: 'http://localhost' });
  const body: unknown = {
    html,
    content_type: markdown ? 'markdown' : 'html',
    ...(language === undefined ? {} : { template_language: language }),
    ...(data === undefined ? {} : { data }),
  };
  const outcome = await service.checkTemplate(body, { accountId: 'cli' });
  if (!outcome.ok) {
    const error = outcome.error;
    const lines = error instanceof ValidationError ? error.issues.map((issue) => `${issue.field || '(request)'}: ${issue.message}`) : [error.detail ? `${error.message} ${error.detail}` : error.message];
    return failed(io, lines.join('\n  '));
  }
  const result = outcome.body.data;
  if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout.write(report(relative(io.cwd, templatePath) || templatePath, result, data !== undefined));
  return result.valid ? EXIT_OK : EXIT_FAILED;
}

/** `file:line:column: type: message`, the construct under it, and a count, as compilers print them. */
function report(file: string, result: TemplateCheckData, withData: boolean): string {
  if (result.valid) {
    const count = result.placeholders.length;
    const checked = withData ? 'syntax and data checked' : 'syntax checked; add --data to check the data too';
    return `${file}: no problems (${count} placeholder${count === 1 ? '' : 's'}; ${checked})\n`;
  }
  const lines: string[] = [];
  for (const problem of result.problems) {
    const where = problem.line === null ? file : `${file}:${problem.line}:${problem.column}`;
    lines.push(`${where}: ${problem.type}: ${problem.message}`);
    if (problem.construct !== null) lines.push(`    ${problem.construct.replace(/\s*\n\s*/g, ' ')}`);
  }
  const count = result.problems.length;
  lines.push(`${count} problem${count === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}

function parseJson(text: string, path: string): unknown {
  try {
    // As Python reads it: `1180.0` stays a float, which Jinja2 prints `1180.0`.
    return parseJinjaJson(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith check: ${problem}\nRun "pagesmith check --help" for usage.\n`);
  return EXIT_USAGE;
}

function failed(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith check: ${problem}\n`);
  return EXIT_FAILED;
}
