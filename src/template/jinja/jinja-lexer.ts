// Splits Jinja template text into tokens in one left-to-right pass, as Jinja's lexer does with its default delimiters, without regular expressions over the text.
import { JinjaSyntaxError } from './jinja-errors.js';
import { isPyWhitespace, rstripWhitespace } from './python-values.js';

export type TokenType =
  | 'data'
  | 'variable_begin'
  | 'variable_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'integer'
  | 'float'
  | 'eof'
  | OperatorType;

type OperatorType =
  | 'add' | 'sub' | 'div' | 'floordiv' | 'mul' | 'mod' | 'pow' | 'tilde'
  | 'lbracket' | 'rbracket' | 'lparen' | 'rparen' | 'lbrace' | 'rbrace'
  | 'eq' | 'ne' | 'gt' | 'gteq' | 'lt' | 'lteq' | 'assign' | 'dot' | 'colon' | 'pipe' | 'comma' | 'semicolon';

export interface Token {
  readonly type: TokenType;
  /** Text for data, names and strings (decoded), the number for integers and floats, the operator as written. */
  readonly value: string | number;
  /** Offset of the token's first character in the template. */
  readonly start: number;
}

const TWO_CHARACTER_OPERATORS: Readonly<Record<string, OperatorType>> = {
  '//': 'floordiv',
  '**': 'pow',
  '==': 'eq',
  '!=': 'ne',
  '>=': 'gteq',
  '<=': 'lteq',
};

const ONE_CHARACTER_OPERATORS: Readonly<Record<string, OperatorType>> = {
  '+': 'add',
  '-': 'sub',
  '/': 'div',
  '*': 'mul',
  '%': 'mod',
  '~': 'tilde',
  '[': 'lbracket',
  ']': 'rbracket',
  '(': 'lparen',
  ')': 'rparen',
  '{': 'lbrace',
  '}': 'rbrace',
  '>': 'gt',
  '<': 'lt',
  '=': 'assign',
  '.': 'dot',
  ':': 'colon',
  '|': 'pipe',
  ',': 'comma',
  ';': 'semicolon',
};

const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

const ID_START = /[\p{XID_Start}_]/u;
const ID_CONTINUE = /\p{XID_Continue}/u;

/**
 * Jinja's lexer with `{{ }}`, `{% %}` and `{# #}`, whitespace control (`{%-`, `-%}`, `+%}`),
 * `{% raw %}` blocks, one trailing newline dropped and line endings read as `\n`. Tokens are made
 * as the parser asks for them, so a template is never held as a token list. `onTag` is told of
 * every `{{` and `{%` as it is reached.
 */
export class JinjaLexer {
  private position = 0;
  /** Where the template ends for the lexer: before its one trailing newline. */
  private readonly end: number;
  private mode: 'root' | 'variable' | 'block' = 'root';
  private readonly pending: Token[] = [];
  private balance: string[] = [];

  constructor(
    private readonly source: string,
    private readonly onTag: () => void = () => undefined,
  ) {
    let end = source.length;
    if (source.endsWith('\r\n')) end -= 2;
    else if (source.endsWith('\n') || source.endsWith('\r')) end -= 1;
    this.end = end;
  }

  next(): Token {
    for (;;) {
      const queued = this.pending.shift();
      if (queued) return queued;
      if (this.mode === 'root') {
        if (this.position >= this.end) return { type: 'eof', value: '', start: this.end };
        this.lexRoot();
      } else {
        return this.lexTag();
      }
    }
  }

