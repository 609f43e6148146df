// Runs a parsed Jinja template over Python values: statements write output, expressions evaluate with Python's semantics, every lookup goes through the sandbox, every step is charged to the budget.
import type { CallArguments, Expression, MacroSignature, MacroUses, Statement, Target, TemplateAst } from './jinja-ast.js';
import type { JinjaBudget } from './jinja-budget.js';
import { Builtin, type Kwargs } from './jinja-callables.js';
import type { Filter, RenderEnvironment, Test } from './jinja-environment.js';
import { JinjaRuntimeError } from './jinja-errors.js';
import { SandboxLookup, type HasAttributes } from './jinja-lookup.js';
import { defined, failUndefined, hashKey, isCallable, pyBinary, pyCompare, pyContains, pyEquals, pyUnary, toList, truthy, type PyCallable } from './python-operators.js';
import { percentFormat } from './python-format.js';
import { boundMethod } from './python-methods.js';
import { Markup, Namespace, PyRange, Undefined, escapeHtml, escapeValue, isDict, isString, isTuple, pyStr, textOf, tuple, typeName } from './python-values.js';

const MISSING = Symbol('missing');
/** A name the frame assigns, not assigned yet. */
const NOT_YET = Symbol('not yet');

/**
 * Variables of one frame (the template, a loop iteration, a macro call, a `with`, a captured
 * block), looked up through the frames around it, with the scoping of Jinja's compiled code
 * (jinja2/idtracking.py): a name whose first use in a frame is an assignment outside any `if`
 * belongs to the frame from its start. It starts as the value of the same name in the nearest
 * frame around that knows the name, or else as nothing: read from a frame nested in it before
 * it is assigned, it is undefined, even when the data has it.
 */
class Scope {
  private readonly vars = new Map<string, unknown>();
  /** The names this frame's code reads or assigns; undefined for the data and the globals. */
  readonly refs: ReadonlySet<string> | undefined;

  constructor(
    readonly parent: Scope | null,
    body?: readonly Statement[],
  ) {
    if (!body) return;
    const symbols = frameSymbols(body);
    this.refs = symbols.refs;
    for (const name of symbols.assignedFirst) this.vars.set(name, parent ? parent.aliasOf(name) : NOT_YET);
  }

  get(name: string): unknown {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      if (!scope.vars.has(name)) continue;
      const value = scope.vars.get(name);
      if (value !== NOT_YET) return value;
      if (scope !== this) return MISSING;
    }
    return MISSING;
  }

  set(name: string, value: unknown): void {
    this.vars.set(name, value);
  }

  /** What a frame nested here starts a name it assigns with: the value of the nearest frame knowing the name. */
  private aliasOf(name: string): unknown {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      if (!scope.refs?.has(name)) continue;
      if (scope.vars.has(name)) return scope.vars.get(name);
      const value = scope.get(name);
      return value === MISSING ? NOT_YET : value;
    }
    return NOT_YET;
  }
}

interface FrameSymbols {
  /** Names whose first use in the frame is an assignment outside any `if`. */
  readonly assignedFirst: readonly string[];
  readonly refs: ReadonlySet<string>;
}

const SYMBOLS = new WeakMap<readonly Statement[], FrameSymbols>();

