// observeResponse: the same answer, with a callback once its body has gone out (or was cancelled) and how many bytes it was.
import { isUnmatched, markUnmatched } from '../unmatched.js';

/** `complete` is false when the body was cancelled or failed before its end (the client went away, say). */
export type ResponseDone = (bytesOut: number, complete: boolean) => void;

/** A Response to send instead of `response`; `done` is called once, at once for a body-less one. */
export function observeResponse(response: Response, done: ResponseDone): Response {
  if (response.body === null) {
    done(0, true);
    return response;
  }
  const reader = response.body.getReader();
  let bytes = 0;
  let finished = false;
  const finish = (complete: boolean): void => {
    if (finished) return;
    finished = true;
    done(bytes, complete);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          finish(true);
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        finish(false);
        controller.error(error);
      }
    },
    cancel(reason) {
      finish(false);
      return reader.cancel(reason);
    },
  });
  const observed = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  return isUnmatched(response) ? markUnmatched(observed) : observed;
}
