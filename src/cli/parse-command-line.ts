// Parses a command's arguments with node:util parseArgs, turning its failures into a usage message.
import { parseArgs, type ParseArgsConfig } from 'node:util';

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
