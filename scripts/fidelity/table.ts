// Formats the fidelity table, one row per document, columns padded to fixed widths.

export interface Row {
  readonly id: string;
  readonly text: number;
  readonly layout: number;
  readonly visual: number;
  readonly overall: number;
  /** Recorded score from scores.json, or null for a document not yet recorded. */
  readonly recorded: number | null;
  readonly renderMs: number;
  readonly reference: string;
}

const COLUMNS = [
  ['document', 52, 'left'],
  ['text', 6, 'right'],
  ['layout', 7, 'right'],
  ['visual', 7, 'right'],
  ['overall', 8, 'right'],
  ['recorded', 9, 'right'],
  ['render', 10, 'right'],
  ['reference', 11, 'left'],
] as const;

export function formatHeader(): string {
  const header = line(COLUMNS.map(([name]) => name));
  return `${header}\n${'-'.repeat(header.length)}`;
}

export function formatRow(row: Row): string {
  return line([
    row.id,
    row.text.toFixed(1),
    row.layout.toFixed(1),
    row.visual.toFixed(1),
    row.overall.toFixed(1),
    row.recorded === null ? 'new' : row.recorded.toFixed(1),
    `${Math.round(row.renderMs)} ms`,
    row.reference,
  ]);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function line(cells: readonly string[]): string {
  return cells
    .map((cell, i) => {
      const [, width, align] = COLUMNS[i];
      return align === 'left' ? cell.padEnd(width) : cell.padStart(width);
    })
    .join(' ')
    .trimEnd();
}
