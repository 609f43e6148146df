// Background layers: the comma-separated longhand lists, and their assembly into BackgroundLayer[].
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { BackgroundClip, BackgroundLayer, BackgroundRepeat, BackgroundSize, BoxArea, Image, LengthPercentage } from '../types.js';
import { type ImageSpec, parseImage } from './image.js';
import { type LengthSpec, parseLength, percent } from './length.js';
import { parsePosition } from './position.js';

/** Computed longhand lists, one entry per layer (shorter lists repeat). */
export interface BackgroundDraft {
  images: readonly (Image | null)[];
  positionX: readonly LengthPercentage[];
  positionY: readonly LengthPercentage[];
  sizes: readonly BackgroundSize[];
  repeats: readonly (readonly [BackgroundRepeat, BackgroundRepeat])[];
  origins: readonly BoxArea[];
  clips: readonly BackgroundClip[];
}

const ZERO = percent(0);
const AUTO_SIZE: BackgroundSize = Object.freeze(['auto', 'auto'] as const);
const REPEAT: readonly [BackgroundRepeat, BackgroundRepeat] = Object.freeze(['repeat', 'repeat'] as const);

export function initialBackground(): BackgroundDraft {
  return {
    images: [null],
    positionX: [ZERO],
    positionY: [ZERO],
    sizes: [AUTO_SIZE],
    repeats: [REPEAT],
    origins: ['padding-box'],
    clips: ['border-box'],
  };
}

/** The lists back from computed layers (for `inherit`); `clip` is the colour's clip when there is no layer. */
export function backgroundFromLayers(layers: readonly BackgroundLayer[], clip: BackgroundClip = 'border-box'): BackgroundDraft {
  if (layers.length === 0) return { ...initialBackground(), clips: [clip] };
  return {
    images: layers.map((l) => l.image),
    positionX: layers.map((l) => l.position[0]),
    positionY: layers.map((l) => l.position[1]),
    sizes: layers.map((l) => l.size),
    repeats: layers.map((l) => l.repeat),
    origins: layers.map((l) => l.origin),
    clips: layers.map((l) => l.clip),
  };
}

export function assembleBackground(d: BackgroundDraft): readonly BackgroundLayer[] {
  const out: BackgroundLayer[] = [];
  const at = <T>(list: readonly T[], i: number): T => list[i % list.length];
  d.images.forEach((image, i) => {
    if (image === null) return;
    out.push({
      image,
      size: at(d.sizes, i),
      position: [at(d.positionX, i), at(d.positionY, i)],
      repeat: at(d.repeats, i),
      origin: at(d.origins, i),
      clip: at(d.clips, i),
    });
  });
  return out;
}

