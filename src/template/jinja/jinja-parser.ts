// Parses Jinja template text into statements and expressions, following Jinja's own parser (jinja2/parser.py) rule by rule, with its error messages.
import type { BinaryOperator, CallArguments, CallExpression, CompareOperator, Expression, FilterExpression, MacroSignature, MacroUses, Statement, Target, TemplateAst } from './jinja-ast.js';
import { JinjaSyntaxError } from './jinja-errors.js';
import { JinjaLexer, type Token, type TokenType } from './jinja-lexer.js';
import { pyFloat } from './python-values.js';

type OutputNode = Extract<Statement, { kind: 'output' }>['nodes'][number];

const STATEMENT_KEYWORDS = new Set(['for', 'if', 'block', 'extends', 'print', 'macro', 'include', 'from', 'import', 'set', 'with', 'autoescape']);
const COMPARE_OPERATORS = new Set<TokenType>(['eq', 'ne', 'lt', 'lteq', 'gt', 'gteq']);
const RESERVED_CONSTANTS = new Set(['true', 'false', 'none', 'True', 'False', 'None']);
/**
 * How deep blocks and expressions may nest. Python's recursion limit stops Jinja's own parser a
 * little past this; here it keeps the parser, the interpreter and inspection within the stack.
 */
export const MAX_NESTING = 100;

const UNSUPPORTED_LOADS = new Set(['extends', 'include', 'import', 'from']);

const OPERATOR_TEXT: Readonly<Partial<Record<TokenType, string>>> = {
  add: '+', sub: '-', div: '/', floordiv: '//', mul: '*', mod: '%', pow: '**', tilde: '~',
  lbracket: '[', rbracket: ']', lparen: '(', rparen: ')', lbrace: '{', rbrace: '}',
  eq: '==', ne: '!=', gt: '>', gteq: '>=', lt: '<', lteq: '<=', assign: '=', dot: '.', colon: ':', pipe: '|', comma: ',', semicolon: ';',
};

const TYPE_TEXT: Readonly<Partial<Record<TokenType, string>>> = {
  block_begin: 'begin of statement block',
  block_end: 'end of statement block',
  variable_begin: 'begin of print statement',
  variable_end: 'end of print statement',
  data: 'template data / text',
  eof: 'end of template',
};

function describeType(type: TokenType): string {
  return OPERATOR_TEXT[type] ?? TYPE_TEXT[type] ?? type;
}

function describeToken(token: Token): string {
  return token.type === 'name' ? String(token.value) : describeType(token.type);
}

/** `name:endfor` → `endfor`, `block_end` → `end of statement block`. */
function describeExpression(expression: string): string {
  const colon = expression.indexOf(':');
  if (colon !== -1 && expression.slice(0, colon) === 'name') return expression.slice(colon + 1);
  return describeType((colon === -1 ? expression : expression.slice(0, colon)) as TokenType);
}

function pyQuote(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text}'`;
}

/** Parser options: `onTag` is told of every `{{` and `{%` the lexer reaches. */
export interface ParseOptions {
  readonly onTag?: () => void;
}

/** Parses a whole template; throws JinjaSyntaxError with the offset of the failure. */
export function parseTemplateAst(source: string, options: ParseOptions = {}): TemplateAst {
  return new Parser(source, options).parse();
}

class Parser {
  private readonly lexer: JinjaLexer;
  private current: Token;
  private readonly ahead: Token[] = [];
  private readonly tagStack: string[] = [];
  private readonly endTokenStack: (readonly string[])[] = [];
  /** Names read inside the macro or call block being parsed: `caller`, `varargs`, `kwargs`. */
  private macroUses: { caller: boolean; varargs: boolean; kwargs: boolean }[] = [];
  private depth = 0;

  constructor(source: string, options: ParseOptions) {
    this.lexer = new JinjaLexer(source, options.onTag);
    this.current = this.lexer.next();
  }

  parse(): TemplateAst {
    return { body: this.subparse(null) };
  }

  // The token stream.

  private next(): Token {
    const previous = this.current;
    this.current = this.ahead.shift() ?? this.lexer.next();
    return previous;
  }