  /** Data up to the next `{{`, `{%` or `{#`, then that opening (or a whole raw block, or a skipped comment). */
  private lexRoot(): void {
    const { source, end } = this;
    const from = this.position;
    let open = source.indexOf('{', from);
    while (open !== -1 && open + 1 < end) {
      const next = source.charCodeAt(open + 1);
      if (next === 0x7b || next === 0x25 || next === 0x23) break;
      open = source.indexOf('{', open + 1);
    }
    if (open === -1 || open + 1 >= end) {
      this.pushData(source.slice(from, end), from);
      this.position = end;
      return;
    }
    const kind = source.charCodeAt(open + 1);
    const modifier = source.charCodeAt(open + 2);
    const strip = modifier === 0x2d && open + 2 < end;
    const text = source.slice(from, open);
    this.pushData(strip ? rstripWhitespace(text) : text, from);
    const afterOpening = open + 2 + (strip || (modifier === 0x2b && open + 2 < end) ? 1 : 0);
    if (kind === 0x23) {
      this.skipComment(open, afterOpening);
      return;
    }
    this.onTag();
    if (kind === 0x25) {
      const rawEnd = this.matchRawTag(open, 'raw');
      if (rawEnd !== undefined) {
        this.lexRaw(open, rawEnd);
        return;
      }
    }
    this.pending.push({ type: kind === 0x7b ? 'variable_begin' : 'block_begin', value: kind === 0x7b ? '{{' : '{%', start: open });
    this.mode = kind === 0x7b ? 'variable' : 'block';
    this.balance = [];
    this.position = afterOpening;
  }

  private pushData(text: string, start: number): void {
    if (text === '') return;
    this.pending.push({ type: 'data', value: normalizeNewlines(text), start });
  }

  /** A comment runs to the first `#}`; `-#}` strips the whitespace after it. */
  private skipComment(open: number, contentStart: number): void {
    const close = this.source.indexOf('#}', contentStart);
    if (close === -1 || close + 2 > this.end) throw new JinjaSyntaxError('Missing end of comment tag', open);
    this.position = close + 2;
    if (close - 1 >= contentStart && this.source.charCodeAt(close - 1) === 0x2d) this.skipWhitespace();
  }

  /**
   * Matches `{%(-|+|)\s*name\s*(-%}\s*|+%}|%})` at `start` (`+%}` only for endraw, as in Jinja)
   * and returns where it ends (whitespace stripped by `-%}` included), or undefined.
   */
  private matchRawTag(start: number, name: 'raw' | 'endraw'): number | undefined {
    const { source, end } = this;
    if (!source.startsWith('{%', start)) return undefined;
    let at = start + 2;
    const modifier = source.charCodeAt(at);
    if (modifier === 0x2d || modifier === 0x2b) at += 1;
    at = this.whitespaceEnd(at);
    if (!source.startsWith(name, at)) return undefined;
    at = this.whitespaceEnd(at + name.length);
    if (source.startsWith('-%}', at) && at + 3 <= end) return this.whitespaceEnd(at + 3);
    if (name === 'endraw' && source.startsWith('+%}', at) && at + 3 <= end) return at + 3;
    if (source.startsWith('%}', at) && at + 2 <= end) return at + 2;
    return undefined;
  }

  /** `{% raw %}...{% endraw %}`: the text between, as it is; `{%- endraw` strips the whitespace before the end. */
  private lexRaw(open: number, contentStart: number): void {
    const { source } = this;
    for (let at = source.indexOf('{%', contentStart); at !== -1 && at < this.end; at = source.indexOf('{%', at + 2)) {
      const tagEnd = this.matchRawTag(at, 'endraw');
      if (tagEnd === undefined) continue;
      const text = source.slice(contentStart, at);
      this.pushData(source.charCodeAt(at + 2) === 0x2d ? rstripWhitespace(text) : text, contentStart);
      this.position = tagEnd;
      return;
    }
    throw new JinjaSyntaxError('Missing end of raw directive', open);
  }

  private whitespaceEnd(from: number): number {
    let at = from;
    while (at < this.end && isPyWhitespace(this.source.charCodeAt(at))) at += 1;
    return at;
  }

  private skipWhitespace(): void {
    this.position = this.whitespaceEnd(this.position);
  }

  private lexTag(): Token {
    this.skipWhitespace();
    const { source, end } = this;
    const at = this.position;
    if (at >= end) {
      // The parser reports the unclosed tag.
      this.mode = 'root';
      return { type: 'eof', value: '', start: end };
    }
    if (this.balance.length === 0) {
      const close = this.matchTagEnd(at);
      if (close !== undefined) {
        const type = this.mode === 'variable' ? 'variable_end' : 'block_end';
        this.mode = 'root';
        return { type, value: type === 'variable_end' ? '}}' : '%}', start: at };
      }
    }
    const code = source.charCodeAt(at);
    if (code >= 0x30 && code <= 0x39) return this.lexNumber(at);
    if (code === 0x27 || code === 0x22) return this.lexString(at);
    const two = source.slice(at, at + 2);
    const twoOperator = at + 2 <= end ? TWO_CHARACTER_OPERATORS[two] : undefined;
    if (twoOperator) {
      this.position = at + 2;
      return { type: twoOperator, value: two, start: at };
    }
    const one = source[at] as string;
    const oneOperator = ONE_CHARACTER_OPERATORS[one];
    if (oneOperator) {
      this.trackBalance(one, at);
      this.position = at + 1;
      return { type: oneOperator, value: one, start: at };
    }
    return this.lexName(at);
  }

