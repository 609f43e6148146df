// Refuses, once parsed, a template that names a filter or test Jinja does not have, as Jinja's compiler does (TemplateAssertionError).
import type { TemplateAst } from './jinja-ast.js';
import { JinjaSyntaxError } from './jinja-errors.js';

/** Every node of the tree, statements and expressions alike, through an explicit stack. */
function* nodes(ast: TemplateAst): Generator<{ kind: string; at: number; name?: unknown }> {
  const pending: unknown[] = [...ast.body];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (typeof node !== 'object' || node === null || !('kind' in node)) continue;
    yield node as { kind: string; at: number; name?: unknown };
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) pending.push(value);
  }
}

export function checkNames(ast: TemplateAst, filters: ReadonlyMap<string, unknown>, tests: ReadonlyMap<string, unknown>): void {
  let first: JinjaSyntaxError | null = null;
  for (const node of nodes(ast)) {
    const name = String(node.name);
    let failure: JinjaSyntaxError | null = null;
    if (node.kind === 'filter' && !filters.has(name)) failure = new JinjaSyntaxError(`No filter named '${name}'.`, node.at, 'TemplateAssertionError');
    else if (node.kind === 'test' && !tests.has(name)) failure = new JinjaSyntaxError(`No test named '${name}'.`, node.at, 'TemplateAssertionError');
    if (failure && (!first || failure.offset < first.offset)) first = failure;
  }
  if (first) throw first;
}
