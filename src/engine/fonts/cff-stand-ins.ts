// Bundled TrueType faces that stand in for a system face with CFF outlines: Google's Noto Sans
// SC/TC/JP/KR take the place of Debian's Noto Sans CJK (OpenType CFF in a .ttc), which Chromium
// embeds as Type 3 fonts. The PDF writer embeds the stand-ins as it would the face they replace
// (decision 0356), so their text reads, rasterises and extracts as Chromium's does.
import type { Font as FontkitFont } from 'fontkit';

const standIns = new WeakSet<FontkitFont>();

/** Files `font` as the stand-in for a face with CFF outlines. */
export function markCffStandIn(font: FontkitFont): void {
  standIns.add(font);
}

/** Whether `font` stands in for a face with CFF outlines. */
export function isCffStandIn(font: FontkitFont): boolean {
  return standIns.has(font);
}