  /** The current token's type (a method, so TypeScript does not narrow it across `next()`). */
  private type(): TokenType {
    return this.current.type;
  }

  private look(): Token {
    if (this.ahead.length === 0) this.ahead.push(this.lexer.next());
    return this.ahead[0] as Token;
  }

  /** Whether the current token matches `type` or `name:value`. */
  private test(expression: string, token: Token = this.current): boolean {
    const colon = expression.indexOf(':');
    if (colon === -1) return token.type === expression;
    return token.type === expression.slice(0, colon) && token.value === expression.slice(colon + 1);
  }

  private testAny(expressions: readonly string[]): boolean {
    return expressions.some((expression) => this.test(expression));
  }

  private skipIf(expression: string): boolean {
    if (!this.test(expression)) return false;
    this.next();
    return true;
  }

  private expect(expression: string): Token {
    if (!this.test(expression)) {
      const described = pyQuote(describeExpression(expression));
      if (this.type() === 'eof') this.fail(`unexpected end of template, expected ${described}.`);
      this.fail(`expected token ${described}, got ${pyQuote(describeToken(this.current))}`);
    }
    return this.next();
  }

  private fail(message: string, at: number = this.current.start): never {
    throw new JinjaSyntaxError(message, at);
  }

  private failUnknownTagOrEof(name: string | null, endTokenStack: readonly (readonly string[])[], at: number): never {
    const expected = new Set<string>();
    for (const expressions of endTokenStack) for (const expression of expressions) expected.add(describeExpression(expression));
    const innermost = endTokenStack.at(-1);
    const lookingFor = innermost ? innermost.map((expression) => pyQuote(describeExpression(expression))).join(' or ') : null;
    const message = [name === null ? 'Unexpected end of template.' : `Encountered unknown tag ${pyQuote(name)}.`];
    if (lookingFor) {
      if (name !== null && expected.has(name)) message.push(`You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for ${lookingFor}.`);
      else message.push(`Jinja was looking for the following tags: ${lookingFor}.`);
    }
    const tag = this.tagStack.at(-1);
    if (tag !== undefined) message.push(`The innermost block that needs to be closed is ${pyQuote(tag)}.`);
    this.fail(message.join(' '), at);
  }

  private failEof(endTokens: readonly string[] | null): never {
    const stack = [...this.endTokenStack];
    if (endTokens) stack.push(endTokens);
    this.failUnknownTagOrEof(null, stack, this.current.start);
  }

  // Template structure.

  /** Runs `body` one nesting level deeper: blocks, parentheses, `not`, unary signs. */
  private nested<T>(body: () => T): T {
    if (this.depth >= MAX_NESTING) this.fail(`the template nests blocks and expressions more than ${MAX_NESTING} deep`);
    this.depth += 1;
    try {
      return body();
    } finally {
      this.depth -= 1;
    }
  }

  private subparse(endTokens: readonly string[] | null): Statement[] {
    return this.nested(() => this.subparseBody(endTokens));
  }

  private subparseBody(endTokens: readonly string[] | null): Statement[] {
    const body: Statement[] = [];
    let data: OutputNode[] = [];
    let dataAt = 0;
    const flush = (): void => {
      if (data.length > 0) body.push({ kind: 'output', at: dataAt, nodes: data });
      data = [];
    };
    const add = (node: OutputNode): void => {
      if (data.length === 0) dataAt = node.at;
      data.push(node);
    };
    if (endTokens) this.endTokenStack.push(endTokens);
    try {
      while (this.type() !== 'eof') {
        const token = this.current;
        if (token.type === 'data') {
          add({ kind: 'data', at: token.start, text: String(token.value) });
          this.next();
        } else if (token.type === 'variable_begin') {
          this.next();
          add(this.parseTuple({ withCondexpr: true }));
          this.expect('variable_end');
        } else if (token.type === 'block_begin') {
          flush();
          this.next();
          if (endTokens && this.testAny(endTokens)) return body;
          body.push(this.parseStatement());
          this.expect('block_end');
        } else {
          this.fail('internal parsing error');
        }
      }
      flush();
      return body;
    } finally {
      if (endTokens) this.endTokenStack.pop();
    }
  }