/** The names a frame's own code (not nested frames) reads and assigns, in the order Jinja's symbol tracking meets them. */
function frameSymbols(body: readonly Statement[]): FrameSymbols {
  let symbols = SYMBOLS.get(body);
  if (symbols) return symbols;
  const first = new Map<string, 'read' | 'assigned'>();
  const read = (expression: Expression | null): void => {
    if (expression) for (const name of namesIn(expression)) if (!first.has(name)) first.set(name, 'read');
  };
  const assign = (target: Target, inBranch: boolean): void => {
    if (target.kind === 'name') {
      if (!first.has(target.name)) first.set(target.name, inBranch ? 'read' : 'assigned');
    } else if (target.kind === 'tuple') {
      for (const item of target.items) assign(item, inBranch);
    } else if (!first.has(target.name)) {
      first.set(target.name, 'read');
    }
  };
  // Statements are met in order through an explicit stack; `if` branches only ever make names read (Jinja's branch_update).
  const visit = (statements: readonly Statement[], inBranch: boolean): void => {
    for (const statement of statements) {
      switch (statement.kind) {
        case 'output':
          for (const node of statement.nodes) if (node.kind !== 'data') read(node);
          break;
        case 'if':
          read(statement.branches[0]?.test ?? null);
          statement.branches.forEach((branch, index) => {
            if (index > 0) read(branch.test);
            visit(branch.body, true);
          });
          visit(statement.else_, true);
          break;
        case 'for':
          read(statement.iter);
          break;
        case 'assign':
          read(statement.expr);
          assign(statement.target, inBranch);
          break;
        case 'assignblock':
          assign(statement.target, inBranch);
          break;
        case 'macro':
          assign({ kind: 'name', at: statement.at, name: statement.name }, inBranch);
          break;
        case 'callblock':
          read(statement.call);
          break;
        case 'filterblock':
          read(statement.filter);
          break;
        case 'with':
          for (const value of statement.values) read(value);
          break;
        case 'autoescape':
          read(statement.expr);
          visit(statement.body, inBranch);
          break;
        default:
          break;
      }
    }
  };
  visit(body, false);
  symbols = { assignedFirst: [...first].filter(([, use]) => use === 'assigned').map(([name]) => name), refs: new Set(first.keys()) };
  SYMBOLS.set(body, symbols);
  return symbols;
}

/** The variable names an expression reads, in order. */
function namesIn(expression: Expression): string[] {
  const names: string[] = [];
  const pending: unknown[] = [expression];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) pending.push(node[index]);
      continue;
    }
    if (typeof node !== 'object' || node === null || !('kind' in node)) continue;
    const typed = node as { kind: string; name?: string };
    if (typed.kind === 'name') names.push(typed.name as string);
    else if (typed.kind !== 'const') pending.push(...Object.values(node).filter((value) => typeof value === 'object' && value !== null).reverse());
  }
  return names;
}

export interface InterpreterParts {
  readonly filters: ReadonlyMap<string, Filter>;
  readonly tests: ReadonlyMap<string, Test>;
  readonly globals: ReadonlyMap<string, unknown>;
  /** How autoescaping writes a printed value's text: HTML entities, or Markdown escapes. */
  readonly escapeText: (text: string) => string;
}

/** Where a failure happened: the innermost construct that saw it go by. */
export interface FailurePlace {
  offset: number;
  construct: string;
}

/** Attaches the offset and construct of the innermost construct a failure passed through. */
function placed<T>(at: number, construct: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof JinjaRuntimeError) {
      error.offset ??= at;
      error.construct ??= construct;
    }
    throw error;
  }
}

/** Renders one template once. */
export class Interpreter implements RenderEnvironment {
  autoescape = true;
  offset = 0;
  readonly lookup: SandboxLookup;

  constructor(
    private readonly parts: InterpreterParts,
    readonly budget: JinjaBudget,
  ) {
    this.lookup = new SandboxLookup((value, name) => boundMethod(value, name, this));
  }

  render(ast: TemplateAst, data: unknown): string {
    const globals = new Scope(null);
    for (const [name, value] of this.parts.globals) globals.set(name, value);
    const context = new Scope(globals);
    if (isDict(data)) for (const [key, value] of data) if (typeof key === 'string') context.set(key, value);
    const out: string[] = [];
    this.runBody(ast.body, new Scope(context, ast.body), out);
    return out.join('');
  }

  // Statements.

  private runBody(body: readonly Statement[], scope: Scope, out: string[]): void {
    for (const statement of body) this.run(statement, scope, out);
  }

  private write(out: string[], text: string): void {
    this.budget.write(text.length);
    out.push(text);
  }

  /** Renders `body` into a string of its own. */
  private capture(body: readonly Statement[], scope: Scope): string {
    const out: string[] = [];
    this.runBody(body, scope, out);
    return out.join('');
  }

  private markupOrText(text: string): unknown {
    return this.autoescape ? new Markup(text) : text;
  }

