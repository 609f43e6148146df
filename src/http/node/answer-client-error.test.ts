// answerClientError: Node's parser failures answered with the envelope, on a bare node:http server.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientError } from './answer-client-error.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function listen(options: { requestTimeout?: number; connectionsCheckingInterval?: number } = {}): Promise<number> {
  server = createServer(options, (_req, res) => res.end('ok')).on('clientError', answerClientError);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `text` (and nothing more) and reads until the server closes the connection. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; headers: string; body: unknown } {
  const split = answer.indexOf('\r\n\r\n');
  return { status: Number(answer.split(' ')[1]), headers: answer.slice(0, split).toLowerCase(), body: JSON.parse(answer.slice(split + 4)) };
}

describe('answerClientError', () => {
  it('answers a malformed request with 400 and the envelope, and closes', async () => {
    const answer = parse(await exchange(await listen(), 'GET / HTTP/1.1\r\nno colon here\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toEqual({ success: false, message: 'Bad request. The request line or headers could not be read; send a well-formed HTTP/1.1 request.', data: [] });
  });

  it('answers oversized headers with 431', async () => {
    const answer = parse(await exchange(await listen(), `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ success: false, data: [] });
  });

  it('answers a request that does not arrive in time with 408', async () => {
    const port = await listen({ requestTimeout: 200, connectionsCheckingInterval: 50 });
    const answer = parse(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n'));
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ success: false, message: 'The request took too long to arrive. Send it again, faster.', data: [] });
  });
});
