// Builds a web Request from a Node request, streaming the body without ever destroying the Node stream.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Cancelling the body (as the fetch handler does past the size limit) only stops reading:
 * the Node stream stays open, so the adapter can still drain it and the client sees the answer.
 */
export function toWebRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers: webHeaders(req), signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(requestUrl(req), init);
}

export function requestUrl(req: IncomingMessage): string {
  // Express strips its mount path from req.url but keeps the full one in originalUrl.
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const protocol = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  if (!target.startsWith('/')) {
    try {
      return new URL(target).href;
    } catch {
      return `${protocol}://localhost/`;
    }
  }
  try {
    return new URL(`${protocol}://${req.headers.host ?? 'localhost'}${target}`).href;
  } catch {
    return new URL(`${protocol}://localhost${target}`).href;
  }
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] as string;
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers
    try {
      headers.append(name, raw[index + 1] as string);
    } catch {
      // A header the Fetch API refuses is one no route reads.
    }
  }
  return headers;
}

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  // Made on the first read, and nothing read ahead (high-water mark 0): a request no route takes
  // goes on to the next middleware with its body untouched.
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
