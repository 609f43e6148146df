// Grid track lists and template areas: `grid-template-*` / `grid-auto-*` text parsed into track sizes and line names.
import { parseComponents, type CV } from '../css/syntax.js';
import type { Percent } from '../css/types.js';
import { parseLength, resolveLength } from '../css/values/length.js';
import { lengthInLayoutUnits } from '../css/values/layout-units.js';

/** One end of a track sizing function. Lengths are px or a Percent of the grid's content size. */
export type Breadth =
  | { readonly kind: 'length'; readonly value: number | Percent }
  | { readonly kind: 'fr'; readonly fr: number }
  | { readonly kind: 'auto' }
  | { readonly kind: 'min-content' }
  | { readonly kind: 'max-content' };

export interface TrackSize {
  readonly min: Breadth;
  readonly max: Breadth;
  /** `fit-content(limit)`: the max-content size clamped to this limit. */
  readonly fitContent?: number | Percent;
}

/** A track list with line names; `names[i]` are the names of line i+1 (so `names.length === tracks.length + 1`). */
export interface TrackList {
  readonly tracks: readonly TrackSize[];
  readonly names: readonly (readonly string[])[];
  /** `repeat(auto-fill|auto-fit, …)`: inserted at track index `at` once the available size is known. */
  readonly autoRepeat: { readonly at: number; readonly split: number; readonly mode: 'fill' | 'fit'; readonly tracks: readonly TrackSize[]; readonly names: readonly (readonly string[])[] } | null;
}

/** A track list with the auto repetition done: the explicit grid along one axis. */
export interface ExpandedTracks {
  readonly tracks: readonly TrackSize[];
  readonly names: readonly (readonly string[])[];
  /** Indexes of tracks that came from `repeat(auto-fit, …)` (collapsed when empty). */
  readonly autoFit: ReadonlySet<number>;
}

const AUTO: Breadth = { kind: 'auto' };
export const AUTO_TRACK: TrackSize = { min: AUTO, max: AUTO };
const ABSOLUTE = { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0 };
const EMPTY: TrackList = { tracks: [], names: [[]], autoRepeat: null };

function breadth(v: CV): Breadth | undefined {
  if (v.type === 'ident') {
    if (v.lower === 'auto') return AUTO;
    if (v.lower === 'min-content' || v.lower === 'max-content') return { kind: v.lower };
    return undefined;
  }
  if (v.type === 'dimension' && v.unit === 'fr') return v.value >= 0 ? { kind: 'fr', fr: v.value } : undefined;
  const spec = parseLength(v, { percent: true });
  return spec === undefined ? undefined : { kind: 'length', value: lengthInLayoutUnits(resolveLength(spec, ABSOLUTE)) };
}

function trackSize(v: CV): TrackSize | undefined {
  if (v.type === 'function' && v.name === 'minmax') {
    const args = v.args.filter((a) => a.type !== 'comma');
    if (args.length !== 2) return undefined;
    const min = breadth(args[0]);
    const max = breadth(args[1]);
    if (!min || !max || min.kind === 'fr') return undefined;
    return { min, max };
  }
  if (v.type === 'function' && v.name === 'fit-content') {
    const b = v.args.length === 1 ? breadth(v.args[0]) : undefined;
    if (!b || b.kind !== 'length') return undefined;
    return { min: AUTO, max: { kind: 'max-content' }, fitContent: b.value };
  }
  const b = breadth(v);
  if (!b) return undefined;
  return { min: b.kind === 'fr' ? AUTO : b, max: b };
}

/** Parses a run of `[names] size [names] size …` into tracks and names; undefined when invalid. */
function parseRun(values: readonly CV[], allowRepeat: boolean): TrackList | undefined {
  const tracks: TrackSize[] = [];
  const names: string[][] = [[]];
  let autoRepeat: TrackList['autoRepeat'] = null;
  for (const v of values) {
    if (v.type === 'block' && v.open === '[') {
      for (const n of v.items) if (n.type === 'ident') names[names.length - 1].push(n.value);
      continue;
    }
    if (v.type === 'function' && v.name === 'repeat' && allowRepeat) {
      const comma = v.args.findIndex((a) => a.type === 'comma');
      if (comma < 0) return undefined;
      const count = v.args.slice(0, comma).filter((a) => a.type !== 'comma');
      const inner = parseRun(v.args.slice(comma + 1), false);
      if (!inner || inner.tracks.length === 0 || count.length !== 1) return undefined;
      const c = count[0];
      if (c.type === 'ident' && (c.lower === 'auto-fill' || c.lower === 'auto-fit')) {
        if (autoRepeat) return undefined;
        autoRepeat = { at: tracks.length, split: names[names.length - 1].length, mode: c.lower === 'auto-fill' ? 'fill' : 'fit', tracks: inner.tracks, names: inner.names };
        continue;
      }
      if (c.type !== 'number' || c.value < 1) return undefined;
      for (let k = 0; k < Math.min(c.value, 1000); k++) appendRun(tracks, names, inner);
      continue;
    }
    const t = trackSize(v);
    if (!t) return undefined;
    tracks.push(t);
    names.push([]);
  }
  return { tracks, names, autoRepeat };
}

