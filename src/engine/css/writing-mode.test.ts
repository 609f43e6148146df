// writing-mode, text-orientation and text-combine-upright as computed (issue 24).
import { describe, expect, it } from 'vitest';
import { styleDocument } from './test-utils.js';
import type { ComputedStyle } from './types.js';

function t(css: string): ComputedStyle {
  return styleDocument('<!doctype html><html><body><div id="p"><span id="t">x</span></div></body></html>', css).style('#t');
}

describe('writing modes', () => {
  it.each([
    ['vertical-rl', 'vertical-rl'],
    ['vertical-lr', 'vertical-lr'],
    ['horizontal-tb', 'horizontal-tb'],
    ['tb-rl', 'vertical-rl'],
    ['sideways-rl', 'vertical-rl'],
    ['sideways-lr', 'vertical-lr'],
    ['lr-tb', 'horizontal-tb'],
    ['diagonal', 'horizontal-tb'],
  ])('writing-mode: %s computes to %s, inherited', (value, expected) => {
    expect(t(`#p { writing-mode: ${value} }`).writingMode).toBe(expected);
  });

  it.each([
    ['mixed', 'mixed'],
    ['upright', 'upright'],
    ['sideways', 'sideways'],
    ['sideways-right', 'sideways'],
  ])('text-orientation: %s computes to %s, inherited', (value, expected) => {
    expect(t(`#p { text-orientation: ${value} }`).textOrientation).toBe(expected);
  });

  it.each([
    ['all', 'all'],
    ['none', 'none'],
    ['digits', 2],
    ['digits 3', 3],
    ['digits 5', 'none'],
    ['digits 2.5', 'none'],
    ['upright', 'none'],
  ])('text-combine-upright: %s computes to %s', (value, expected) => {
    expect(t(`#p { text-combine-upright: ${value} }`).textCombineUpright).toBe(expected);
  });
});
