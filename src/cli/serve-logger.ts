// serve's JSON log: pino, one line per event on the given stream, level names spelt out and ISO times.
import { hostname } from 'node:os';
import { pino, type Logger as PinoLogger } from 'pino';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(text: string): text is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(text);
}

export function createServeLogger(stream: NodeJS.WritableStream, level: LogLevel): PinoLogger {
  return pino(
    {
      level,
      base: { service: 'pagesmith', pid: process.pid, hostname: hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}
