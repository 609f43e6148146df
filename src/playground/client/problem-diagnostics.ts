// The service's template problems (1-based line and UTF-16 column) as CodeMirror diagnostics over the construct at fault.
import type { Text } from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
import type { TemplateProblem } from './api-types.js';

export function problemDiagnostics(doc: Text, problems: readonly TemplateProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const { from, to } = problemRange(doc, problem);
    return { from, to, severity: problem.type === 'missing_data' ? 'warning' : 'error', source: problem.type.replace('_', ' '), message: problem.message };
  });
}

/**
 * The construct at fault where it is written on the problem's line around its column (the service
 * points inside it: at the path, or at the token that failed to parse); else the name at the column;
 * the first line for a problem of the whole template.
 */
export function problemRange(doc: Text, problem: TemplateProblem): { from: number; to: number } {
  if (problem.line === null || problem.line < 1 || problem.line > doc.lines) {
    const first = doc.line(1);
    return { from: first.from, to: first.to };
  }
  const line = doc.line(problem.line);
  const offset = Math.min(Math.max((problem.column ?? 1) - 1, 0), line.length);
  const construct = problem.construct ?? '';
  if (construct !== '') {
    for (let at = line.text.indexOf(construct); at !== -1; at = line.text.indexOf(construct, at + 1)) {
      if (at <= offset && offset < at + construct.length) return { from: line.from + at, to: line.from + at + construct.length };
    }
  }
  const name = /^[\w.[\]-]+/.exec(line.text.slice(offset))?.[0].length ?? 0;
  const from = line.from + offset;
  return { from, to: Math.min(from + Math.max(name, 1), doc.length) };
}
