// `border-image` and its longhands (CSS Backgrounds 3 §6): the image drawn in place of a box's
// border styles, cut into nine by its slice offsets (decision 0399).
import { fourValues, type CV } from '../syntax.js';
import type { BorderImageRepeat, BorderImageSlice, BorderImageWidth, LengthPercentage } from '../types.js';
import { parseLength, type LengthSpec } from './length.js';

/** Specified widths and outsets: a factor of the border width, a length (or a percentage, widths only), or auto (widths only). */
export type BorderImageLengthSpec = { readonly factor: number } | LengthSpec | 'auto';

/** `border-image-slice: [<number> | <percentage>]{1,4} && fill?` */
export function parseBorderImageSlice(values: readonly CV[]): BorderImageSlice | undefined {
  let fill = false;
  const offsets: (number | { readonly percent: number })[] = [];
  values.forEach((v, i) => {
    if (v.type === 'ident' && v.lower === 'fill' && !fill && (i === 0 || i === values.length - 1)) fill = true;
    else if (v.type === 'number' && v.value >= 0) offsets.push(v.value);
    else if (v.type === 'percentage' && v.value >= 0) offsets.push({ percent: v.value });
    else offsets.push(-1);
  });
  const four = offsets.includes(-1) ? undefined : fourValues(offsets);
  return four && { offsets: four, fill };
}

/** `border-image-width: [<length-percentage> | <number> | auto]{1,4}` (allowAuto) and `border-image-outset: [<length> | <number>]{1,4}`. */
export function parseBorderImageLengths(values: readonly CV[], widths: boolean): readonly BorderImageLengthSpec[] | undefined {
  const out: BorderImageLengthSpec[] = [];
  for (const v of values) {
    if (v.type === 'number' && v.value >= 0) out.push({ factor: v.value });
    else if (widths && v.type === 'ident' && v.lower === 'auto') out.push('auto');
    else {
      const length = parseLength(v, { percent: widths });
      if (length === undefined || typeof length === 'number' && length < 0) return undefined;
      out.push(length);
    }
  }
  return fourValues(out);
}

const REPEATS: ReadonlySet<string> = new Set(['stretch', 'repeat', 'round', 'space']);

const isRepeat = (v: CV): boolean => v.type === 'ident' && REPEATS.has(v.lower);
const isSlash = (v: CV): boolean => v.type === 'delim' && v.value === '/';

/** `border-image-repeat: [stretch | repeat | round | space]{1,2}` (horizontal, then vertical). */
export function parseBorderImageRepeat(values: readonly CV[]): readonly [BorderImageRepeat, BorderImageRepeat] | undefined {
  const words = values.map((v) => (v.type === 'ident' && REPEATS.has(v.lower) ? (v.lower as BorderImageRepeat) : null));
  if (words.length < 1 || words.length > 2 || words.includes(null)) return undefined;
  return [words[0]!, words[words.length - 1]!];
}

/** A computed width or outset: factors stay factors; percentages (of the border image area) stay percentages. */
export function computeBorderImageLength(spec: BorderImageLengthSpec, resolve: (length: LengthSpec) => LengthPercentage): BorderImageWidth {
  if (spec === 'auto') return 'auto';
  if (typeof spec === 'object' && 'factor' in spec) return spec;
  return resolve(spec);
}

/**
 * The pieces of `border-image: <source> || <slice> [/ <width> | / <width>? / <outset>]? || <repeat>`,
 * as component values for each longhand (null: not given, reset to its initial value); undefined when invalid.
 */
export function splitBorderImage(values: readonly CV[], isImage: (v: CV) => boolean): Record<'source' | 'slice' | 'width' | 'outset' | 'repeat', CV[] | null> | undefined {
  const parts: Record<'source' | 'slice' | 'width' | 'outset' | 'repeat', CV[] | null> = { source: null, slice: null, width: null, outset: null, repeat: null };
  let i = 0;
  const isSliceToken = (v: CV): boolean => v.type === 'number' || v.type === 'percentage' || (v.type === 'ident' && v.lower === 'fill');
  while (i < values.length) {
    const v = values[i];
    if (parts.source === null && (isImage(v) || v.type === 'ident' && v.lower === 'none')) {
      parts.source = [v];
      i++;
    } else if (parts.repeat === null && isRepeat(v)) {
      const run: CV[] = [v];
      const next = values[i + 1];
      if (next !== undefined && isRepeat(next)) run.push(next);
      parts.repeat = run;
      i += run.length;
    } else if (parts.slice === null && isSliceToken(v)) {
      const slice: CV[] = [];
      while (i < values.length && isSliceToken(values[i])) slice.push(values[i++]);
      parts.slice = slice;
      // Then `/ width`, `/ width / outset` or `// outset`.
      const group = (): CV[] => {
        const out: CV[] = [];
        while (i < values.length && !isSlash(values[i]) && !isRepeat(values[i]) && !isImage(values[i])) out.push(values[i++]);
        return out;
      };
      if (i < values.length && isSlash(values[i])) {
        i++;
        const width = group();
        if (width.length > 0) parts.width = width;
        if (i < values.length && isSlash(values[i])) {
          i++;
          const outset = group();
          if (outset.length === 0) return undefined;
          parts.outset = outset;
        } else if (width.length === 0) return undefined;
      }
    } else return undefined;
  }
  return values.length > 0 ? parts : undefined;
}