  private run(statement: Statement, scope: Scope, out: string[]): void {
    this.budget.step();
    switch (statement.kind) {
      case 'output':
        for (const node of statement.nodes) {
          if (node.kind === 'data') this.write(out, node.text);
          else this.write(out, placed(node.at, '{{ … }}', () => this.toOutput(this.eval(node, scope))));
        }
        return;
      case 'if':
        placed(statement.at, '{% if %}', () => {
          for (const branch of statement.branches) {
            if (truthy(this.eval(branch.test, scope))) {
              this.budget.enterBlock();
              this.runBody(branch.body, scope, out);
              return;
            }
          }
          if (statement.else_.length > 0) {
            this.budget.enterBlock();
            this.runBody(statement.else_, scope, out);
          }
        });
        return;
      case 'for':
        placed(statement.at, '{% for %}', () => this.runFor(statement, scope, out));
        return;
      case 'assign':
        placed(statement.at, '{% set %}', () => this.assign(statement.target, this.eval(statement.expr, scope), scope));
        return;
      case 'assignblock':
        placed(statement.at, '{% set %}', () => {
          this.budget.enterBlock();
          let value: unknown = this.markupOrText(this.capture(statement.body, new Scope(scope, statement.body)));
          if (statement.filter) value = this.applyFilterChain(statement.filter, value, scope);
          this.assign(statement.target, value, scope);
        });
        return;
      case 'macro':
        scope.set(statement.name, new Macro(this, statement.name, statement.signature, statement.body, statement.uses, scope, statement.at));
        return;
      case 'callblock':
        placed(statement.at, '{% call %}', () => {
          const caller = new Macro(this, 'caller', statement.signature, statement.body, statement.uses, scope, statement.at);
          const value = this.evalCall(statement.call, scope, caller);
          this.write(out, this.toOutput(value));
        });
        return;
      case 'filterblock':
        placed(statement.at, '{% filter %}', () => {
          this.budget.enterBlock();
          const body = this.markupOrText(this.capture(statement.body, new Scope(scope, statement.body)));
          const value = this.applyFilterChain(statement.filter, body, scope);
          this.write(out, isString(value) ? textOf(value) : pyStr(defined(value)));
        });
        return;
      case 'with':
        placed(statement.at, '{% with %}', () => {
          const values = statement.values.map((value) => this.eval(value, scope));
          const inner = new Scope(scope, statement.body);
          statement.targets.forEach((target, index) => this.assign(target, values[index], inner));
          this.budget.enterBlock();
          this.runBody(statement.body, inner, out);
        });
        return;
      case 'autoescape':
        placed(statement.at, '{% autoescape %}', () => {
          const previous = this.autoescape;
          this.autoescape = truthy(this.eval(statement.expr, scope));
          try {
            this.runBody(statement.body, scope, out);
          } finally {
            this.autoescape = previous;
          }
        });
        return;
      case 'block':
        this.budget.enterBlock();
        this.runBody(statement.body, new Scope(scope, statement.body), out);
        return;
    }
  }

  /** `{{ value }}` as text: escaped under autoescape, a strict Undefined fails. */
  toOutput(value: unknown): string {
    if (value instanceof Undefined) {
      defined(value);
      return '';
    }
    if (value instanceof Markup) return value.value;
    return this.autoescape ? this.parts.escapeText(pyStr(value)) : pyStr(value);
  }

  private runFor(statement: Extract<Statement, { kind: 'for' }>, scope: Scope, out: string[]): void {
    const render = (iterable: unknown, depth: number): string => {
      let items = iterableItems(iterable);
      if (statement.test) {
        const test = statement.test;
        items = items.filter((item) => {
          const inner = new Scope(scope);
          this.assign(statement.target, item, inner);
          return truthy(this.eval(test, inner));
        });
      }
      const loopOut: string[] = [];
      const state: LoopState = { changed: MISSING };
      const recurse = statement.recursive ? (next: unknown): string => this.budget.nested(() => render(next, depth + 1)) : null;
      items.forEach((item, index) => {
        this.budget.enterBlock();
        const inner = new Scope(scope, statement.body);
        this.assign(statement.target, item, inner);
        inner.set('loop', new LoopContext(items, index, depth, recurse, this, state));
        this.runBody(statement.body, inner, loopOut);
      });
      if (items.length === 0 && statement.else_.length > 0) {
        this.budget.enterBlock();
        this.runBody(statement.else_, new Scope(scope, statement.else_), loopOut);
      }
      return loopOut.join('');
    };
    // Output already counted against the budget as the body wrote it.
    out.push(render(this.eval(statement.iter, scope), 1));
  }