function appendRun(tracks: TrackSize[], names: string[][], run: { tracks: readonly TrackSize[]; names: readonly (readonly string[])[] }): void {
  names[names.length - 1].push(...run.names[0]);
  run.tracks.forEach((t, k) => {
    tracks.push(t);
    names.push([...run.names[k + 1]]);
  });
}

/** `grid-template-columns` / `-rows` text (`none`, or a track list); invalid text counts as `none`. */
export function parseTrackList(text: string): TrackList {
  if (text === 'none' || text === '') return EMPTY;
  return parseRun(parseComponents(text), true) ?? EMPTY;
}

/** `grid-auto-columns` / `-rows`: one or more track sizes, repeated. */
export function parseAutoTracks(text: string): readonly TrackSize[] {
  const sizes = parseComponents(text).map(trackSize);
  return sizes.length > 0 && sizes.every((s) => s !== undefined) ? (sizes as TrackSize[]) : [AUTO_TRACK];
}

function definite(b: Breadth, basis: number | null): number | null {
  if (b.kind !== 'length') return null;
  if (typeof b.value === 'number') return b.value;
  return basis === null ? null : (b.value.percent / 100) * basis + (b.value.px ?? 0);
}

/**
 * Expands `repeat(auto-fill|auto-fit, …)` for an available size (null when indefinite: one repetition),
 * as many repetitions as fit (at least one), CSS Grid §7.2.3.2.
 */
export function expandTracks(list: TrackList, available: number | null, gap: number): ExpandedTracks {
  const auto = list.autoRepeat;
  if (!auto) return { tracks: list.tracks, names: list.names, autoFit: new Set() };
  let count = 1;
  if (available !== null) {
    const size = (t: TrackSize): number => definite(t.max, available) ?? definite(t.min, available) ?? 0;
    const fixed = list.tracks.reduce((s, t) => s + size(t), 0) + gap * list.tracks.length;
    const one = auto.tracks.reduce((s, t) => s + size(t), 0) + gap * auto.tracks.length;
    if (one > 0) count = Math.max(1, Math.floor((available - fixed + gap + 1e-6) / one));
    count = Math.min(count, 1000);
  }
  const tracks: TrackSize[] = [];
  const names: string[][] = [[]];
  const autoFit = new Set<number>();
  const line = list.names[auto.at];
  const beforeNames = list.names.slice(0, auto.at + 1);
  beforeNames[auto.at] = line.slice(0, auto.split);
  const afterNames = list.names.slice(auto.at);
  afterNames[0] = line.slice(auto.split);
  const before = { tracks: list.tracks.slice(0, auto.at), names: beforeNames };
  const after = { tracks: list.tracks.slice(auto.at), names: afterNames };
  appendRun(tracks, names, before);
  for (let k = 0; k < count; k++) {
    const start = tracks.length;
    appendRun(tracks, names, auto);
    if (auto.mode === 'fit') for (let i = start; i < tracks.length; i++) autoFit.add(i);
  }
  appendRun(tracks, names, after);
  return { tracks, names, autoFit };
}

/** Named areas of `grid-template-areas`: name → 0-based [rowStart, rowEnd) × [colStart, colEnd). */
export interface TemplateAreas {
  readonly rows: number;
  readonly columns: number;
  readonly areas: ReadonlyMap<string, { rowStart: number; rowEnd: number; colStart: number; colEnd: number }>;
}

/** Parses `grid-template-areas` strings; null for `none` or an invalid template. */
export function parseAreas(text: string): TemplateAreas | null {
  if (text === 'none' || text === '') return null;
  const rows = parseComponents(text).filter((v) => v.type === 'string').map((v) => (v as { value: string }).value.trim().split(/\s+/).map((cell) => (/^\.+$/.test(cell) ? null : cell)));
  if (rows.length === 0 || rows.some((r) => r.length !== rows[0].length)) return null;
  const areas = new Map<string, { rowStart: number; rowEnd: number; colStart: number; colEnd: number }>();
  rows.forEach((row, r) => row.forEach((name, c) => {
    if (name === null) return;
    const a = areas.get(name);
    if (!a) areas.set(name, { rowStart: r, rowEnd: r + 1, colStart: c, colEnd: c + 1 });
    else areas.set(name, { rowStart: Math.min(a.rowStart, r), rowEnd: Math.max(a.rowEnd, r + 1), colStart: Math.min(a.colStart, c), colEnd: Math.max(a.colEnd, c + 1) });
  }));
  return { rows: rows.length, columns: rows[0].length, areas };
}

/** Line names of one axis with the implicit `<area>-start` / `<area>-end` names of the template areas added. */
export function namesWithAreas(names: readonly (readonly string[])[], areas: TemplateAreas | null, axis: 'row' | 'column', lineCount: number): string[][] {
  const out = Array.from({ length: Math.max(lineCount, names.length) }, (_, i) => [...(names[i] ?? [])]);
  if (!areas) return out;
  for (const [name, a] of areas.areas) {
    const start = axis === 'row' ? a.rowStart : a.colStart;
    const end = axis === 'row' ? a.rowEnd : a.colEnd;
    while (out.length <= end) out.push([]);
    out[start].push(`${name}-start`);
    out[end].push(`${name}-end`);
  }
  return out;
}
