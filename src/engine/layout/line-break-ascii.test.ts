import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes } from '../../testing/render.js';
import { asciiBreakAllowed, asciiBreaks, isPrintableAscii, tailorAsciiBreaks } from './line-break-ascii.js';

/** UAX #14 with Chromium's tailorings, as inline.ts finds breaks in text that is not printable ASCII. */
function uaxBreaks(text: string): [number, boolean][] {
  const breaks = new Map<number, boolean>();
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) breaks.set(bk.position, bk.required);
  for (let p = text.indexOf('-', 1); p !== -1 && p < text.length - 1; p = text.indexOf('-', p + 1)) {
    if (/[\p{L}\p{N}]/u.test(text[p - 1]) && /\d/.test(text[p + 1]) && !breaks.has(p + 1)) breaks.set(p + 1, false);
  }
  tailorAsciiBreaks(text, breaks);
  breaks.delete(text.length);
  return [...breaks].sort((a, b) => a[0] - b[0]);
}

describe('break opportunities of printable ASCII text without UAX #14', () => {
  it('are the ones UAX #14 and the ASCII table give, on every pair of characters and on random text', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    const samples = ['', ' ', 'a', 'Acme Corp', '$1,234.56', '2024-01-15', 'x  y', ' lead', 'trail ', 'a-5 b-c -5 1.0.0-0.3.7', 'f(x) [y] {z} <w>', 'http://a.b/c?d=e&f', 'end. (next) what?!'];
    for (const a of printable) for (const b of printable) samples.push(`x${a}${b}y`);
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) samples.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => printable[Math.floor(random() * printable.length)]).join(''));
    for (const text of samples) {
      expect(isPrintableAscii(text)).toBe(true);
      const fast = new Map<number, boolean>();
      asciiBreaks(text, fast);
      expect([...fast].sort((x, y) => x[0] - y[0]), JSON.stringify(text)).toEqual(uaxBreaks(text));
    }
  });

  it('is not used for tabs, newlines or anything past ASCII', () => {
    for (const text of ['a\tb', 'a\nb', 'café', 'a\u00adb', 'a\u00a0b', '\x7f']) expect(isPrintableAscii(text)).toBe(false);
  });
});

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