  private assign(target: Target, value: unknown, scope: Scope): void {
    if (target.kind === 'name') {
      scope.set(target.name, value);
      return;
    }
    if (target.kind === 'nsref') {
      const namespace = scope.get(target.name);
      if (!(namespace instanceof Namespace)) throw new JinjaRuntimeError('TemplateRuntimeError', 'cannot assign attribute on non-namespace object', target.at);
      namespace.attributes.set(target.attr, value);
      return;
    }
    let items: unknown[];
    try {
      items = toList(value);
    } catch (error) {
      if (error instanceof JinjaRuntimeError && error.pythonType === 'TypeError') throw new JinjaRuntimeError('TypeError', `cannot unpack non-iterable ${typeName(value)} object`, target.at);
      throw error;
    }
    if (items.length < target.items.length) throw new JinjaRuntimeError('ValueError', `not enough values to unpack (expected ${target.items.length}, got ${items.length})`, target.at);
    if (items.length > target.items.length) throw new JinjaRuntimeError('ValueError', `too many values to unpack (expected ${target.items.length})`, target.at);
    target.items.forEach((item, index) => this.assign(item, items[index], scope));
  }

  // Expressions.

  eval(expression: Expression, scope: Scope): unknown {
    this.budget.step();
    this.offset = expression.at;
    switch (expression.kind) {
      case 'const':
        return expression.value;
      case 'name': {
        const value = scope.get(expression.name);
        return value === MISSING ? new Undefined(`'${expression.name}' is undefined`, expression.at) : value;
      }
      case 'getattr':
        return this.lookup.getattr(this.eval(expression.node, scope), expression.attr, expression.at);
      case 'getitem': {
        const value = this.eval(expression.node, scope);
        if (expression.arg.kind === 'slice') return this.slice(value, expression.arg, scope);
        return this.lookup.getitem(value, this.eval(expression.arg, scope), expression.at);
      }
      case 'slice':
        throw new JinjaRuntimeError('TypeError', 'a slice is only allowed inside [ ]', expression.at);
      case 'call':
        return this.evalCall(expression, scope, null);
      case 'filter': {
        const value = expression.node ? this.eval(expression.node, scope) : null;
        return this.applyFilter(expression, value, scope);
      }
      case 'test': {
        const test = this.parts.tests.get(expression.name);
        if (!test) throw new JinjaRuntimeError('TemplateRuntimeError', `No test named '${expression.name}'.`, expression.at);
        const value = this.eval(expression.node, scope);
        const { args, kwargs } = this.evalArguments(expression, scope);
        return placed(expression.at, `is ${expression.name}`, () => test(this, value, args, kwargs));
      }
      case 'condexpr':
        if (truthy(this.eval(expression.test, scope))) return this.eval(expression.expr1, scope);
        if (expression.expr2) return this.eval(expression.expr2, scope);
        return new Undefined('the inline if-expression evaluated to false and no else section was defined.', expression.at, 'lenient');
      case 'and': {
        const left = this.eval(expression.left, scope);
        return truthy(left) ? this.eval(expression.right, scope) : left;
      }
      case 'or': {
        const left = this.eval(expression.left, scope);
        return truthy(left) ? left : this.eval(expression.right, scope);
      }
      case 'not':
        return !truthy(this.eval(expression.node, scope));
      case 'compare':
        return this.compare(expression, scope);
      case 'binary': {
        const left = this.eval(expression.left, scope);
        const right = this.eval(expression.right, scope);
        return placed(expression.at, 'operator', () => pyBinary(expression.op, left, right, (units) => this.budget.allocate(units), (format, args) => this.percent(format, args)));
      }
      case 'unary':
        return pyUnary(expression.op, this.eval(expression.node, scope));
      case 'concat':
        return this.concat(expression.nodes.map((node) => this.eval(node, scope)));
      case 'list':
        return expression.items.map((item) => this.eval(item, scope));
      case 'tuple':
        return tuple(expression.items.map((item) => this.eval(item, scope)));
      case 'dict': {
        const dict = new Map<unknown, unknown>();
        for (const [key, value] of expression.pairs) dict.set(hashKey(this.eval(key, scope)), this.eval(value, scope));
        return dict;
      }
    }
  }