  private parseStatement(): Statement {
    const token = this.current;
    if (token.type !== 'name') this.fail('tag name expected');
    const name = String(token.value);
    this.tagStack.push(name);
    let popTag = true;
    try {
      if (STATEMENT_KEYWORDS.has(name) || name === 'call' || name === 'filter') return this.parseKeyword(name);
      this.tagStack.pop();
      popTag = false;
      return this.failUnknownTagOrEof(name, this.endTokenStack, token.start);
    } finally {
      if (popTag) this.tagStack.pop();
    }
  }

  private parseKeyword(name: string): Statement {
    switch (name) {
      case 'for':
        return this.parseFor();
      case 'if':
        return this.parseIf();
      case 'set':
        return this.parseSet();
      case 'macro':
        return this.parseMacro();
      case 'call':
        return this.parseCallBlock();
      case 'filter':
        return this.parseFilterBlock();
      case 'with':
        return this.parseWith();
      case 'autoescape':
        return this.parseAutoescape();
      case 'block':
        return this.parseBlock();
      case 'print':
        return this.parsePrint();
      default:
        return this.parseLoad(name);
    }
  }

  private parseStatements(endTokens: readonly string[], dropNeedle = false): Statement[] {
    this.skipIf('colon');
    this.expect('block_end');
    const result = this.subparse(endTokens);
    if (this.type() === 'eof') this.failEof(endTokens);
    if (dropNeedle) this.next();
    return result;
  }

  private parseFor(): Statement {
    const at = this.expect('name:for').start;
    const target = this.parseAssignTarget({ extraEndRules: ['name:in'] });
    this.expect('name:in');
    const iter = this.parseTuple({ withCondexpr: false, extraEndRules: ['name:recursive'] });
    const test = this.skipIf('name:if') ? this.parseExpression() : null;
    const recursive = this.skipIf('name:recursive');
    const body = this.parseStatements(['name:endfor', 'name:else']);
    const else_ = this.next().value === 'endfor' ? [] : this.parseStatements(['name:endfor'], true);
    return { kind: 'for', at, target, iter, body, else_, test, recursive };
  }

  private parseIf(): Statement {
    const at = this.expect('name:if').start;
    const branches: { test: Expression; body: Statement[] }[] = [];
    let else_: Statement[] = [];
    for (;;) {
      const test = this.parseTuple({ withCondexpr: false });
      const body = this.parseStatements(['name:elif', 'name:else', 'name:endif']);
      branches.push({ test, body });
      const token = this.next();
      if (this.test('name:elif', token)) continue;
      if (this.test('name:else', token)) else_ = this.parseStatements(['name:endif'], true);
      break;
    }
    return { kind: 'if', at, branches, else_ };
  }

  private parseSet(): Statement {
    const at = this.next().start;
    const target = this.parseAssignTarget({ withNamespace: true });
    if (this.skipIf('assign')) return { kind: 'assign', at, target, expr: this.parseTuple({}) };
    const filter = this.parseFilter(null);
    const body = this.parseStatements(['name:endset'], true);
    return { kind: 'assignblock', at, target, filter: filter as FilterExpression | null, body };
  }

  private parseMacro(): Statement {
    const at = this.next().start;
    const name = this.parseNameTarget().name;
    const signature = this.parseSignature();
    const { body, uses } = this.parseMacroBody(['name:endmacro']);
    return { kind: 'macro', at, name, signature, body, uses };
  }

  private parseMacroBody(endTokens: readonly string[]): { body: Statement[]; uses: MacroUses } {
    const uses = { caller: false, varargs: false, kwargs: false };
    this.macroUses.push(uses);
    try {
      return { body: this.parseStatements(endTokens, true), uses };
    } finally {
      this.macroUses.pop();
    }
  }

  private parseCallBlock(): Statement {
    const at = this.next().start;
    const signature: MacroSignature = this.type() === 'lparen' ? this.parseSignature() : { params: [], defaults: [] };
    const call = this.parseExpression();
    if (call.kind !== 'call') this.fail('expected call', at);
    const { body, uses } = this.parseMacroBody(['name:endcall']);
    return { kind: 'callblock', at, call: call as CallExpression, signature, body, uses };
  }