  /** `}}` or `-}}` in a print tag, `%}`, `-%}` or `+%}` in a block tag: where it starts (whitespace after `-` skipped). */
  private matchTagEnd(at: number): true | undefined {
    const { source, end } = this;
    const closing = this.mode === 'variable' ? '}}' : '%}';
    if (source.startsWith(`-${closing}`, at) && at + 3 <= end) {
      this.position = this.whitespaceEnd(at + 3);
      return true;
    }
    if (this.mode === 'block' && source.startsWith('+%}', at) && at + 3 <= end) {
      this.position = at + 3;
      return true;
    }
    if (source.startsWith(closing, at) && at + 2 <= end) {
      this.position = at + 2;
      return true;
    }
    return undefined;
  }

  private trackBalance(char: string, at: number): void {
    const closing = CLOSING[char];
    if (closing) {
      this.balance.push(closing);
      return;
    }
    if (char !== ')' && char !== ']' && char !== '}') return;
    const expected = this.balance.pop();
    if (expected === undefined) throw new JinjaSyntaxError(`unexpected '${char}'`, at);
    if (expected !== char) throw new JinjaSyntaxError(`unexpected '${char}', expected '${expected}'`, at);
  }

  private lexNumber(start: number): Token {
    const { source } = this;
    // A float may not start right after a dot (`x.0.1` is an index, then another).
    if (source.charCodeAt(start - 1) !== 0x2e) {
      const floatEnd = this.floatEnd(start);
      if (floatEnd !== undefined) {
        this.position = floatEnd;
        return { type: 'float', value: Number(source.slice(start, floatEnd).replaceAll('_', '')), start };
      }
    }
    const prefix = source.slice(start, start + 2).toLowerCase();
    const radix = prefix === '0b' ? 2 : prefix === '0o' ? 8 : prefix === '0x' ? 16 : 10;
    if (radix !== 10) {
      const digitsEnd = this.digitsEnd(start + 2, radix, true);
      if (digitsEnd > start + 2) {
        this.position = digitsEnd;
        return { type: 'integer', value: Number.parseInt(source.slice(start + 2, digitsEnd).replaceAll('_', ''), radix), start };
      }
    }
    if (source.charCodeAt(start) === 0x30) {
      // `0(_?0)*`
      let at = start + 1;
      while (source.charCodeAt(at) === 0x30 || (source.charCodeAt(at) === 0x5f && source.charCodeAt(at + 1) === 0x30)) at += source.charCodeAt(at) === 0x5f ? 2 : 1;
      this.position = at;
      return { type: 'integer', value: 0, start };
    }
    const end = this.digitsEnd(start + 1, 10, true);
    this.position = end;
    return { type: 'integer', value: Number(source.slice(start, end).replaceAll('_', '')), start };
  }

  /** `(\d+_)*\d+((\.(\d+_)*\d+)?e[+-]?(\d+_)*\d+|\.(\d+_)*\d+)` at `start`, or undefined. */
  private floatEnd(start: number): number | undefined {
    const { source } = this;
    const whole = this.digitsEnd(start, 10, false);
    let at = whole;
    let fraction = false;
    if (source.charCodeAt(at) === 0x2e && isDigit(source.charCodeAt(at + 1))) {
      at = this.digitsEnd(at + 1, 10, false);
      fraction = true;
    }
    const e = source.charCodeAt(at);
    if (e === 0x65 || e === 0x45) {
      let exponent = at + 1;
      if (source.charCodeAt(exponent) === 0x2b || source.charCodeAt(exponent) === 0x2d) exponent += 1;
      if (isDigit(source.charCodeAt(exponent))) return Math.min(this.digitsEnd(exponent, 10, false), this.end);
    }
    return fraction ? Math.min(at, this.end) : undefined;
  }