  /** `format % args`, escaping the arguments when the format is Markup. */
  percent(format: Markup | string, args: unknown): unknown {
    const charge = (units: number): void => this.budget.allocate(units);
    if (format instanceof Markup) return new Markup(percentFormat(format.value, args, charge, (value) => escapeValue(value instanceof Undefined ? defined(value) : value).value));
    const text = percentFormat(format, args, charge, (value) => pyStr(defined(value)));
    this.budget.allocate(text.length);
    return text;
  }

  /** `a ~ b ~ ...`: text joined; Markup (the others escaped) when one of them is Markup. */
  private concat(values: readonly unknown[]): unknown {
    const texts = values.map((value) => (value instanceof Markup ? value : pyStr(defined(value))));
    const markup = texts.some((text) => text instanceof Markup);
    const joined = texts.map((text) => (text instanceof Markup ? text.value : markup ? escapeHtml(text) : text)).join('');
    this.budget.allocate(joined.length);
    return markup ? new Markup(joined) : joined;
  }

  private compare(expression: Extract<Expression, { kind: 'compare' }>, scope: Scope): boolean {
    let left = this.eval(expression.expr, scope);
    for (const [op, node] of expression.ops) {
      const right = this.eval(node, scope);
      const result = placed(expression.at, 'comparison', () => {
        switch (op) {
          case 'eq':
            return pyEquals(left, right);
          case 'ne':
            return !pyEquals(left, right);
          case 'in':
            return pyContains(right, left);
          case 'notin':
            return !pyContains(right, left);
          default:
            return pyCompare(op, left, right);
        }
      });
      if (!result) return false;
      left = right;
    }
    return true;
  }

  private slice(value: unknown, slice: Extract<Expression, { kind: 'slice' }>, scope: Scope): unknown {
    const bound = (node: Expression | null): number | null => {
      if (!node) return null;
      const result = defined(this.eval(node, scope));
      if (result === null) return null;
      if (typeof result === 'boolean') return result ? 1 : 0;
      if (typeof result !== 'number' || !Number.isInteger(result)) throw new JinjaRuntimeError('TypeError', 'slice indices must be integers or None or have an __index__ method', slice.at);
      return result;
    };
    const start = bound(slice.start);
    const stop = bound(slice.stop);
    const step = bound(slice.step) ?? 1;
    if (step === 0) throw new JinjaRuntimeError('ValueError', 'slice step cannot be zero', slice.at);
    defined(value);
    if (isString(value)) {
      const chars = [...textOf(value)];
      const text = sliceItems(chars, start, stop, step).join('');
      return value instanceof Markup ? new Markup(text) : text;
    }
    if (Array.isArray(value)) {
      const items = sliceItems(value, start, stop, step);
      return isTuple(value) ? tuple(items) : items;
    }
    if (value instanceof PyRange) return sliceItems(toList(value), start, stop, step);
    // Jinja compiles a slice to Python's own, which raises for what cannot be sliced.
    throw new JinjaRuntimeError('TypeError', `'${typeName(value)}' object is not subscriptable`, slice.at);
  }

  private evalArguments(call: CallArguments, scope: Scope): { args: unknown[]; kwargs: Kwargs } {
    const args = call.args.map((arg) => this.eval(arg, scope));
    const kwargs: Kwargs = new Map();
    for (const [name, value] of call.kwargs) kwargs.set(name, this.eval(value, scope));
    if (call.dynArgs) args.push(...toList(this.eval(call.dynArgs, scope)));
    if (call.dynKwargs) {
      const extra = defined(this.eval(call.dynKwargs, scope));
      if (!isDict(extra)) throw new JinjaRuntimeError('TypeError', `argument after ** must be a mapping, not ${typeName(extra)}`);
      for (const [key, value] of extra) kwargs.set(String(key), value);
    }
    return { args, kwargs };
  }

