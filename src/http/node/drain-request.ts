// Reads and discards what is left of a request body, within a time and byte bound.
import type { IncomingMessage } from 'node:http';

export interface DrainBounds {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** Resolves true once the body has ended, false when a bound was hit or the client went away first. */
export function drainRequest(req: IncomingMessage, bounds: DrainBounds): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.socket?.off('close', onGone);
      req.socket?.off('end', onGone);
      req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.byteLength;
      if (seen > bounds.maxBytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onGone = (): void => finish(req.complete);
    const timer = setTimeout(() => finish(false), bounds.timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.socket?.once('close', onGone);
    req.socket?.once('end', onGone);
    req.resume();
  });
}