  /** The end of digits of `radix` from `from`; with `leadingUnderscore`, the first may follow `_` (`(_?d)*`), else `_` only between digits. */
  private digitsEnd(from: number, radix: number, leadingUnderscore: boolean): number {
    const { source, end } = this;
    let at = from;
    while (at < end) {
      const code = source.charCodeAt(at);
      if (isDigitOf(code, radix)) {
        at += 1;
      } else if (code === 0x5f && (leadingUnderscore || at > from) && isDigitOf(source.charCodeAt(at + 1), radix)) {
        at += 2;
      } else {
        break;
      }
    }
    return at;
  }

  private lexString(start: number): Token {
    const { source, end } = this;
    const quote = source.charCodeAt(start);
    let at = start + 1;
    while (at < end) {
      const code = source.charCodeAt(at);
      if (code === 0x5c) at += 2;
      else if (code === quote) break;
      else at += 1;
    }
    if (at >= end) throw new JinjaSyntaxError(`unexpected char ${quote === 0x27 ? '"\'"' : "'\"'"} at ${start}`, start);
    this.position = at + 1;
    return { type: 'string', value: decodeString(normalizeNewlines(source.slice(start + 1, at)), start), start };
  }

  private lexName(start: number): Token {
    const { source, end } = this;
    let at = start;
    while (at < end) {
      const code = source.charCodeAt(at);
      if (isAsciiWord(code)) {
        at += 1;
        continue;
      }
      if (code < 0x80) break;
      const char = String.fromCodePoint(source.codePointAt(at) as number);
      if (!ID_CONTINUE.test(char)) break;
      at += char.length;
    }
    if (at === start) throw new JinjaSyntaxError(`unexpected char ${JSON.stringify(source[start]).replace(/^"|"$/g, "'")} at ${start}`, start);
    const name = source.slice(start, at);
    if (!ID_START.test(String.fromCodePoint(name.codePointAt(0) as number))) throw new JinjaSyntaxError('Invalid character in identifier', start);
    this.position = at;
    return { type: 'name', value: name, start };
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isDigitOf(code: number, radix: number): boolean {
  if (radix === 10) return isDigit(code);
  if (radix === 2) return code === 0x30 || code === 0x31;
  if (radix === 8) return code >= 0x30 && code <= 0x37;
  return isDigit(code) || (code >= 0x61 && code <= 0x66) || (code >= 0x41 && code <= 0x46);
}

function isAsciiWord(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || isDigit(code) || code === 0x5f;
}

/** `\r\n` and `\r` as `\n`, as Jinja reads every line ending. */
export function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** A string literal's text as Python's `unicode-escape` decodes it. */
function decodeString(text: string, start: number): string {
  if (!text.includes('\\')) return text;
  let out = '';
  let at = 0;
  while (at < text.length) {
    const backslash = text.indexOf('\\', at);
    if (backslash === -1) {
      out += text.slice(at);
      break;
    }
    out += text.slice(at, backslash);
    const char = text[backslash + 1] ?? '';
    at = backslash + 2;
    const simple = SIMPLE_ESCAPES[char];
    if (simple !== undefined) {
      out += simple;
    } else if (char === '\n') {
      // A line continuation.
    } else if (char >= '0' && char <= '7') {
      let digits = char;
      while (digits.length < 3 && text[at] !== undefined && (text[at] as string) >= '0' && (text[at] as string) <= '7') digits += text[at++];
      out += String.fromCodePoint(Number.parseInt(digits, 8));
    } else if (char === 'x' || char === 'u' || char === 'U') {
      const length = char === 'x' ? 2 : char === 'u' ? 4 : 8;
      const digits = text.slice(at, at + length);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== length) throw new JinjaSyntaxError(`truncated \\${char}${'X'.repeat(length)} escape`, start);
      const code = Number.parseInt(digits, 16);
      if (code > 0x10ffff) throw new JinjaSyntaxError('illegal Unicode character', start);
      out += String.fromCodePoint(code);
      at += length;
    } else if (char === 'N') {
      throw new JinjaSyntaxError('\\N{…} escapes are not supported; write the character itself', start);
    } else {
      out += `\\${char}`;
    }
  }
  return out;
}