  private evalCall(call: Extract<Expression, { kind: 'call' }>, scope: Scope, caller: Macro | null): unknown {
    const callee = this.eval(call.node, scope);
    const { args, kwargs } = this.evalArguments(call, scope);
    if (caller) kwargs.set('caller', caller);
    return placed(call.at, 'call', () => this.callValue(callee, args, kwargs));
  }

  callValue(callee: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
    if (callee instanceof Undefined) failUndefined(callee);
    if (!isCallable(callee)) throw new JinjaRuntimeError('TypeError', `'${typeName(callee)}' object is not callable`);
    return callee.call(args, kwargs);
  }

  private applyFilter(expression: Extract<Expression, { kind: 'filter' }>, value: unknown, scope: Scope): unknown {
    const filter = this.parts.filters.get(expression.name);
    if (!filter) throw new JinjaRuntimeError('TemplateAssertionError', `No filter named '${expression.name}'.`, expression.at);
    const { args, kwargs } = this.evalArguments(expression, scope);
    return placed(expression.at, `| ${expression.name}`, () => filter(this, value, args, kwargs));
  }

  /** A filter block's or set block's filters, applied in order to `value`. */
  private applyFilterChain(expression: Extract<Expression, { kind: 'filter' }>, value: unknown, scope: Scope): unknown {
    const inner = expression.node?.kind === 'filter' ? this.applyFilterChain(expression.node, value, scope) : value;
    return this.applyFilter(expression, inner, scope);
  }

  callFilter(name: string, value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
    const filter = this.parts.filters.get(name);
    if (!filter) throw new JinjaRuntimeError('TemplateRuntimeError', `No filter named '${name}'.`);
    return filter(this, value, args, kwargs);
  }

  callTest(name: string, value: unknown, args: readonly unknown[], kwargs: Kwargs): boolean {
    const test = this.parts.tests.get(name);
    if (!test) throw new JinjaRuntimeError('TemplateRuntimeError', `No test named '${name}'.`);
    return test(this, value, args, kwargs);
  }

  /** Runs a macro's body with its arguments bound (see Macro). */
  runMacro(macro: Macro, args: readonly unknown[], kwargs: Kwargs): unknown {
    return this.budget.nested(() => {
      this.budget.enterBlock();
      const scope = new Scope(macro.closure, macro.body);
      const { params, defaults } = macro.signature;
      const remaining = new Map(kwargs);
      const firstDefault = params.length - defaults.length;
      params.forEach((param, index) => {
        let value: unknown;
        if (index < args.length) {
          if (remaining.has(param.name)) throw new JinjaRuntimeError('TypeError', `macro '${macro.name}' got multiple values for argument '${param.name}'`);
          value = args[index];
        } else if (remaining.has(param.name)) {
          value = remaining.get(param.name);
          remaining.delete(param.name);
        } else if (index >= firstDefault) {
          value = this.eval(defaults[index - firstDefault] as Expression, scope);
        } else {
          value = new Undefined(`parameter '${param.name}' was not provided`, param.at);
        }
        scope.set(param.name, value);
      });
      if (macro.uses.caller) {
        const caller = remaining.get('caller');
        remaining.delete('caller');
        scope.set('caller', caller === undefined ? new Undefined("No caller defined", macro.at) : caller);
      }
      if (macro.uses.kwargs) scope.set('kwargs', new Map(remaining));
      else if (remaining.size > 0) {
        const name = [...remaining.keys()][0] as string;
        throw new JinjaRuntimeError('TypeError', `macro '${macro.name}' takes no keyword argument '${name}'`);
      }
      const extra = args.slice(params.length);
      if (macro.uses.varargs) scope.set('varargs', tuple(extra));
      else if (extra.length > 0) throw new JinjaRuntimeError('TypeError', `macro '${macro.name}' takes not more than ${params.length} argument(s)`);
      const previous = this.autoescape;
      try {
        return this.markupOrText(this.capture(macro.body, scope));
      } finally {
        this.autoescape = previous;
      }
    });
  }
}

/** A `{% macro %}` (or a call block's `caller`): callable, its output Markup under autoescape. */
export class Macro implements PyCallable, HasAttributes {
  readonly pythonType = 'Macro';

