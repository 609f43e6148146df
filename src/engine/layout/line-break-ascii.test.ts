import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes } from '../../testing/render.js';
import { asciiBreakAllowed, tailorAsciiBreaks } from './line-break-ascii.js';

describe("Chromium's ASCII line-break table", () => {
  it('keeps words joined by / | . , = together and breaks after - and ?', () => {
    expect(asciiBreakAllowed('a', '/', 'b')).toBe(false);
    expect(asciiBreakAllowed('r', '|', 'b')).toBe(false);
    expect(asciiBreakAllowed('a', '.', 'b')).toBe(false);
    expect(asciiBreakAllowed('a', '-', 'b')).toBe(true);
    expect(asciiBreakAllowed('a', '?', 'b')).toBe(true);
    expect(asciiBreakAllowed('a', ';', '(')).toBe(true);
    expect(asciiBreakAllowed('a', 'a', '(')).toBe(false);
  });

  it('breaks after a hyphen before a digit only after a letter or digit', () => {
    expect(asciiBreakAllowed('a', '-', '5')).toBe(true);
    expect(asciiBreakAllowed(' ', '-', '5')).toBe(false);
  });

  it('drops and adds soft breaks only between printable ASCII characters', () => {
    const breaks = new Map<number, boolean>([[2, false], [7, false], [9, true]]);
    tailorAsciiBreaks('a/b c?d\né', breaks);
    expect([...breaks.keys()].sort((a, b) => a - b)).toEqual([4, 6, 7, 9]);
  });

  it('breaks after every space before a printable ASCII character, "./path" and ")" included', () => {
    const breaks = new Map<number, boolean>();
    tailorAsciiBreaks('run ./build ( x )', breaks);
    expect([...breaks.keys()].sort((a, b) => a - b)).toEqual([4, 12, 14, 16]);
  });

  it('wraps a command before "./path" rather than after "--"', async () => {
    const pages = await layoutHtml('<div id=c style="width:120px;font:16px/20px Cousine">--input ./very/long/path</div>');
    expect(lineBoxes(pages, '#c').map((l) => l.text.trim())).toEqual(['--input', './very/long/path']);
  });

  it('lays number|boolean out on one line in a narrow box', async () => {
    const pages = await layoutHtml('<div id=a style="width:1px;line-height:20px">number|boolean</div><div id=b style="width:1px;line-height:20px">a?b</div>');
    expect(findBox(pages, '#a').height).toBe(20);
    expect(findBox(pages, '#b').height).toBe(40);
  });
});
