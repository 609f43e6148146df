// `pagesmith render`: one template plus JSON data to a PDF file (or page images), with resources read from the template's folder.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { ValidationError } from '../errors/index.js';
import { createResourceLoader } from '../resources/index.js';
import { parseJinjaJson } from '../template/jinja/index.js';
import { createDocumentService } from '../service/index.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { RENDER_HELP } from './help.js';
import { createNativeEngine } from '../engine/native-engine.js';
import { FONT_DIR_OPTION, fontDirsArgument, parseCommandLine, TEMPLATE_LANGUAGE_OPTION, templateLanguageArgument, type Parsed } from './parse-command-line.js';
import { PageImageOptionsError } from '../engine/errors.js';
import { pageImageSettings } from '../engine/raster/page-image-options.js';
import type { PageImageOptions, PageImages } from '../engine/types.js';
import { outputFormatArgument, pageImageEngine, pageImageFile, pageListArgument, positiveNumberArgument } from './page-image-output.js';

const OPTIONS = {
  data: { type: 'string', short: 'd' },
  output: { type: 'string', short: 'o' },
  markdown: { type: 'boolean', short: 'm' },
  css: { type: 'string' },
  password: { type: 'string' },
  'base-dir': { type: 'string' },
  format: { type: 'string' },
  scale: { type: 'string' },
  width: { type: 'string' },
  pages: { type: 'string' },
  quality: { type: 'string' },
  ...TEMPLATE_LANGUAGE_OPTION,
  ...FONT_DIR_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

export async function renderCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(RENDER_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) return usage(io, positionals.length === 0 ? 'name the template file' : 'name exactly one template file');
  if (values.output === undefined) return usage(io, 'name the PDF to write with -o <file> (or -o - for stdout)');
  const paint = imageArguments(values);
  if (paint !== null && 'problem' in paint) return usage(io, paint.problem);

  const language = templateLanguageArgument(values['template-language']);
  if (typeof language === 'object') return usage(io, language.problem);
  const fonts = fontDirsArgument(values['font-dir'], io.cwd);
  if (!Array.isArray(fonts)) return usage(io, fonts.problem);
  const templatePath = resolve(io.cwd, positionals[0] as string);
  const markdown = values.markdown === true || ['.md', '.markdown'].includes(extname(templatePath).toLowerCase());
  let html: string;
  let data: unknown;
  let extraCss: string | undefined;
  try {
    html = await readFile(templatePath, 'utf8');
    data = values.data === undefined ? {} : parseJson(await readFile(resolve(io.cwd, values.data), 'utf8'), values.data);
    extraCss = values.css === undefined ? undefined : await readFile(resolve(io.cwd, values.css), 'utf8');
  } catch (error) {
    return failed(io, error instanceof Error ? error.message : String(error));
  }

  const baseDir = values['base-dir'] === undefined ? dirname(templatePath) : resolve(io.cwd, values['base-dir']);
  const painter = paint === null ? null : pageImageEngine(createNativeEngine(fonts.length > 0 ? { fonts } : {}), paint);
  const service = createDocumentService({
    baseUrl: 'http://localhost',
    resourceLoader: createResourceLoader({ baseDir, onRefused: (url, reason) => io.stderr.write(`pagesmith render: skipped ${url}: ${reason}\n`) }),
    // A local render is not metered.
    monthlyLimit: Number.MAX_SAFE_INTEGER,
    // One document: a second template thread would only be started and ended.
    templateThreads: 1,
    ...(painter !== null ? { engine: painter.engine } : fonts.length > 0 && { engine: createNativeEngine({ fonts }) }),
  });
  // The data file is anyone's JSON: the service checks the body as it checks an HTTP request's.
  const body: unknown = {
    html,
    data,
    response_type: 'pdf',
    content_type: markdown ? 'markdown' : 'html',
    ...(language === undefined ? {} : { template_language: language }),
    ...(extraCss === undefined ? {} : { extra_css: extraCss }),
    ...(values.password === undefined ? {} : { password: values.password }),
  };
  const outcome = await service.quickGenerate(body, { accountId: 'cli' }, {
    onDocument: (made) => made.warnings.forEach((warning) => io.stderr.write(`pagesmith render: warning: ${warning.message}\n`)),
  });
  if (!outcome.ok) return failed(io, describeFailure(outcome.error));
  if (painter !== null) return writeImages(io, values.output, painter.images());
  if (!(outcome.body instanceof Uint8Array)) return failed(io, 'the service did not return PDF bytes');

  try {
    if (values.output === '-') io.stdout.write(outcome.body);
    else await writeFile(resolve(io.cwd, values.output), outcome.body);
  } catch (error) {
    return failed(io, error instanceof Error ? error.message : String(error));
  }
  if (values.output !== '-') io.stderr.write(`pagesmith render: wrote ${values.output} (${outcome.body.byteLength} bytes)\n`);
  return EXIT_OK;
}

