// The faces pagesmith ships through npm, and which CSS family names map to them; each face
// file is read and parsed on first use, once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { markCffStandIn, type CjkRegion } from './cff-stand-ins.js';
import { prepareColorFont } from './emoji-svg-glyphs.js';
import { FontkitFace } from './face.js';
import type { FaceDescriptors, FaceStyle } from './match.js';
import { woffToSfnt } from './woff-to-sfnt.js';

export interface BundledFace extends FaceDescriptors {
  /** The parsed face, or null when its file cannot be read. */
  load(): FontkitFace | null;
}

type Spec = readonly [weight: number, style: FaceStyle, file: string, unused?: readonly (readonly [number, number])[], standsInForCff?: CjkRegion];

/**
 * Hebrew, which Arimo, Tinos and Cousine have and the Liberation fonts they stand in for do not:
 * Chromium on Linux shows it in the fallback, DejaVu Sans, with DejaVu's widths and line height.
 */
const NOT_IN_LIBERATION: readonly (readonly [number, number])[] = [[0x0590, 0x05ff], [0xfb1d, 0xfb4f]];

const EXPO = (family: string, files: readonly [number, FaceStyle, string][]): Spec[] =>
  files.map(([w, s, name]) => [w, s, `@expo-google-fonts/${family}/${name}/${family[0].toUpperCase()}${family.slice(1)}_${name}.ttf`, NOT_IN_LIBERATION]);

const STANDARD = (family: string): Spec[] =>
  EXPO(family, [
    [400, 'normal', '400Regular'],
    [400, 'italic', '400Regular_Italic'],
    [700, 'normal', '700Bold'],
    [700, 'italic', '700Bold_Italic'],
  ]);

const DEJAVU = 'dejavu-fonts-ttf/ttf/';

/** The script faces whose Debian counterparts (fonts-noto-cjk) have CFF outlines (decision 0356). */
const CFF_ON_DEBIAN: ReadonlyMap<string, CjkRegion> = new Map([['noto-sans-jp', 'jp'], ['noto-sans-sc', 'sc'], ['noto-sans-tc', 'tc'], ['noto-sans-kr', 'kr']]);

/** Regular and bold of a Noto family from @expo-google-fonts (`NotoSansJP` in `noto-sans-jp`), as Debian installs them. */
const NOTO = (pkg: string, file: string): Spec[] => [
  [400, 'normal', `@expo-google-fonts/${pkg}/400Regular/${file}_400Regular.ttf`, [], CFF_ON_DEBIAN.get(pkg)],
  [700, 'normal', `@expo-google-fonts/${pkg}/700Bold/${file}_700Bold.ttf`, [], CFF_ON_DEBIAN.get(pkg)],
];


/** The script faces of script-fallback.ts, by bundled family name. */
const SCRIPT_FAMILIES: Record<string, readonly [pkg: string, file: string, aliases: readonly string[]]> = {
  'noto sans jp': ['noto-sans-jp', 'NotoSansJP', ['noto sans cjk jp', 'noto sans mono cjk jp']],
  'noto sans sc': ['noto-sans-sc', 'NotoSansSC', ['noto sans cjk sc', 'noto sans mono cjk sc']],
  'noto sans tc': ['noto-sans-tc', 'NotoSansTC', ['noto sans cjk tc', 'noto sans mono cjk tc', 'noto sans hk', 'noto sans cjk hk']],
  'noto sans kr': ['noto-sans-kr', 'NotoSansKR', ['noto sans cjk kr', 'noto sans mono cjk kr']],
  'noto sans thai': ['noto-sans-thai', 'NotoSansThai', []],
  'noto sans lao': ['noto-sans-lao', 'NotoSansLao', []],
  'noto sans khmer': ['noto-sans-khmer', 'NotoSansKhmer', []],
  'noto sans myanmar': ['noto-sans-myanmar', 'NotoSansMyanmar', []],
  'noto sans devanagari': ['noto-sans-devanagari', 'NotoSansDevanagari', []],
  'noto sans bengali': ['noto-sans-bengali', 'NotoSansBengali', []],
  'noto sans gujarati': ['noto-sans-gujarati', 'NotoSansGujarati', []],
  'noto sans tamil': ['noto-sans-tamil', 'NotoSansTamil', []],
};