  private parseFilterBlock(): Statement {
    const at = this.next().start;
    const filter = this.parseFilter(null, true) as FilterExpression;
    const body = this.parseStatements(['name:endfilter'], true);
    return { kind: 'filterblock', at, filter, body };
  }

  private parseWith(): Statement {
    const at = this.next().start;
    const targets: Target[] = [];
    const values: Expression[] = [];
    while (this.type() !== 'block_end') {
      if (targets.length > 0) this.expect('comma');
      targets.push(this.parseAssignTarget({}));
      this.expect('assign');
      values.push(this.parseExpression());
    }
    const body = this.parseStatements(['name:endwith'], true);
    return { kind: 'with', at, targets, values, body };
  }

  private parseAutoescape(): Statement {
    const at = this.next().start;
    const expr = this.parseExpression();
    const body = this.parseStatements(['name:endautoescape'], true);
    return { kind: 'autoescape', at, expr, body };
  }

  private parseBlock(): Statement {
    const at = this.next().start;
    const name = String(this.expect('name').value);
    const scoped = this.skipIf('name:scoped');
    this.skipIf('name:required');
    if (this.type() === 'sub') this.fail('Block names in Jinja have to be valid Python identifiers and may not contain hyphens, use an underscore instead.');
    const body = this.parseStatements(['name:endblock'], true);
    this.skipIf(`name:${name}`);
    return { kind: 'block', at, name, scoped, body };
  }

  private parsePrint(): Statement {
    const at = this.next().start;
    const nodes: Expression[] = [];
    while (this.type() !== 'block_end') {
      if (nodes.length > 0) this.expect('comma');
      nodes.push(this.parseExpression());
    }
    return { kind: 'output', at, nodes };
  }

  private parseLoad(name: string): never {
    const at = this.current.start;
    if (!UNSUPPORTED_LOADS.has(name)) this.fail(`Encountered unknown tag ${pyQuote(name)}.`, at);
    this.fail(`'${name}' is not supported: pagesmith renders one template at a time, with no other templates to load; put the other template's text in place of the tag`, at);
  }

  private parseSignature(): MacroSignature {
    const params: (Target & { kind: 'name' })[] = [];
    const defaults: Expression[] = [];
    this.expect('lparen');
    while (this.type() !== 'rparen') {
      if (params.length > 0) this.expect('comma');
      const param = this.parseNameTarget();
      if (this.skipIf('assign')) defaults.push(this.parseExpression());
      else if (defaults.length > 0) this.fail('non-default argument follows default argument');
      params.push(param);
    }
    this.expect('rparen');
    return { params, defaults };
  }

  // Assignment targets.

  private parseNameTarget(): Target & { kind: 'name' } {
    const token = this.expect('name');
    const target = { kind: 'name' as const, at: token.start, name: String(token.value) };
    this.checkAssignable(target);
    return target;
  }

  private parseAssignTarget(options: { extraEndRules?: readonly string[]; withNamespace?: boolean }): Target {
    let target: Expression;
    if (options.withNamespace && this.look().type === 'dot') {
      const token = this.expect('name');
      this.next();
      const attr = this.expect('name');
      return { kind: 'nsref', at: token.start, name: String(token.value), attr: String(attr.value) };
    }
    target = this.parseTuple({ simplified: true, extraEndRules: options.extraEndRules });
    return this.toTarget(target);
  }

  private toTarget(expression: Expression): Target {
    if (expression.kind === 'name') {
      this.checkAssignable(expression);
      return { kind: 'name', at: expression.at, name: expression.name };
    }
    if (expression.kind === 'tuple') return { kind: 'tuple', at: expression.at, items: expression.items.map((item) => this.toTarget(item)) };
    this.fail(`can't assign to ${pyQuote(expression.kind === 'const' ? 'const' : expression.kind)}`, expression.at);
  }

  private checkAssignable(target: { name: string; at: number }): void {
    if (RESERVED_CONSTANTS.has(target.name)) this.fail("can't assign to 'name'", target.at);
  }

