// `background-clip: text`: a box's background painted only inside the glyphs of its text (its own
// and its descendants' inline text), as Chromium paints it.
import { glyphSize } from '../fonts/glyph-size.js';
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment, Fragment, InlineFragment, LineFragment, TextFragment } from '../layout/fragments.js';
import { snapAnchor } from './text-snap.js';
import type { TextRun } from './backend.js';
import type { TextClip } from './backgrounds.js';

const BLACK = { r: 0, g: 0, b: 0, a: 1 };

/** Whether any of the box's background (a layer, or the colour under the bottom one) is clipped to text. */
export function clipsToText(style: ComputedStyle): boolean {
  return style.backgroundClip === 'text' || style.backgroundLayers.some((layer) => layer.clip === 'text');
}

/**
 * The clip to the glyphs of the text inside `fragment`, each where the painter puts it: `snap`
 * gives how far text moves to sit its anchor (text-snap.ts) on a whole pixel (paint.ts).
 */
export function textClipOf(fragment: BoxFragment, snap: (anchor: number) => number): TextClip {
  return (backend) => {
    const runs: TextRun[] = [];
    collectRuns(fragment, runs, snap, undefined);
    backend.clipText(runs);
  };
}

/**
 * The clip to the glyphs of an inline box's text on one line: the text of the line, in the styles
 * of the box's text (its own and its inline descendants'), within the box's piece of the line.
 */
export function inlineTextClipOf(fragment: InlineFragment, root: BoxFragment | null, snap: (anchor: number) => number): TextClip {
  return (backend) => {
    const runs: TextRun[] = [];
    const line = root === null ? undefined : linesOfInlines(root).get(fragment);
    if (line !== undefined) {
      const styles = new Set<ComputedStyle>();
      textStyles(fragment.box, styles);
      const within = (text: TextFragment): boolean => text.x >= fragment.x - 0.5 && text.x + text.width <= fragment.x + fragment.width + 0.5;
      for (const child of line.children) if (child.kind === 'text' && styles.has(child.style) && within(child)) collectRuns(child, runs, snap, line);
    }
    backend.clipText(runs);
  };
}

function textStyles(box: Box, out: Set<ComputedStyle>): void {
  if (box.kind === 'text') out.add(box.style);
  else if (box.kind === 'inline') for (const child of box.children) textStyles(child, out);
}

/**
 * Each inline fragment's line on a page, found when asked (only boxes with background-clip: text
 * ask); not kept in a module-level map keyed by fragments, which would keep every document alive
 * (decision 0140).
 */
function linesOfInlines(root: BoxFragment): Map<InlineFragment, LineFragment> {
  const found = new Map<InlineFragment, LineFragment>();
  const walk = (fragment: Fragment, line: LineFragment | undefined): void => {
    if (fragment.kind === 'inline' && line !== undefined) found.set(fragment, line);
    else if (fragment.kind === 'box') for (const child of fragment.children) walk(child, undefined);
    else if (fragment.kind === 'line') for (const child of fragment.children) walk(child, fragment);
  };
  walk(root, undefined);
  return found;
}

function collectRuns(fragment: Fragment, runs: TextRun[], snap: (anchor: number) => number, line: LineFragment | undefined): void {
  switch (fragment.kind) {
    case 'box':
      for (const child of fragment.children) collectRuns(child, runs, snap, undefined);
      return;
    case 'line':
      for (const child of fragment.children) collectRuns(child, runs, snap, fragment);
      return;
    case 'text': {
      const { style } = fragment;
      if (fragment.symbol || fragment.vertical || style.visibility !== 'visible' || fragment.text.trim() === '') return;
      runs.push({
        x: fragment.x, y: fragment.baseline + snap(snapAnchor(fragment, line)), text: fragment.text, font: fragment.font, size: fragment.size,
        color: BLACK, letterSpacing: style.letterSpacing, wordSpacing: fragment.wordSpacing, rightToLeft: fragment.rightToLeft === true,
        // Text whose glyphs are painted too is read from them: the clip's copy reads as nothing.
        actualText: (style.textFillColor ?? style.color).a > 0 ? '' : fragment.actualText,
      });
      return;
    }
    default:
  }
}