// Only regular and bold of Arimo/Tinos/Cousine, like the Liberation fonts they stand in for.
const FAMILY_FILES: Record<string, () => Spec[]> = {
  arimo: () => STANDARD('arimo'),
  tinos: () => STANDARD('tinos'),
  cousine: () => STANDARD('cousine'),
  ...Object.fromEntries(Object.entries(SCRIPT_FAMILIES).map(([name, [pkg, file]]) => [name, () => NOTO(pkg, file)])),
  // The colour emoji face (decision 0285): its SVG glyphs are drawn, its outlines carry the text layer.
  'noto color emoji': () => [[400, 'normal', '@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff']],
  'dejavu sans': () => [
    [200, 'normal', `${DEJAVU}DejaVuSans-ExtraLight.ttf`],
    [400, 'normal', `${DEJAVU}DejaVuSans.ttf`],
    [400, 'oblique', `${DEJAVU}DejaVuSans-Oblique.ttf`],
    [700, 'normal', `${DEJAVU}DejaVuSans-Bold.ttf`],
    [700, 'oblique', `${DEJAVU}DejaVuSans-BoldOblique.ttf`],
  ],
  'dejavu serif': () => [
    [400, 'normal', `${DEJAVU}DejaVuSerif.ttf`],
    [400, 'italic', `${DEJAVU}DejaVuSerif-Italic.ttf`],
    [700, 'normal', `${DEJAVU}DejaVuSerif-Bold.ttf`],
    [700, 'italic', `${DEJAVU}DejaVuSerif-BoldItalic.ttf`],
  ],
  // MathML's italic identifiers (script-fallback.ts).
  'dejavu math tex gyre': () => [[400, 'normal', `${DEJAVU}DejaVuMathTeXGyre.ttf`]],
  'dejavu sans mono': () => [
    [400, 'normal', `${DEJAVU}DejaVuSansMono.ttf`],
    [400, 'oblique', `${DEJAVU}DejaVuSansMono-Oblique.ttf`],
    [700, 'normal', `${DEJAVU}DejaVuSansMono-Bold.ttf`],
    [700, 'oblique', `${DEJAVU}DejaVuSansMono-BoldOblique.ttf`],
  ],
};

const ALIASES: Record<string, string> = {
  serif: 'tinos',
  times: 'tinos',
  'times new roman': 'tinos',
  'liberation serif': 'tinos',
  tinos: 'tinos',
  'sans-serif': 'arimo',
  arial: 'arimo',
  helvetica: 'arimo',
  'liberation sans': 'arimo',
  arimo: 'arimo',
  // Chromium on Linux takes system-ui from fontconfig (DejaVu Sans) and knows no -apple-system,
  // BlinkMacSystemFont, Segoe UI, ui-sans-serif or ui-serif: a list naming them goes on to its next
  // family (decision 0182).
  'system-ui': 'dejavu sans',
  courier: 'cousine',
  'courier new': 'cousine',
  'liberation mono': 'cousine',
  cousine: 'cousine',
  monospace: 'dejavu sans mono',
  'dejavu sans': 'dejavu sans',
  'noto color emoji': 'noto color emoji',
  emoji: 'noto color emoji',
  'dejavu serif': 'dejavu serif',
  'dejavu sans mono': 'dejavu sans mono',
  // Chromium on Linux has no face for the `math` generic without a math font configured: it prints
  // MathML in its standard font (Times), with the math alphanumerics from DejaVu Math TeX Gyre.
  math: 'tinos',
  'dejavu math tex gyre': 'dejavu math tex gyre',
  ...Object.fromEntries(Object.entries(SCRIPT_FAMILIES).flatMap(([name, [, , aliases]]) => [name, ...aliases].map((alias) => [alias, name]))),
};

/** What a family list ends in when none of its names is known: Chromium's default standard font, Times. */
export const DEFAULT_FAMILY = 'tinos';
/** Tried, in order, for characters no listed family has. */
export const FALLBACK_FAMILIES: readonly string[] = ['dejavu sans', 'dejavu serif'];

let families: Map<string, BundledFace[]> | null = null;

/** The bundled font files read so far in this process (package paths), in order. */
const filesRead: string[] = [];

/** Which bundled font files this process has read: a Latin document reads no CJK face. */
export function bundledFilesRead(): readonly string[] {
  return filesRead;
}

function resolveFile(spec: string): string {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  // (Not `typeof __filename`: code evaluated in a worker sees a __filename of "[worker eval]".)
  const base: string = import.meta.url ?? __filename;
  return createRequire(base).resolve(spec);
}

function bundledFace([weight, style, file, unused, standsInForCff]: Spec): BundledFace {
  let face: FontkitFace | null | undefined;
  return {
    weight: [weight, weight],
    style,
    load() {
      if (face !== undefined) return face;
      try {
        filesRead.push(file);
        const created = fontkit.create(woffToSfnt(readFileSync(resolveFile(file))));
        const font = 'fonts' in created ? created.fonts[0] : created;
        prepareColorFont(font);
        if (standsInForCff !== undefined) markCffStandIn(font, standsInForCff);
        face = new FontkitFace(font, font.postscriptName);
        if (unused !== undefined && unused.length > 0) face.unused = unused;
      } catch {
        face = null;
      }
      return face;
    },
  };
}

/** The bundled family (after aliases) a lower-cased CSS family name maps to, or null. */
export function bundledFamilyName(family: string): string | null {
  return ALIASES[family] ?? null;
}

/** The faces of a bundled family name (as returned by bundledFamilyName). */
export function bundledFaces(name: string): readonly BundledFace[] {
  families ??= new Map();
  let faces = families.get(name);
  if (faces === undefined) {
    faces = (FAMILY_FILES[name]?.() ?? []).map(bundledFace);
    families.set(name, faces);
  }
  return faces;
}
