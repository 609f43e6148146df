// @font-face faces: the rule shape fonts/ accepts, and loading one through the ResourceLoader.
import type { ResourceLoader } from '../../resources/types.js';
import { decodeFont } from './decode.js';
import type { FontkitFace } from './face.js';
import type { FaceDescriptors, FaceStyle } from './match.js';

/** One `src` entry: a URL with its optional `format()` hint, or a `local()` name (skipped: no system fonts). */
export type FontFaceSrc =
  | { readonly kind?: 'url'; readonly url: string; readonly format?: string | null }
  | { readonly kind: 'local'; readonly name: string };

/** An @font-face rule as the font selector takes it; css/stylesheet.ts's FontFaceRule fits as is. */
export interface FontFaceSource {
  /** Family name as declared (matched case-insensitively, quotes ignored). */
  readonly family: string;
  /** Tried in order; the first that loads and parses wins. */
  readonly sources: readonly FontFaceSrc[];
  /** font-weight descriptor as a range; a single weight is [w, w]. Default [400, 400]. */
  readonly weight?: readonly [number, number];
  readonly style?: FaceStyle;
  /** unicode-range as inclusive code point ranges; absent = all. */
  readonly unicodeRange?: readonly (readonly [number, number])[] | null;
  /** The stylesheet's URL, which relative `src` URLs resolve against (default: the loader's document base). */
  readonly baseUrl?: string | null;
}

/** A declared face that loaded. */
export interface DeclaredFace extends FaceDescriptors {
  readonly family: string;
  readonly face: FontkitFace;
  readonly unicodeRange: readonly (readonly [number, number])[] | null;
}

const USABLE_FORMATS = new Set(['truetype', 'opentype', 'woff', 'woff2', 'collection', 'truetype-variations', 'opentype-variations', 'woff-variations', 'woff2-variations']);

/** Lower-cased, unquoted family name. */
export function normalizeFamily(family: string): string {
  return family.trim().replace(/^(['"])(.*)\1$/, '$2').trim().toLowerCase();
}

/** Load the first usable source of a face; null when none loads (never throws). */
export async function loadFontFace(source: FontFaceSource, loader: ResourceLoader): Promise<DeclaredFace | null> {
  for (const src of source.sources) {
    if (src.kind === 'local') continue;
    const format = src.format?.toLowerCase().replace(/^["']|["']$/g, '');
    if (format && !USABLE_FORMATS.has(format)) continue;
    try {
      const resource = await loader.load(src.url, 'font', source.baseUrl ?? loader.documentBaseUrl ?? undefined);
      if (resource === null) continue;
      const face = await decodeFont(resource.bytes);
      if (face === null) continue;
      const [lo, hi] = source.weight ?? [400, 400];
      return {
        family: normalizeFamily(source.family),
        face,
        weight: [Math.min(lo, hi), Math.max(lo, hi)],
        style: source.style ?? 'normal',
        unicodeRange: source.unicodeRange && source.unicodeRange.length > 0 ? source.unicodeRange : null,
      };
    } catch {
      continue;
    }
  }
  return null;
}
