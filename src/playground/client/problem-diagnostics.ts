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

/** The construct at the problem's place when it is written there, else the word there; the first line for a problem of the whole template. */
export function problemRange(doc: Text, problem: TemplateProblem): { from: number; to: number } {
  if (problem.line === null || problem.line < 1 || problem.line > doc.lines) {
    const first = doc.line(1);
    return { from: first.from, to: first.to };
  }
  const line = doc.line(problem.line);
  const from = line.from + Math.min(Math.max((problem.column ?? 1) - 1, 0), line.length);
  const construct = problem.construct ?? '';
  if (construct !== '' && doc.sliceString(from, from + construct.length) === construct) return { from, to: from + construct.length };
  const rest = doc.sliceString(from, line.to);
  const word = /^\S+/.exec(rest)?.[0].length ?? 0;
  return { from, to: Math.min(from + Math.max(word, 1), doc.length) };
}