/** Parse each comma-separated item with `item`; undefined when any is invalid. */
export function parseList<T>(values: readonly CV[], item: (v: readonly CV[]) => T | undefined): T[] | undefined {
  const out: T[] = [];
  for (const part of splitOnComma(values)) {
    const v = item(part);
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

export function parseBackgroundImage(v: readonly CV[]): ImageSpec | 'none' | undefined {
  if (v.length !== 1) return undefined;
  if (v[0].type === 'ident' && v[0].lower === 'none') return 'none';
  return parseImage(v[0]);
}

const REPEAT_WORDS = new Set<BackgroundRepeat>(['repeat', 'no-repeat', 'space', 'round']);

export function parseRepeat(v: readonly CV[]): readonly [BackgroundRepeat, BackgroundRepeat] | undefined {
  const words = v.map((x) => (x.type === 'ident' ? x.lower : ''));
  if (words.length === 1) {
    if (words[0] === 'repeat-x') return ['repeat', 'no-repeat'];
    if (words[0] === 'repeat-y') return ['no-repeat', 'repeat'];
    if (REPEAT_WORDS.has(words[0] as BackgroundRepeat)) return [words[0], words[0]] as [BackgroundRepeat, BackgroundRepeat];
    return undefined;
  }
  if (words.length === 2 && words.every((w) => REPEAT_WORDS.has(w as BackgroundRepeat))) {
    return [words[0], words[1]] as [BackgroundRepeat, BackgroundRepeat];
  }
  return undefined;
}

export type SizeSpec = 'cover' | 'contain' | readonly [LengthSpec | 'auto', LengthSpec | 'auto'];

export function parseSize(v: readonly CV[]): SizeSpec | undefined {
  if (v.length === 1 && v[0].type === 'ident' && (v[0].lower === 'cover' || v[0].lower === 'contain')) return v[0].lower;
  if (v.length < 1 || v.length > 2) return undefined;
  const one = (x: CV): LengthSpec | 'auto' | undefined =>
    x.type === 'ident' && x.lower === 'auto' ? 'auto' : parseLength(x, { percent: true });
  const w = one(v[0]);
  const h = v.length === 2 ? one(v[1]) : 'auto';
  return w === undefined || h === undefined ? undefined : [w, h];
}

export function parseBox(v: readonly CV[]): BoxArea | undefined {
  if (v.length !== 1 || v[0].type !== 'ident') return undefined;
  const k = v[0].lower;
  return k === 'border-box' || k === 'padding-box' || k === 'content-box' ? k : undefined;
}

/** A `background-clip` value: a box, or `text` (the glyphs of the box's text). */
export function parseClipArea(v: readonly CV[]): BackgroundClip | undefined {
  return v.length === 1 && v[0].type === 'ident' && v[0].lower === 'text' ? 'text' : parseBox(v);
}

/** One axis of background-position-x/-y: keyword, length, or keyword + offset. */
export function parsePositionAxis(v: readonly CV[], axis: 'x' | 'y'): LengthSpec | undefined {
  const pair = parsePosition(axis === 'x' ? [...v, { type: 'ident', value: 'top', lower: 'top' }] : [{ type: 'ident', value: 'left', lower: 'left' }, ...v]);
  return pair === undefined ? undefined : pair[axis === 'x' ? 0 : 1];
}

/** One layer of the `background` shorthand; `color` only in the last layer. */
export interface BackgroundLayerParts {
  image: readonly CV[] | null;
  position: readonly CV[] | null;
  size: readonly CV[] | null;
  repeat: readonly CV[] | null;
  origin: readonly CV[] | null;
  clip: readonly CV[] | null;
  color: CV | null;
}

export function splitBackgroundLayer(v: readonly CV[], isColor: (x: CV) => boolean): BackgroundLayerParts | undefined {
  const r: BackgroundLayerParts = { image: null, position: null, size: null, repeat: null, origin: null, clip: null, color: null };
  const boxes: CV[] = [];
  let i = 0;
  while (i < v.length) {
    const x = v[i];
    if (r.image === null && parseBackgroundImage([x]) !== undefined) {
      r.image = [x];
      i++;
      continue;
    }
    if (x.type === 'ident' && ['border-box', 'padding-box', 'content-box', 'text'].includes(x.lower)) {
      boxes.push(x);
      i++;
      continue;
    }
    if (x.type === 'ident' && ['scroll', 'fixed', 'local'].includes(x.lower)) {
      i++; // background-attachment: paged media has no scrolling
      continue;
    }
    if (r.repeat === null && parseRepeat([x]) !== undefined) {
      const two = i + 1 < v.length && parseRepeat([x, v[i + 1]]) !== undefined;
      r.repeat = two ? [x, v[i + 1]] : [x];
      i += two ? 2 : 1;
      continue;
    }
    if (r.position === null && isPositionToken(x)) {
      // The longest run of position tokens that parses, then an optional `/ size`.
      let j = i;
      while (j < v.length && j - i < 4 && isPositionToken(v[j])) j++;
      while (j > i && parsePosition(v.slice(i, j)) === undefined) j--;
      if (j === i) return undefined;
      r.position = v.slice(i, j);
      i = j;
      const slash = v[i];
      if (slash?.type === 'delim' && slash.value === '/') {
        let k = i + 1;
        while (k < v.length && k - i - 1 < 2 && parseSize(v.slice(i + 1, k + 1)) !== undefined) k++;
        if (k === i + 1) return undefined;
        r.size = v.slice(i + 1, k);
        i = k;
      }
      continue;
    }
    if (r.color === null && isColor(x)) {
      r.color = x;
      i++;
      continue;
    }
    return undefined;
  }
  if (boxes.length > 2) return undefined;
  if (boxes.length >= 1) {
    // `text` is a clip only: alone, it leaves the origin as it is.
    if (boxes.length === 2 || (boxes[0] as { lower: string }).lower !== 'text') r.origin = [boxes[0]];
    r.clip = [boxes[boxes.length - 1]];
  }
  return r;
}

const POSITION_WORDS = new Set(['left', 'right', 'top', 'bottom', 'center']);
const MATH = new Set(['calc', 'min', 'max', 'clamp']);

function isPositionToken(x: CV): boolean {
  if (x.type === 'ident') return POSITION_WORDS.has(x.lower);
  if (x.type === 'function') return MATH.has(x.name);
  return x.type === 'dimension' || x.type === 'percentage' || x.type === 'number';
}