  // Expressions.

  private parseExpression(withCondexpr = true): Expression {
    return this.nested(() => (withCondexpr ? this.parseCondexpr() : this.parseOr()));
  }

  private parseCondexpr(): Expression {
    const at = this.current.start;
    let expr1 = this.parseOr();
    while (this.skipIf('name:if')) {
      const test = this.parseOr();
      const expr2 = this.skipIf('name:else') ? this.parseCondexpr() : null;
      expr1 = { kind: 'condexpr', at, test, expr1, expr2 };
    }
    return expr1;
  }

  private parseOr(): Expression {
    const at = this.current.start;
    let left = this.parseAnd();
    while (this.skipIf('name:or')) left = { kind: 'or', at, left, right: this.parseAnd() };
    return left;
  }

  private parseAnd(): Expression {
    const at = this.current.start;
    let left = this.parseNot();
    while (this.skipIf('name:and')) left = { kind: 'and', at, left, right: this.parseNot() };
    return left;
  }

  private parseNot(): Expression {
    if (this.test('name:not')) {
      const at = this.next().start;
      return { kind: 'not', at, node: this.nested(() => this.parseNot()) };
    }
    return this.parseCompare();
  }

  private parseCompare(): Expression {
    const at = this.current.start;
    const expr = this.parseMath1();
    const ops: [CompareOperator, Expression][] = [];
    for (;;) {
      const type = this.type();
      if (COMPARE_OPERATORS.has(type)) {
        this.next();
        ops.push([type as CompareOperator, this.parseMath1()]);
      } else if (this.skipIf('name:in')) {
        ops.push(['in', this.parseMath1()]);
      } else if (this.test('name:not') && this.test('name:in', this.look())) {
        this.next();
        this.next();
        ops.push(['notin', this.parseMath1()]);
      } else {
        break;
      }
    }
    return ops.length === 0 ? expr : { kind: 'compare', at, expr, ops };
  }

  private parseBinary(operators: readonly BinaryOperator[], operand: () => Expression): Expression {
    const at = this.current.start;
    let left = operand();
    while ((operators as readonly string[]).includes(this.type())) {
      const op = this.next().type as BinaryOperator;
      left = { kind: 'binary', at, op, left, right: operand() };
    }
    return left;
  }

  private parseMath1(): Expression {
    return this.parseBinary(['add', 'sub'], () => this.parseConcat());
  }

  private parseConcat(): Expression {
    const at = this.current.start;
    const nodes = [this.parseMath2()];
    while (this.type() === 'tilde') {
      this.next();
      nodes.push(this.parseMath2());
    }
    return nodes.length === 1 ? (nodes[0] as Expression) : { kind: 'concat', at, nodes };
  }

  private parseMath2(): Expression {
    return this.parseBinary(['mul', 'div', 'floordiv', 'mod'], () => this.parsePow());
  }

  private parsePow(): Expression {
    return this.parseBinary(['pow'], () => this.parseUnary());
  }

  private parseUnary(withFilter = true): Expression {
    const at = this.current.start;
    let node: Expression;
    if (this.type() === 'sub' || this.type() === 'add') {
      const op = this.next().type === 'sub' ? 'neg' : 'pos';
      node = { kind: 'unary', at, op, node: this.nested(() => this.parseUnary(false)) };
    } else {
      node = this.parsePrimary();
    }
    node = this.parsePostfix(node);
    return withFilter ? this.parseFilterExpr(node) : node;
  }

  private parsePrimary(): Expression {
    const token = this.current;
    const at = token.start;
    if (token.type === 'name') {
      this.next();
      const name = String(token.value);
      if (name === 'true' || name === 'True') return { kind: 'const', at, value: true };
      if (name === 'false' || name === 'False') return { kind: 'const', at, value: false };
      if (name === 'none' || name === 'None') return { kind: 'const', at, value: null };
      this.noteMacroUse(name);
      return { kind: 'name', at, name };
    }
    if (token.type === 'string') {
      this.next();
      let text = String(token.value);
      while (this.type() === 'string') text += String(this.next().value);
      return { kind: 'const', at, value: text };
    }
    if (token.type === 'integer' || token.type === 'float') {
      this.next();
      return { kind: 'const', at, value: token.type === 'float' ? pyFloat(token.value as number) : token.value };
    }
    if (token.type === 'lparen') {
      this.next();
      const node = this.parseTuple({ explicitParentheses: true });
      this.expect('rparen');
      return node;
    }
    if (token.type === 'lbracket') return this.parseList();
    if (token.type === 'lbrace') return this.parseDict();
    return this.fail(`unexpected ${pyQuote(describeToken(token))}`);
  }