function parseJson(text: string, path: string): unknown {
  try {
    // As Python reads it: `1180.0` stays a float, which Jinja2 prints `1180.0`.
    return parseJinjaJson(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The page image options, null for a PDF, or a usage message. */
function imageArguments(values: Parsed<typeof OPTIONS>['values']): PageImageOptions | { readonly problem: string } | null {
  const format = outputFormatArgument(values.format, values.output ?? '');
  if (typeof format === 'object') return format;
  if (format === 'pdf') {
    const stray = (['scale', 'width', 'pages', 'quality'] as const).find((name) => values[name] !== undefined);
    return stray === undefined ? null : { problem: `--${stray} is for page images (--format png, jpeg or webp)` };
  }
  if (values.password !== undefined) return { problem: '--password protects a PDF; page images have none' };
  const scale = positiveNumberArgument('scale', values.scale);
  const width = positiveNumberArgument('width', values.width);
  const quality = values.quality === undefined ? undefined : Number(values.quality);
  const pages = values.pages === undefined ? undefined : pageListArgument(values.pages);
  for (const parsed of [scale, width, pages]) if (typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  const options: PageImageOptions = {
    format,
    ...(typeof scale === 'number' && { scale }),
    ...(typeof width === 'number' && { width }),
    ...(Array.isArray(pages) && { pages }),
    ...(quality !== undefined && { quality }),
  };
  try {
    // Out-of-range values are usage errors, found before the template is rendered.
    pageImageSettings(options);
  } catch (error) {
    if (error instanceof PageImageOptionsError) return { problem: error.issues.map((issue) => `--${issue.field.split('.')[0]}: ${issue.message}`).join('; ') };
    throw error;
  }
  return options;
}

/** Writes one file per page image (`-o -`: the one image to stdout). */
async function writeImages(io: CliIo, output: string, painted: PageImages | null): Promise<number> {
  if (painted === null) return failed(io, 'the engine painted no page images');
  if (painted.images.length === 0) return failed(io, `no page to paint: the document has ${painted.pageCount} page${painted.pageCount === 1 ? '' : 's'}`);
  if (output === '-') {
    if (painted.images.length !== 1) return failed(io, `-o - writes one image to stdout, and the document has ${painted.images.length} to write: choose one with --pages`);
    io.stdout.write(painted.images[0]!.data);
    return EXIT_OK;
  }
  const written: string[] = [];
  try {
    for (const image of painted.images) {
      const file = pageImageFile(output, image.page, image.format);
      await writeFile(resolve(io.cwd, file), image.data);
      written.push(file);
    }
  } catch (error) {
    return failed(io, error instanceof Error ? error.message : String(error));
  }
  io.stderr.write(`pagesmith render: wrote ${written.join(', ')} (${painted.images.length} of ${painted.pageCount} page${painted.pageCount === 1 ? '' : 's'})\n`);
  return EXIT_OK;
}

/** The envelope message alone says little on a terminal; the detail says what to fix. */
function describeFailure(error: Error & { detail?: string }): string {
  // Its message already lists its issues.
  if (error instanceof PageImageOptionsError) return error.message;
  if (error instanceof ValidationError) {
    return [error.message, ...error.issues.map((issue) => `  ${issue.field || '(request)'}: ${issue.message}`)].join('\n');
  }
  return error.detail ? `${error.message} ${error.detail}` : error.message;
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith render: ${problem}\nRun "pagesmith render --help" for usage.\n`);
  return EXIT_USAGE;
}

function failed(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith render: ${problem}\n`);
  return EXIT_FAILED;
}
