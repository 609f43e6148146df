// Reads JSON text as Python's json.loads does for Jinja: a number written with a point or an exponent stays a float, so `1000.0` prints `1000.0` as it does in Python.
import { PyFloat } from './python-values.js';

/**
 * `JSON.parse(text)`, except that whole numbers written as floats (`1000.0`, `1e3`) come back as
 * PyFloat (the Jinja dialect prints them `1000.0`; everything else reads them as numbers through
 * `valueOf`), and a `__proto__` key is an ordinary key. Throws SyntaxError as JSON.parse does.
 */
export function parseJinjaJson(text: string): unknown {
  // JSON.parse validates and builds the structure; a second pass finds which numbers were floats.
  const parsed: unknown = JSON.parse(text);
  if (!/[.eE]/.test(text)) return parsed;
  return rebuild(text);
}

function rebuild(text: string): unknown {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };
  const readString = (): string => {
    const start = at;
    at += 1;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  // Containers are filled through an explicit stack, so deep data cannot overflow the call stack.
  type Frame = { container: unknown[] | Record<string, unknown>; key: string | null };
  const stack: Frame[] = [];
  let result: unknown;
  const place = (value: unknown): void => {
    const frame = stack.at(-1);
    if (!frame) result = value;
    else if (Array.isArray(frame.container)) frame.container.push(value);
    else {
      Object.defineProperty(frame.container, frame.key as string, { value, enumerable: true, writable: true, configurable: true });
      frame.key = null;
    }
  };
  for (;;) {
    skip();
    const frame = stack.at(-1);
    const char = text[at];
    if (char === undefined) break;
    if (char === ',') {
      at += 1;
      continue;
    }
    if (char === ']' || char === '}') {
      at += 1;
      const done = stack.pop() as Frame;
      place(done.container);
      if (stack.length === 0) break;
      continue;
    }
    if (frame && !Array.isArray(frame.container) && frame.key === null) {
      frame.key = readString();
      skip();
      at += 1;
      continue;
    }
    let value: unknown;
    if (char === '[' || char === '{') {
      at += 1;
      stack.push({ container: char === '[' ? [] : {}, key: null });
      continue;
    }
    if (char === '"') {
      value = readString();
    } else if (text.startsWith('true', at)) {
      value = true;
      at += 4;
    } else if (text.startsWith('false', at)) {
      value = false;
      at += 5;
    } else if (text.startsWith('null', at)) {
      value = null;
      at += 4;
    } else {
      const start = at;
      while (at < text.length && '+-0123456789.eE'.includes(text[at] as string)) at += 1;
      const literal = text.slice(start, at);
      const number = Number(literal);
      value = /[.eE]/.test(literal) && Number.isInteger(number) ? new PyFloat(number) : number;
    }
    place(value);
    if (stack.length === 0) break;
  }
  return result;
}
