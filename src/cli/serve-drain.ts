// Drains a node:http server for a graceful stop: no new connection, in-flight answers finished within a bound, every connection closed after its answer.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Drainable {
  /** Wraps the server's request listener: tracks the answers in flight, and closes their connections once draining. */
  track(listener: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Stops accepting connections, lets the answers in flight finish (their connections close after
   * them), and past `timeoutMs` closes what is left. Resolves with how many answers were cut short.
   */
  drain(timeoutMs: number): Promise<{ readonly cut: number }>;
}

export function drainable(server: Server): Drainable {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  return {
    track(listener) {
      return (req, res) => {
        inFlight.add(res);
        res.once('close', () => {
          inFlight.delete(res);
          // A keep-alive connection that has just gone idle would otherwise hold the stop until it times out.
          if (draining) server.closeIdleConnections();
        });
        if (draining) res.setHeader('connection', 'close');
        listener(req, res);
      };
    },
    drain(timeoutMs) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      return new Promise((resolve) => {
        let cut = 0;
        const timer = setTimeout(() => {
          cut = [...inFlight].filter((res) => !res.writableFinished).length;
          server.closeAllConnections();
        }, timeoutMs);
        server.close(() => {
          clearTimeout(timer);
          resolve({ cut });
        });
        server.closeIdleConnections();
      });
    },
  };
}
