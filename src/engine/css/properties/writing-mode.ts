// Longhands of CSS Writing Modes (vertical lines and how characters stand in them) and of CSS Ruby (issue 24).
import { keywordProperty, simple, type PropertyDef } from '../property.js';
import type { CV } from '../syntax.js';
import type { ComputedStyle } from '../types.js';

/** `none`, `all`, or `digits` with an optional integer 2–4 (2 when left out). */
function parseCombineUpright(values: readonly CV[]): ComputedStyle['textCombineUpright'] | undefined {
  const [first, second] = values;
  if (first?.type !== 'ident') return undefined;
  if (values.length === 1 && (first.lower === 'none' || first.lower === 'all')) return first.lower;
  if (first.lower !== 'digits' || values.length > 2) return undefined;
  if (second === undefined) return 2;
  return second.type === 'number' && Number.isInteger(second.value) && second.value >= 2 && second.value <= 4 ? second.value : undefined;
}

export function writingModeProperties(): PropertyDef[] {
  return [
    keywordProperty('writing-mode', 'writingMode', true, ['horizontal-tb', 'vertical-rl', 'vertical-lr'] as const, {
      // Legacy SVG and CSS 2 spellings, and the sideways modes read as the vertical ones.
      'lr': 'horizontal-tb', 'lr-tb': 'horizontal-tb', 'rl': 'horizontal-tb', 'rl-tb': 'horizontal-tb',
      'tb': 'vertical-rl', 'tb-rl': 'vertical-rl', 'sideways-rl': 'vertical-rl', 'sideways-lr': 'vertical-lr',
    }),
    keywordProperty('text-orientation', 'textOrientation', true, ['mixed', 'upright', 'sideways'] as const, { 'sideways-right': 'sideways' }),
    simple('text-combine-upright', 'textCombineUpright', true, parseCombineUpright),
    keywordProperty('ruby-align', 'rubyAlign', true, ['space-around', 'space-between', 'start', 'center'] as const),
    keywordProperty('ruby-position', 'rubyPosition', true, ['over', 'under'] as const),
  ];
}
