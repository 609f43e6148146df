// Lists the data paths a parsed Jinja template reads (names that are not its own variables, with their constant attributes and indexes), and whether each use needs a value.
import type { CallArguments, Expression, MacroSignature, Statement, Target, TemplateAst } from './jinja-ast.js';
import type { TemplateLocation, TemplatePlaceholder } from '../inspect-template.js';
import { isInt, isString, textOf } from './python-values.js';

/** Names a template can read without data: the globals and the variables Jinja makes. */
const BUILTIN_NAMES = new Set(['range', 'dict', 'namespace', 'cycler', 'joiner', 'loop', 'caller', 'varargs', 'kwargs']);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Use {
  readonly path: string;
  readonly segments: (string | number)[];
  readonly required: boolean;
  readonly at: number;
}

/** Names bound in the scope being walked, through the scopes around it. */
class Names {
  private readonly names = new Set<string>();

  constructor(private readonly parent: Names | null) {}

  has(name: string): boolean {
    for (let scope: Names | null = this; scope; scope = scope.parent) if (scope.names.has(name)) return true;
    return false;
  }

  add(name: string): void {
    this.names.add(name);
  }

  child(): Names {
    return new Names(this);
  }
}

/** The data paths `ast` reads, in order of first use; `locate` turns offsets into lines and columns. */
export function inspectAst(ast: TemplateAst, locate: (offset: number) => TemplateLocation): TemplatePlaceholder[] {
  const uses: Use[] = [];
  new Walker(uses).statements(ast.body, new Names(null), new Set());
  uses.sort((a, b) => a.at - b.at);
  const byPath = new Map<string, { segments: (string | number)[]; required: boolean; locations: TemplateLocation[] }>();
  for (const use of uses) {
    const entry = byPath.get(use.path);
    if (entry) {
      entry.required ||= use.required;
      entry.locations.push(locate(use.at));
    } else {
      byPath.set(use.path, { segments: use.segments, required: use.required, locations: [locate(use.at)] });
    }
  }
  return [...byPath].map(([path, entry]) => ({ path, ...entry }));
}

class Walker {
  constructor(private readonly uses: Use[]) {}

  statements(body: readonly Statement[], names: Names, guarded: ReadonlySet<string>): void {
    for (const statement of body) this.statement(statement, names, guarded);
  }

  private statement(statement: Statement, names: Names, guarded: ReadonlySet<string>): void {
    switch (statement.kind) {
      case 'output':
        for (const node of statement.nodes) if (node.kind !== 'data') this.expression(node, names, guarded, true);
        return;
      case 'if': {
        let seen = new Set(guarded);
        for (const branch of statement.branches) {
          this.expression(branch.test, names, seen, true);
          const inside = new Set([...seen, ...definedPaths(branch.test)]);
          this.statements(branch.body, names, inside);
          seen = new Set([...seen, ...undefinedPaths(branch.test)]);
        }
        this.statements(statement.else_, names, seen);
        return;
      }
      case 'for': {
        this.expression(statement.iter, names, guarded, true);
        const inner = names.child();
        this.bind(statement.target, inner);
        if (statement.test) this.expression(statement.test, inner, guarded, true);
        this.statements(statement.body, inner, guarded);
        this.statements(statement.else_, names.child(), guarded);
        return;
      }
      case 'assign':
        this.expression(statement.expr, names, guarded, true);
        this.bindAssigned(statement.target, names, guarded);
        return;
      case 'assignblock':
        this.statements(statement.body, names.child(), guarded);
        if (statement.filter) this.expression(statement.filter, names, guarded, true);
        this.bindAssigned(statement.target, names, guarded);
        return;
      case 'macro':
        names.add(statement.name);
        this.macro(statement.signature, statement.body, names, guarded);
        return;
      case 'callblock':
        this.expression(statement.call, names, guarded, true);
        this.macro(statement.signature, statement.body, names, guarded);
        return;
      case 'filterblock':
        this.expression(statement.filter, names, guarded, true);
        this.statements(statement.body, names.child(), guarded);
        return;
      case 'with': {
        for (const value of statement.values) this.expression(value, names, guarded, true);
        const inner = names.child();
        for (const target of statement.targets) this.bind(target, inner);
        this.statements(statement.body, inner, guarded);
        return;
      }
      case 'autoescape':
        this.expression(statement.expr, names, guarded, true);
        this.statements(statement.body, names, guarded);
        return;
      case 'block':
        this.statements(statement.body, names.child(), guarded);
        return;
    }
  }

  private macro(signature: MacroSignature, body: readonly Statement[], names: Names, guarded: ReadonlySet<string>): void {
    const inner = names.child();
    for (const param of signature.params) inner.add(param.name);
    for (const fallback of signature.defaults) this.expression(fallback, inner, guarded, true);
    this.statements(body, inner, guarded);
  }

  private bindAssigned(target: Target, names: Names, guarded: ReadonlySet<string>): void {
    if (target.kind === 'nsref') {
      if (!names.has(target.name)) this.uses.push({ path: target.name, segments: [target.name], required: !guarded.has(target.name), at: target.at });
      return;
    }
    this.bind(target, names);
  }

  private bind(target: Target, names: Names): void {
    if (target.kind === 'name') names.add(target.name);
    else if (target.kind === 'tuple') for (const item of target.items) this.bind(item, names);
  }

