// Bundled TrueType faces that stand in for a system face with CFF outlines: Google's Noto Sans
// SC/TC/JP/KR take the place of Debian's Noto Sans CJK (OpenType CFF in a .ttc), which Chromium
// embeds as Type 3 fonts. The PDF writer embeds the stand-ins as it would the face they replace
// (decision 0356), so their text reads, rasterises and extracts as Chromium's does.
import type { Font as FontkitFont } from 'fontkit';

/** The regions of Debian's Noto Sans CJK collection the bundled faces stand in for. */
export type CjkRegion = 'jp' | 'kr' | 'sc' | 'tc';

const standIns = new WeakMap<FontkitFont, CjkRegion>();

/** Files `font` as the stand-in for the Noto Sans CJK face of `region`, whose outlines are CFF. */
export function markCffStandIn(font: FontkitFont, region: CjkRegion): void {
  standIns.set(font, region);
}

/** Whether `font` stands in for a face with CFF outlines. */
export function isCffStandIn(font: FontkitFont): boolean {
  return standIns.has(font);
}

/** The region of the Noto Sans CJK face `font` stands in for, or undefined. */
export function cffStandInRegion(font: FontkitFont): CjkRegion | undefined {
  return standIns.get(font);
}
