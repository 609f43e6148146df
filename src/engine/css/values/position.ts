// <position> (background-position, object-position): 1 to 4 values to offsets from the top-left.
import type { CV } from '../syntax.js';
import { type LengthSpec, parseLength, percent, percentPlus } from './length.js';

type Axis = 'x' | 'y' | 'either';

const KEYWORDS: Record<string, { axis: Axis; pct: number }> = {
  left: { axis: 'x', pct: 0 },
  right: { axis: 'x', pct: 100 },
  top: { axis: 'y', pct: 0 },
  bottom: { axis: 'y', pct: 100 },
  center: { axis: 'either', pct: 50 },
};

interface Part {
  readonly keyword: { axis: Axis; pct: number } | null;
  readonly length: LengthSpec | null;
}

function part(v: CV): Part | undefined {
  if (v.type === 'ident') {
    const k = KEYWORDS[v.lower];
    return k === undefined ? undefined : { keyword: k, length: null };
  }
  const len = parseLength(v, { percent: true, negative: true });
  return len === undefined ? undefined : { keyword: null, length: len };
}

const CENTER = percent(50);

/** Parse a position; the result is [x, y] offsets (percent = CSS percentage semantics). */
export function parsePosition(values: readonly CV[]): [LengthSpec, LengthSpec] | undefined {
  if (values.length < 1 || values.length > 4) return undefined;
  const parts: Part[] = [];
  for (const v of values) {
    const p = part(v);
    if (p === undefined) return undefined;
    parts.push(p);
  }
  if (parts.length === 1) {
    const p = parts[0];
    if (p.length !== null) return [p.length, CENTER];
    const k = p.keyword!;
    return k.axis === 'y' ? [CENTER, percent(k.pct)] : [percent(k.pct), CENTER];
  }
  if (parts.length === 2 && (parts[0].length !== null || parts[1].length !== null)) {
    // `<x> <y>` where at least one is a length: keywords must sit on their own axis.
    const [a, b] = parts;
    if (a.keyword !== null && a.keyword.axis === 'y') return undefined;
    if (b.keyword !== null && b.keyword.axis === 'x') return undefined;
    return [a.length ?? percent(a.keyword!.pct), b.length ?? percent(b.keyword!.pct)];
  }
  // Keyword forms: each keyword optionally followed by an offset from that edge.
  let x: LengthSpec | null = null;
  let y: LengthSpec | null = null;
  const pending: { axis: Axis; value: LengthSpec }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const k = parts[i].keyword;
    if (k === null) return undefined;
    const offset = parts[i + 1]?.length ?? null;
    if (offset !== null) {
      if (k.axis === 'either') return undefined;
      i++;
    }
    let value: LengthSpec;
    if (offset === null) value = percent(k.pct);
    else if (k.pct === 0) value = offset;
    else value = percentPlus(k.pct, offset, -1);
    pending.push({ axis: k.axis, value });
  }
  if (pending.length !== 2) return undefined;
  for (const p of pending) {
    if (p.axis === 'x') {
      if (x !== null) return undefined;
      x = p.value;
    } else if (p.axis === 'y') {
      if (y !== null) return undefined;
      y = p.value;
    }
  }
  for (const p of pending) {
    if (p.axis !== 'either') continue;
    if (x === null) x = p.value;
    else if (y === null) y = p.value;
    else return undefined;
  }
  return [x ?? CENTER, y ?? CENTER];
}