  /** Walks an expression; `required` is false under `| default` and `is defined`. */
  private expression(expression: Expression, names: Names, guarded: ReadonlySet<string>, required: boolean): void {
    const path = dataPath(expression, names);
    if (path) {
      const isRequired = required && !guarded.has(path.path) && ![...guarded].some((prefix) => path.path.startsWith(`${prefix}.`) || path.path.startsWith(`${prefix}[`));
      this.uses.push({ ...path, required: isRequired });
      for (const index of path.computed) this.expression(index, names, guarded, true);
      return;
    }
    switch (expression.kind) {
      case 'const':
      case 'name':
        return;
      case 'getattr':
        this.expression(expression.node, names, guarded, required);
        return;
      case 'getitem':
        this.expression(expression.node, names, guarded, required);
        this.expression(expression.arg, names, guarded, true);
        return;
      case 'slice':
        for (const part of [expression.start, expression.stop, expression.step]) if (part) this.expression(part, names, guarded, true);
        return;
      case 'call':
        this.expression(expression.node, names, guarded, true);
        this.arguments(expression, names, guarded);
        return;
      case 'filter':
        if (expression.node) this.expression(expression.node, names, guarded, required && expression.name !== 'default' && expression.name !== 'd');
        this.arguments(expression, names, guarded);
        return;
      case 'test':
        this.expression(expression.node, names, guarded, required && expression.name !== 'defined' && expression.name !== 'undefined');
        this.arguments(expression, names, guarded);
        return;
      case 'condexpr': {
        this.expression(expression.test, names, guarded, true);
        this.expression(expression.expr1, names, new Set([...guarded, ...definedPaths(expression.test)]), required);
        if (expression.expr2) this.expression(expression.expr2, names, new Set([...guarded, ...undefinedPaths(expression.test)]), required);
        return;
      }
      case 'and':
        this.expression(expression.left, names, guarded, true);
        this.expression(expression.right, names, new Set([...guarded, ...definedPaths(expression.left)]), true);
        return;
      case 'or':
        this.expression(expression.left, names, guarded, true);
        this.expression(expression.right, names, new Set([...guarded, ...undefinedPaths(expression.left)]), true);
        return;
      case 'not':
      case 'unary':
        this.expression(expression.node, names, guarded, true);
        return;
      case 'compare':
        this.expression(expression.expr, names, guarded, true);
        for (const [, node] of expression.ops) this.expression(node, names, guarded, true);
        return;
      case 'binary':
        this.expression(expression.left, names, guarded, true);
        this.expression(expression.right, names, guarded, true);
        return;
      case 'concat':
        for (const node of expression.nodes) this.expression(node, names, guarded, true);
        return;
      case 'list':
      case 'tuple':
        for (const item of expression.items) this.expression(item, names, guarded, true);
        return;
      case 'dict':
        for (const [key, value] of expression.pairs) {
          this.expression(key, names, guarded, true);
          this.expression(value, names, guarded, true);
        }
        return;
    }
  }

  private arguments(call: CallArguments, names: Names, guarded: ReadonlySet<string>): void {
    for (const arg of call.args) this.expression(arg, names, guarded, true);
    for (const [, value] of call.kwargs) this.expression(value, names, guarded, true);
    if (call.dynArgs) this.expression(call.dynArgs, names, guarded, true);
    if (call.dynKwargs) this.expression(call.dynKwargs, names, guarded, true);
  }
}

/**
 * The data path an expression reads when it is a data name followed by attributes and constant
 * indexes (`order.items[0].price`); computed indexes end the path and are walked on their own.
 */
function dataPath(expression: Expression, names: Names): { path: string; segments: (string | number)[]; at: number; computed: Expression[] } | null {
  const chain: Expression[] = [];
  let node = expression;
  while (node.kind === 'getattr' || node.kind === 'getitem') {
    chain.unshift(node);
    node = node.node;
  }
  if (node.kind !== 'name' || names.has(node.name) || BUILTIN_NAMES.has(node.name)) return null;
  const segments: (string | number)[] = [node.name];
  let path = node.name;
  const computed: Expression[] = [];
  for (const link of chain) {
    if (link.kind === 'getattr') {
      segments.push(link.attr);
      path += `.${link.attr}`;
      continue;
    }
    if (link.kind !== 'getitem') break;
    const arg = link.arg;
    if (arg.kind === 'const' && isInt(arg.value)) {
      segments.push(arg.value);
      path += `[${arg.value}]`;
    } else if (arg.kind === 'const' && isString(arg.value)) {
      const key = textOf(arg.value);
      segments.push(key);
      path += IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    } else {
      computed.push(arg);
      break;
    }
  }
  return { path, segments, at: node.at, computed };
}

/** Paths an expression proves defined when true: `x is defined`, `a is defined and b is defined`. */
function definedPaths(test: Expression): string[] {
  if (test.kind === 'test' && test.name === 'defined') return pathText(test.node);
  if (test.kind === 'not' && test.node.kind === 'test' && test.node.name === 'undefined') return pathText(test.node.node);
  if (test.kind === 'and') return [...definedPaths(test.left), ...definedPaths(test.right)];
  return [];
}

/** Paths an expression proves defined when false: `x is undefined`, `x is not defined`. */
function undefinedPaths(test: Expression): string[] {
  if (test.kind === 'test' && test.name === 'undefined') return pathText(test.node);
  if (test.kind === 'not' && test.node.kind === 'test' && test.node.name === 'defined') return pathText(test.node.node);
  if (test.kind === 'or') return [...undefinedPaths(test.left), ...undefinedPaths(test.right)];
  return [];
}

function pathText(expression: Expression): string[] {
  const path = dataPath(expression, new Names(null));
  return path && path.computed.length === 0 ? [path.path] : [];
}
