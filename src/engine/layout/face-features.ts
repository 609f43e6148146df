// Which OpenType features the face a style's text starts in has (boxes/small-caps.ts asks for
// `smcp`, `pcap`, `unic`, … to use a face's own capitals before synthesizing them, as Blink does).
import type { FaceFeatures } from '../boxes/small-caps.js';
import type { FontSelector, LoadedFont } from '../fonts/types.js';
import { fontQuery } from './inline.js';

const featureSets = new WeakMap<LoadedFont, ReadonlySet<string>>();

function featuresOf(font: LoadedFont): ReadonlySet<string> {
  let set = featureSets.get(font);
  if (set === undefined) {
    let tags: readonly string[] = [];
    try {
      tags = font.fontkit.availableFeatures ?? [];
    } catch {
      // A face whose layout tables fontkit cannot read has no features to offer.
    }
    set = new Set(tags);
    featureSets.set(font, set);
  }
  return set;
}

/** FaceFeatures over the document's fonts: the style's primary face. */
export function faceFeatures(fonts: FontSelector): FaceFeatures {
  return (style, tag) => featuresOf(fonts.primary(fontQuery(style))).has(tag);
}
