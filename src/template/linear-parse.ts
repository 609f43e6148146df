// Makes a LiquidJS instance parse in time proportional to the template, not to its token count squared.
import { Parser, type Liquid, type TopLevelToken } from 'liquidjs';

/**
 * LiquidJS's parser takes tokens off the front of one array with `shift()`, and an array of more
 * than some 16 000 elements is moved along its whole length on every shift: a template of 100 000
 * placeholders took 20 s to parse, 2 MB of them minutes. Here every parse of `liquid` hands its
 * parser a queue whose `shift()` only moves an index. LiquidJS's parser and tags use nothing of a
 * token list but `shift()` and `length` (liquidjs 10.x), which the queue gives.
 */
export function parseLinearly(liquid: Liquid): void {
  liquid.parse = function parse(html: string, filepath?: string) {
    const parser = new Parser(liquid);
    const parseTokens = parser.parseTokens.bind(parser);
    // `{% liquid %}` parses its own token list through the same parser.
    parser.parseTokens = (tokens: TopLevelToken[]) => parseTokens(tokens instanceof TokenQueue ? tokens : (new TokenQueue(tokens) as unknown as TopLevelToken[]));
    return parser.parse(html, filepath);
  };
}

/** A first-in, first-out list with the `shift()` and `length` of an array, each in constant time. */
export class TokenQueue<T> {
  private head = 0;

  constructor(private readonly items: (T | undefined)[]) {}

  get length(): number {
    return this.items.length - this.head;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    // Let the token go once it has been taken, as shift() would.
    this.items[this.head] = undefined;
    this.head += 1;
    return item;
  }
}