  constructor(
    private readonly interpreter: Interpreter,
    readonly name: string,
    readonly signature: MacroSignature,
    readonly body: readonly Statement[],
    readonly uses: MacroUses,
    readonly closure: Scope,
    readonly at: number,
  ) {}

  call(args: readonly unknown[], kwargs: Kwargs): unknown {
    return this.interpreter.runMacro(this, args, kwargs);
  }

  attribute(name: string): unknown {
    if (name === 'name') return this.name;
    if (name === 'arguments') return tuple(this.signature.params.map((param) => param.name));
    if (name === 'catch_kwargs') return this.uses.kwargs;
    if (name === 'catch_varargs') return this.uses.varargs;
    if (name === 'caller') return this.uses.caller;
    return undefined;
  }

  describe(): string {
    return `<Macro '${this.name}'>`;
  }
}

/** What the iterations of one loop share. */
interface LoopState {
  /** The arguments `loop.changed()` last saw. */
  changed: unknown;
}

/** The `loop` variable of a `{% for %}`. */
class LoopContext implements HasAttributes, PyCallable {
  readonly pythonType = 'LoopContext';

  constructor(
    private readonly items: readonly unknown[],
    private readonly index0: number,
    private readonly depth: number,
    private readonly recurse: ((iterable: unknown) => string) | null,
    private readonly interpreter: Interpreter,
    private readonly state: LoopState,
  ) {}

  attribute(name: string): unknown {
    const { items, index0 } = this;
    switch (name) {
      case 'index':
        return index0 + 1;
      case 'index0':
        return index0;
      case 'revindex':
        return items.length - index0;
      case 'revindex0':
        return items.length - index0 - 1;
      case 'first':
        return index0 === 0;
      case 'last':
        return index0 === items.length - 1;
      case 'length':
        return items.length;
      case 'depth':
        return this.depth;
      case 'depth0':
        return this.depth - 1;
      case 'previtem':
        return index0 > 0 ? items[index0 - 1] : new Undefined('there is no previous item', this.interpreter.offset);
      case 'nextitem':
        return index0 < items.length - 1 ? items[index0 + 1] : new Undefined('there is no next item', this.interpreter.offset);
      case 'cycle':
        return new Builtin('cycle', (args) => {
          if (args.length === 0) throw new JinjaRuntimeError('TypeError', 'no items for cycling given');
          return args[index0 % args.length];
        });
      case 'changed':
        return new Builtin('changed', (args) => {
          const value = tuple([...args]);
          if (this.state.changed !== MISSING && pyEquals(value, this.state.changed)) return false;
          this.state.changed = value;
          return true;
        });
      default:
        return undefined;
    }
  }

  call(args: readonly unknown[]): unknown {
    if (!this.recurse) throw new JinjaRuntimeError('TypeError', "The loop must have the 'recursive' marker to be called recursively.");
    if (args.length !== 1) throw new JinjaRuntimeError('TypeError', 'loop() takes exactly one argument');
    return this.interpreter.autoescape ? new Markup(this.recurse(args[0])) : this.recurse(args[0]);
  }

  describe(): string {
    return `<LoopContext ${this.index0 + 1}/${this.items.length}>`;
  }
}

function iterableItems(value: unknown): unknown[] {
  if (value instanceof Undefined && value.strictness === 'lenient') return [];
  return toList(value);
}

/** Python's `seq[start:stop:step]`. */
export function sliceItems<T>(items: readonly T[], start: number | null, stop: number | null, step: number): T[] {
  const length = items.length;
  const clamp = (value: number | null, fallback: number, low: number, high: number): number => {
    if (value === null) return fallback;
    const index = value < 0 ? value + length : value;
    return Math.min(Math.max(index, low), high);
  };
  const result: T[] = [];
  if (step > 0) {
    const from = clamp(start, 0, 0, length);
    const to = clamp(stop, length, 0, length);
    for (let index = from; index < to; index += step) result.push(items[index] as T);
  } else {
    const from = clamp(start, length - 1, -1, length - 1);
    const to = clamp(stop, -1, -1, length - 1);
    for (let index = from; index > to; index += step) result.push(items[index] as T);
  }
  return result;
}

export { Scope };
