// Logger: the part of a pino logger the fetch handler writes to — access lines and the errors it reports.

/** One log method: structured fields first, then the message, as pino takes them. */
export type LogMethod = (fields: Record<string, unknown>, message: string) => void;

/**
 * What the handler logs through. A pino logger (`pino()`) is one as it is; so is anything with
 * these four methods, such as a child logger of your app's, or `console`.
 */
export interface Logger {
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
}
