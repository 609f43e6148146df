// Writes a web Response to a Node ServerResponse, streaming the body with backpressure.
import type { ServerResponse } from 'node:http';

export function nodeHeaders(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}

/** Streams the body; stops (cancelling the body) if the client goes away. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, nodeHeaders(response));
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await writable(res);
      if (res.destroyed) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    res.end();
  } finally {
    reader.releaseLock();
  }
}

function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
