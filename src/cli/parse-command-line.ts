// Parses a command's arguments with node:util parseArgs, turning its failures into a usage message.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isTemplateLanguage, type TemplateLanguage } from '../template/index.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

/** The parsed values, or the parser's complaint as a string. */
export function parseCommandLine<O extends Options>(args: readonly string[], options: O): Parsed<O> | string {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A whole non-negative number, or null. */
export function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export const TEMPLATE_LANGUAGE_OPTION = { 'template-language': { type: 'string' } } as const;

/** `--template-language`: undefined when absent, the language, or a usage message when it names none. */
export function templateLanguageArgument(text: string | undefined): TemplateLanguage | undefined | { readonly problem: string } {
  if (text === undefined || isTemplateLanguage(text)) return text;
  return { problem: `--template-language must be jinja or liquid, not ${text}` };
}

/** `--font-dir <dir>`, repeatable: folders of fonts added to the bundled ones (render and serve). */
export const FONT_DIR_OPTION = { 'font-dir': { type: 'string', multiple: true } } as const;

/** The `--font-dir` folders resolved against `cwd`, or a usage message naming one that is not a folder. */
export function fontDirsArgument(dirs: readonly string[] | undefined, cwd: string): string[] | { readonly problem: string } {
  const resolved = (dirs ?? []).map((dir) => resolve(cwd, dir));
  for (const [i, dir] of resolved.entries()) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return { problem: `--font-dir ${(dirs ?? [])[i]} is not a folder` };
  }
  return resolved;
}
