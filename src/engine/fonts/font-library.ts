// Fonts an application adds to the engine (`createNativeEngine({ fonts })`, the CLI's --font-dir):
// files and folders read once, on the engine's first render, then shared by its documents. Their
// faces answer font-family names as installed fonts do, and are tried for characters a document's
// own fonts lack before the bundled fallbacks (decision 0273).
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { Font as FontkitFont } from 'fontkit';
import { decodeFont } from './decode.js';
import { FontkitFace } from './face.js';
import type { DeclaredFace } from './font-face.js';
import type { FaceStyle } from './match.js';

/** The faces of the added fonts, by lower-cased family name (a face is filed under its typographic and its legacy family name). */
export interface FontLibrary {
  readonly families: ReadonlyMap<string, readonly DeclaredFace[]>;
  /** Every family's faces, in the order the files were found: the fallback order. */
  readonly ordered: readonly (readonly DeclaredFace[])[];
}

const FONT_FILES = new Set(['.ttf', '.otf', '.ttc', '.otc', '.woff', '.woff2']);
/** A bound on what one folder tree may hold, so a mistaken --font-dir / does not read a disk. */
const MAX_FILES = 2000;
const MAX_DEPTH = 6;

interface Os2Like {
  readonly usWeightClass?: number;
  readonly fsSelection?: { readonly italic?: boolean; readonly oblique?: boolean };
}

async function fontFiles(path: string, out: string[], depth: number): Promise<void> {
  if (out.length >= MAX_FILES) return;
  const info = await stat(path);
  if (info.isFile()) {
    if (FONT_FILES.has(extname(path).toLowerCase())) out.push(path);
    return;
  }
  if (!info.isDirectory() || depth > MAX_DEPTH) return;
  const entries = (await readdir(path)).sort();
  for (const entry of entries) await fontFiles(join(path, entry), out, depth + 1);
}

async function facesOf(file: string): Promise<FontkitFace[]> {
  const bytes = await readFile(file);
  const ext = extname(file).toLowerCase();
  if (ext === '.woff2' || ext === '.woff') {
    const face = await decodeFont(bytes);
    return face === null ? [] : [face];
  }
  const created = fontkit.create(bytes);
  const fonts: FontkitFont[] = 'fonts' in created ? created.fonts : [created];
  return fonts.filter((f) => f.unitsPerEm > 0).map((f) => new FontkitFace(f, `${f.postscriptName || 'font'}@${file}`));
}

function describe(face: FontkitFace): { names: string[]; weight: number; style: FaceStyle } {
  const font = face.fontkit as FontkitFont & { getName?(key: string): string | null; 'OS/2'?: Os2Like; italicAngle?: number };
  const names = new Set<string>();
  for (const key of ['preferredFamily', 'fontFamily']) {
    const name = font.getName?.(key);
    if (name) names.add(name.trim().toLowerCase());
  }
  if (names.size === 0 && font.familyName) names.add(font.familyName.trim().toLowerCase());
  const os2 = font['OS/2'];
  const italic = os2?.fsSelection?.italic === true || (font.italicAngle ?? 0) !== 0;
  return { names: [...names], weight: os2?.usWeightClass || 400, style: italic ? (os2?.fsSelection?.oblique ? 'oblique' : 'italic') : 'normal' };
}

/** Reads the fonts at `paths` (font files, and folders searched for them); a file that does not parse is skipped. */
export async function loadFontLibrary(paths: readonly string[]): Promise<FontLibrary> {
  const files: string[] = [];
  for (const path of paths) await fontFiles(path, files, 0);
  const families = new Map<string, DeclaredFace[]>();
  const ordered: DeclaredFace[][] = [];
  for (const file of files) {
    let faces: FontkitFace[];
    try {
      faces = await facesOf(file);
    } catch {
      continue;
    }
    for (const face of faces) {
      const { names, weight, style } = describe(face);
      for (const family of names) {
        let list = families.get(family);
        if (list === undefined) {
          list = [];
          families.set(family, list);
          ordered.push(list);
        }
        list.push({ family, face, weight: [weight, weight], style, unicodeRange: null });
      }
    }
  }
  return { families, ordered };
}

const libraries = new Map<string, Promise<FontLibrary>>();

/** The library of `paths`, read once per process for the same list. */
export function fontLibrary(paths: readonly string[]): Promise<FontLibrary> {
  const key = JSON.stringify(paths);
  let library = libraries.get(key);
  if (library === undefined) {
    library = loadFontLibrary(paths);
    libraries.set(key, library);
    // A folder that could not be read is tried again by the next render.
    library.catch(() => libraries.delete(key));
  }
  return library;
}