  /** Jinja looks for these names anywhere in a macro's body, nested macros and call blocks included. */
  private noteMacroUse(name: string): void {
    for (const uses of this.macroUses) {
      if (name === 'caller') uses.caller = true;
      else if (name === 'varargs') uses.varargs = true;
      else if (name === 'kwargs') uses.kwargs = true;
    }
  }

  private parseTuple(options: { simplified?: boolean; withCondexpr?: boolean; extraEndRules?: readonly string[]; explicitParentheses?: boolean }): Expression {
    const at = this.current.start;
    const parse = options.simplified ? () => this.parsePrimary() : () => this.parseExpression(options.withCondexpr ?? true);
    const items: Expression[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length > 0) this.expect('comma');
      if (this.isTupleEnd(options.extraEndRules)) break;
      items.push(parse());
      if (this.type() === 'comma') isTuple = true;
      else break;
    }
    if (!isTuple) {
      if (items.length > 0) return items[0] as Expression;
      if (!options.explicitParentheses) this.fail(`Expected an expression, got ${pyQuote(describeToken(this.current))}`);
    }
    return { kind: 'tuple', at, items };
  }

  private isTupleEnd(extraEndRules: readonly string[] | undefined): boolean {
    const type = this.type();
    if (type === 'variable_end' || type === 'block_end' || type === 'rparen') return true;
    return extraEndRules ? this.testAny(extraEndRules) : false;
  }

  private parseList(): Expression {
    const at = this.expect('lbracket').start;
    const items: Expression[] = [];
    while (this.type() !== 'rbracket') {
      if (items.length > 0) this.expect('comma');
      if (this.type() === 'rbracket') break;
      items.push(this.parseExpression());
    }
    this.expect('rbracket');
    return { kind: 'list', at, items };
  }

  private parseDict(): Expression {
    const at = this.expect('lbrace').start;
    const pairs: [Expression, Expression][] = [];
    while (this.type() !== 'rbrace') {
      if (pairs.length > 0) this.expect('comma');
      if (this.type() === 'rbrace') break;
      const key = this.parseExpression();
      this.expect('colon');
      pairs.push([key, this.parseExpression()]);
    }
    this.expect('rbrace');
    return { kind: 'dict', at, pairs };
  }

  private parsePostfix(start: Expression): Expression {
    let node = start;
    for (;;) {
      if (this.type() === 'dot' || this.type() === 'lbracket') node = this.parseSubscript(node);
      else if (this.type() === 'lparen') node = this.parseCall(node);
      else return node;
    }
  }

  private parseFilterExpr(start: Expression): Expression {
    let node = start;
    for (;;) {
      if (this.type() === 'pipe') node = this.parseFilter(node) as Expression;
      else if (this.test('name:is')) node = this.parseTest(node);
      else if (this.type() === 'lparen') node = this.parseCall(node);
      else return node;
    }
  }

  private parseSubscript(node: Expression): Expression {
    const token = this.next();
    if (token.type === 'dot') {
      const attr = this.current;
      this.next();
      // A lookup's offset is where its path starts, as inspectJinja reports it.
      if (attr.type === 'name') return { kind: 'getattr', at: node.at, node, attr: String(attr.value) };
      if (attr.type !== 'integer') this.fail('expected name or number', attr.start);
      return { kind: 'getitem', at: node.at, node, arg: { kind: 'const', at: attr.start, value: attr.value } };
    }
    const items: Expression[] = [];
    while (this.type() !== 'rbracket') {
      if (items.length > 0) this.expect('comma');
      items.push(this.parseSubscribed());
    }
    this.expect('rbracket');
    const arg: Expression = items.length === 1 ? (items[0] as Expression) : { kind: 'tuple', at: token.start, items };
    return { kind: 'getitem', at: node.at, node, arg };
  }

  private parseSubscribed(): Expression {
    const at = this.current.start;
    const parts: (Expression | null)[] = [];
    if (this.type() === 'colon') {
      this.next();
      parts.push(null);
    } else {
      const node = this.parseExpression();
      if (this.type() !== 'colon') return node;
      this.next();
      parts.push(node);
    }
    if (this.type() === 'colon') parts.push(null);
    else if (this.type() !== 'rbracket' && this.type() !== 'comma') parts.push(this.parseExpression());
    else parts.push(null);
    if (this.type() === 'colon') {
      this.next();
      parts.push(this.type() !== 'rbracket' && this.type() !== 'comma' ? this.parseExpression() : null);
    } else {
      parts.push(null);
    }
    const [start = null, stop = null, step = null] = parts;
    return { kind: 'slice', at, start, stop, step };
  }

  private parseCallArguments(): CallArguments {
    const open = this.expect('lparen');
    const args: Expression[] = [];
    const kwargs: [string, Expression][] = [];
    let dynArgs: Expression | null = null;
    let dynKwargs: Expression | null = null;
    let requireComma = false;
    const ensure = (ok: boolean): void => {
      if (!ok) this.fail('invalid syntax for function call expression', open.start);
    };
    while (this.type() !== 'rparen') {
      if (requireComma) {
        this.expect('comma');
        if (this.type() === 'rparen') break;
      }
      if (this.type() === 'mul') {
        ensure(dynArgs === null && dynKwargs === null);
        this.next();
        dynArgs = this.parseExpression();
      } else if (this.type() === 'pow') {
        ensure(dynKwargs === null);
        this.next();
        dynKwargs = this.parseExpression();
      } else if (this.type() === 'name' && this.look().type === 'assign') {
        ensure(dynKwargs === null);
        const key = String(this.next().value);
        this.next();
        kwargs.push([key, this.parseExpression()]);
      } else {
        ensure(dynArgs === null && dynKwargs === null && kwargs.length === 0);
        args.push(this.parseExpression());
      }
      requireComma = true;
    }
    this.expect('rparen');
    return { args, kwargs, dynArgs, dynKwargs };
  }

  private parseCall(node: Expression): Expression {
    const at = this.current.start;
    return { kind: 'call', at, node, ...this.parseCallArguments() };
  }

  private parseDottedName(): string {
    let name = String(this.expect('name').value);
    while (this.type() === 'dot') {
      this.next();
      name += `.${String(this.expect('name').value)}`;
    }
    return name;
  }

  private parseFilter(start: Expression | null, startInline = false): Expression | null {
    let node = start;
    let inline = startInline;
    while (this.type() === 'pipe' || inline) {
      if (!inline) this.next();
      const at = this.current.start;
      const name = this.parseDottedName();
      const call: CallArguments = this.type() === 'lparen' ? this.parseCallArguments() : { args: [], kwargs: [], dynArgs: null, dynKwargs: null };
      node = { kind: 'filter', at, node, name, ...call };
      inline = false;
    }
    return node;
  }

  private parseTest(node: Expression): Expression {
    const at = this.next().start;
    const negated = this.skipIf('name:not');
    const name = this.parseDottedName();
    let call: CallArguments = { args: [], kwargs: [], dynArgs: null, dynKwargs: null };
    const type = this.type();
    if (type === 'lparen') {
      call = this.parseCallArguments();
    } else if (['name', 'string', 'integer', 'float', 'lparen', 'lbracket', 'lbrace'].includes(type) && !this.testAny(['name:else', 'name:or', 'name:and'])) {
      if (this.test('name:is')) this.fail('You cannot chain multiple tests with is');
      const arg = this.parsePostfix(this.parsePrimary());
      call = { ...call, args: [arg] };
    }
    const test: Expression = { kind: 'test', at, node, name, ...call };
    return negated ? { kind: 'not', at, node: test } : test;
  }
}
