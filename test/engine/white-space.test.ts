// white-space: normal, pre, pre-wrap, pre-line, nowrap, break-spaces; tabs; <pre>.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const CH = (1229 / 2048) * 16;

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } ${css}</style>${body}`;

const lines = async (body: string): Promise<string[]> => lineBoxes(await layoutHtml(page(body)), '#t').map((l) => l.text);

describe('white-space', () => {
  it('collapses the space after a floated ::before as after a floated element (a sanitize.css nav item)', async () => {
    const css = '.z::before { content: "\\200B"; float: left } ul { list-style: none; padding: 0; margin: 0 }';
    const pages = await layoutHtml(page('<ul><li class=z id=t>\n  <a>Text</a>\n</li></ul>', css));
    expect(textRuns(pages, '#t').find((run) => run.text.includes('Text'))).toMatchObject({ x: 0, text: 'Text' });
  });

  it('normal: collapses spaces, tabs and newlines and wraps', async () => {
    expect(await lines('<div id=t style="width:100px">aaaa\n\n  bbbb\tcccc</div>')).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('pre: keeps every space and newline and never wraps', async () => {
    expect(await lines('<div id=t style="width:50px;white-space:pre">a  b\n  c d e f g h i</div>')).toEqual(['a  b', '  c d e f g h i']);
  });

  it('pre: measures preserved spaces', async () => {
    const pages = await layoutHtml(page('<div id=t style="white-space:pre">a   b</div>'));
    const runs = textRuns(pages, '#t');
    const right = Math.max(...runs.map((r) => r.x + r.width));
    expect(right).toBeCloseTo(5 * CH, 5);
  });

  it('pre: keeps blank lines at the full line height', async () => {
    const pages = await layoutHtml(page('<div id=t style="white-space:pre">a\n\nb</div>'));
    expect(findBox(pages, '#t').height).toBe(60);
  });

  it('pre-wrap: keeps spaces and newlines but wraps', async () => {
    expect(await lines('<div id=t style="width:100px;white-space:pre-wrap">aa  bb  cc dd\nee</div>')).toEqual(['aa  bb  cc', 'dd', 'ee']);
  });

  it('pre-wrap: lets trailing spaces hang at a wrap', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;white-space:pre-wrap">aaaa bbbbb     cc</div>'));
    expect(lineBoxes(pages, '#t').map((l) => l.text.trimEnd())).toEqual(['aaaa bbbbb', 'cc']);
  });

  it('pre-line: collapses spaces but keeps newlines', async () => {
    expect(await lines('<div id=t style="width:200px;white-space:pre-line">a   b\nc    d</div>')).toEqual(['a b', 'c d']);
  });

  it('pre-line: drops spaces around a kept newline', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;text-align:right;white-space:pre-line">a   \n   b</div>'));
    const runs = textRuns(pages, '#t');
    expect(runs[0].x).toBe(200 - Math.ceil(CH * 64) / 64); // the line's width in layout units, rounded up (decision 0395)
    expect(runs[1].x).toBe(200 - Math.ceil(CH * 64) / 64);
  });

  it('nowrap: collapses spaces and never wraps', async () => {
    expect(await lines('<div id=t style="width:50px;white-space:nowrap">aaaa   bbbb cccc</div>')).toEqual(['aaaa bbbb cccc']);
  });

  it('nowrap on a span: breaks before and after it but not inside', async () => {
    expect(await lines('<div id=t style="width:100px">aa <span style="white-space:nowrap">bb cc dd</span> ee</div>')).toEqual(['aa', 'bb cc dd', 'ee']);
  });

  it('nowrap still breaks at <br>', async () => {
    expect(await lines('<div id=t style="width:50px;white-space:nowrap">aaaa bbbb<br>cc</div>')).toEqual(['aaaa bbbb', 'cc']);
  });

  it('break-spaces: keeps spaces, which take room at the line end instead of hanging', async () => {
    // "aaaa bbbbb " is 11 characters (105.6px): its last space does not hang, so "bbbbb " wraps.
    expect(await lines('<div id=t style="width:100px;white-space:break-spaces">aaaa bbbbb cc</div>')).toEqual(['aaaa ', 'bbbbb cc']);
  });
});

describe('tabs', () => {
  it('expands a tab to the next multiple of 8 spaces in pre', async () => {
    const pages = await layoutHtml(page('<div id=t style="white-space:pre">ab\tc</div>'));
    const c = textRuns(pages, '#t').map((r) => r.x + r.width);
    expect(Math.max(...c)).toBeCloseTo(9 * CH, 5);
  });

  it('honours tab-size', async () => {
    const pages = await layoutHtml(page('<div id=t style="white-space:pre;tab-size:4">ab\tc</div>'));
    const c = textRuns(pages, '#t').map((r) => r.x + r.width);
    expect(Math.max(...c)).toBeCloseTo(5 * CH, 5);
  });

  it('counts tab stops from the line\'s start across inline elements, as Chromium does (highlighted code)', async () => {
    // <b>ab</b> then a tab: the tab stops at column 8, not 8 past the bold text's end.
    const pages = await layoutHtml(page('<div id=t style="white-space:pre"><b>ab</b>\tc\n<i>abc</i>de\tf</div>'));
    const ends = textRuns(pages, '#t').map((r) => Math.round((r.x + r.width) / CH));
    expect(ends).toContain(9);
    expect(ends.filter((end) => end === 9)).toHaveLength(2);
    expect(Math.max(...ends)).toBe(9);
  });

  it('collapses a tab to a space in normal', async () => {
    expect(await lines('<div id=t>a\tb</div>')).toEqual(['a b']);
  });
});

describe('<pre>', () => {
  it('drops the newline right after <pre> and keeps the rest', async () => {
    const pages = await layoutHtml(page('<pre id=t style="margin:0">\nline 1\n  line 2\n</pre>'));
    expect(lineBoxes(pages, '#t').map((l) => l.text)).toEqual(['line 1', '  line 2']);
  });

  it('uses a monospace face', async () => {
    const pages = await layoutHtml(page('<pre id=t>x</pre>'));
    const run = textRuns(pages, '#t')[0];
    expect(run.font).toMatch(/mono|cousine/i);
  });
});

describe('no-break spaces', () => {
  it('are not collapsible white space: a cell or paragraph of &nbsp; keeps its line, as in Chromium', async () => {
    const pages = await layoutHtml('<!DOCTYPE html>' + page('<table style="border-spacing: 0"><tr><td style="padding: 0">a</td></tr><tr><td id=n style="padding: 0">&nbsp;</td></tr></table><p id=p>&nbsp;</p><p id=s>   </p><div id=after>b</div>', 'p { margin: 0 }'));
    expect(findBox(pages, '#n').height).toBe(20);
    expect(findBox(pages, '#p').height).toBe(20);
    expect(findBox(pages, '#s').height).toBe(0);
    expect(findBox(pages, '#after').y).toBe(60);
  });

  it('do not make whitespace-only text between blocks disappear', async () => {
    const pages = await layoutHtml('<!DOCTYPE html>' + page('<div id=t><div>a</div>&nbsp;<div>b</div></div>'));
    expect(lineBoxes(pages, '#t').map((l) => l.text)).toEqual(['a', '\u00A0', 'b']);
  });
});

// Measured in Chromium over 160 random texts of "a", spaces and newlines in the four modes.
describe('a line of preserved spaces is a line (CSS 2.1 §9.4.2), also of spaces that hang', () => {
  const expectedLines = (text: string, mode: string): number => {
    const segments = text.split('\n');
    const last = segments[segments.length - 1]!;
    // pre-line collapses spaces away: a last line of nothing else has no height.
    const lastCounts = mode === 'pre-line' ? last.trim() !== '' : last !== '';
    return segments.length - 1 + (lastCounts ? 1 : 0);
  };

  it('counts the lines of any short text in pre, pre-wrap, break-spaces and pre-line', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.constantFrom('a', ' ', ' ', '\n'), { minLength: 1, maxLength: 12 }).map((chars) => chars.join('')),
      fc.constantFrom('pre', 'pre-wrap', 'break-spaces', 'pre-line'),
      async (text, mode) => {
        const pages = await layoutHtml(page(`<div id=t style="width:300px;white-space:${mode}">${text}</div>`));
        expect(findBox(pages, '#t').height).toBe(20 * expectedLines(text, mode));
      },
    ), { numRuns: 60 });
  });

  it('keeps the last line of a code block ending in indentation before its end tag', async () => {
    const pages = await layoutHtml(page('<pre><code id=t style="display:block;white-space:pre-wrap">a {\n}\n        </code></pre>'));
    expect(findBox(pages, '#t').height).toBe(60);
  });
});
