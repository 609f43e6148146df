// Font matching (CSS Fonts 4 §5.2): pick a face by style, then by nearest weight, and say what to synthesize.

export type FaceStyle = 'normal' | 'italic' | 'oblique';

/** What a face declares: a weight range (a single weight is [w, w]) and a style. */
export interface FaceDescriptors {
  readonly weight: readonly [number, number];
  readonly style: FaceStyle;
}

export interface FaceChoice<T extends FaceDescriptors> {
  readonly face: T;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
}

const STYLE_ORDER: Record<FaceStyle, readonly FaceStyle[]> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
};

/** [group, distance]: lower is better. */
function weightRank(desired: number, [lo, hi]: readonly [number, number]): [number, number] {
  if (lo <= desired && desired <= hi) return [0, 0];
  if (desired > 500) return lo > desired ? [1, lo - desired] : [2, desired - hi];
  if (desired < 400) return hi < desired ? [1, desired - hi] : [2, lo - desired];
  // 400..500: heavier faces up to 500 first, then lighter ones, then heavier than 500.
  if (lo > desired && lo <= 500) return [1, lo - desired];
  if (hi < desired) return [2, desired - hi];
  return [3, lo - desired];
}

/** The best face for `weight` and `style`, or null when `faces` is empty. */
export function matchFace<T extends FaceDescriptors>(faces: readonly T[], weight: number, style: FaceStyle): FaceChoice<T> | null {
  if (faces.length === 0) return null;
  let pool: T[] = [];
  for (const s of STYLE_ORDER[style]) {
    pool = faces.filter((f) => f.style === s);
    if (pool.length > 0) break;
  }
  let best = pool[0];
  let bestRank = weightRank(weight, best.weight);
  for (let i = 1; i < pool.length; i++) {
    const rank = weightRank(weight, pool[i].weight);
    if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
      best = pool[i];
      bestRank = rank;
    }
  }
  return {
    face: best,
    syntheticBold: weight >= 600 && best.weight[1] < 600,
    syntheticItalic: style !== 'normal' && best.style === 'normal',
  };
}
