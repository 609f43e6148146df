import { describe, expect, it } from 'vitest';
import { matchesMedia } from './media.js';

describe('matchesMedia (the area of an A4 page with 75px margins, 645⅓ × 974⅔ px, as Chromium prints)', () => {
  it.each([
    ['', true],
    ['print', true],
    ['all', true],
    ['PRINT', true],
    ['screen', false],
    ['speech', false],
    ['unknown-type', false],
    ['not print', false],
    ['not screen', true],
    ['only print', true],
    ['screen, print', true],
    ['print and (min-width: 600px)', true],
    ['print and (max-width: 600px)', false],
    ['(min-width: 645.3px)', true],
    ['(min-width: 645.4px)', false],
    ['(max-width: 645px)', false],
    ['(max-width: 760px)', true],
    ['(max-height: 974.6px)', false],
    ['(max-height: 974.7px)', true],
    ['(max-width: 40em)', false],
    ['(max-width: 48em)', true],
    ['(min-width: 40em)', true],
    ['(width >= 600px)', true],
    ['(width < 600px)', false],
    ['(400px <= width <= 800px)', true],
    ['(600px > width)', false],
    ['(orientation: portrait)', true],
    ['(orientation: landscape)', false],
    ['(color)', true],
    ['(monochrome)', false],
    ['(hover: hover)', true],
    ['(hover: none)', false],
    ['(any-hover: hover)', true],
    ['(pointer: fine)', true],
    ['(pointer: coarse)', false],
    ['(any-pointer: none)', false],
    ['(update: none)', true],
    ['(scripting: none)', true],
    ['(prefers-color-scheme: dark)', false],
    ['(prefers-color-scheme: light)', true],
    ['(min-resolution: 2dppx)', false],
    ['(min-aspect-ratio: 1/2)', true],
    ['(max-aspect-ratio: 1/2)', false],
    ['not (color)', false],
    ['(color) and (min-width: 100px)', true],
    ['(monochrome) or (min-width: 100px)', true],
    ['((color) and (monochrome)) or (orientation: portrait)', true],
    ['(unknown-feature: 1)', false],
    ['not (unknown-feature: 1)', false],
    ['print and', false],
    ['(min-width: 100px) and', false],
  ])('%s → %s', (query, expected) => {
    expect(matchesMedia(query)).toBe(expected);
  });

  it('evaluates features against another page size', () => {
    expect(matchesMedia('(orientation: landscape)', { width: 1123, height: 794 })).toBe(true);
    expect(matchesMedia('(min-width: 1000px)', { width: 1123, height: 794 })).toBe(true);
  });
});
