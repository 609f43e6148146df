// Form controls printed as Chromium prints them: sizes from size/cols/rows and the font, values,
// placeholders, password bullets, selected options, button labels, check boxes and bars.
// Expected sizes were measured in Chromium (getBoundingClientRect) on the same markup.
import { describe, expect, it } from 'vitest';
import type { Box, ReplacedBox } from '../../src/engine/boxes/types.js';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import type { Fragment } from '../../src/engine/layout/fragments.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, paintHtml, renderPdf, textRuns } from '../../src/testing/render.js';

const round = (x: number): number => Math.round(x * 1000) / 1000;

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px serif } ${css}</style>${body}`;

const box = async (body: string, selector: string, css = ''): Promise<{ x: number; y: number; width: number; height: number }> => {
  const b = findBox(await layoutHtml(page(body, css)), selector);
  return { x: b.x, y: b.y, width: Math.round(b.width * 1000) / 1000, height: Math.round(b.height * 1000) / 1000 };
};

const textIn = async (body: string, selector: string): Promise<string> =>
  lineBoxes(await layoutHtml(page(body)), selector).map((l) => l.text).join('|').replace(/\u200b/g, '');

const pdfText = async (body: string): Promise<string> => (await readPdf(await renderPdf(page(body)))).pages[0].text;

describe('placeholders: ::placeholder and :placeholder-shown', () => {
  const placeholderColor = async (body: string, css = ''): Promise<unknown> =>
    textRuns(await layoutHtml(page(body, css))).find((r) => r.text === 'Your name')?.fragment.style.color;

  it('colour the placeholder from ::placeholder, the user agent\u2019s grey by default', async () => {
    expect(await placeholderColor('<input placeholder="Your name">')).toEqual({ r: 0x75, g: 0x75, b: 0x75, a: 1 });
    expect(await placeholderColor('<input placeholder="Your name">', 'input::placeholder { color: red }')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    // Bootstrap's floating labels hide it: `.form-floating > .form-control::placeholder { color: transparent }`.
    expect(await placeholderColor('<textarea placeholder="Your name"></textarea>', 'textarea::placeholder { color: transparent }')).toMatchObject({ a: 0 });
  });

  it('match :placeholder-shown on a field that shows its placeholder', async () => {
    const pages = await layoutHtml(page('<input id=a placeholder="x"> <input id=b placeholder="x" value="v"> <input id=c> <input id=d type=checkbox placeholder="x"> <textarea id=e placeholder="x"></textarea> <textarea id=f placeholder="x">t</textarea>',
      ':placeholder-shown { box-sizing: border-box; width: 77px }'));
    const shown = ['#a', '#b', '#c', '#d', '#e', '#f'].map((s) => findBox(pages, s).width === 77);
    expect(shown).toEqual([true, false, false, false, true, false]);
  });
});

describe('text fields', () => {
  it('are 20 average characters wide plus the widest one\'s excess, with 2px borders and 1px 2px padding', async () => {
    expect(await box('<input>', 'input')).toMatchObject({ width: 185, height: 21 });
  });

  it('follow the size attribute', async () => {
    expect(await box('<input size="5">', 'input')).toMatchObject({ width: 65 });
    expect(await box('<input size="1">', 'input')).toMatchObject({ width: 33 });
    expect(await box('<input size="0">', 'input')).toMatchObject({ width: 185 });
  });

  it('follow the font', async () => {
    expect(await box('<input style="font: 20px serif">', 'input')).toMatchObject({ width: 253, height: 29 });
    expect(await box('<input style="font: 16px monospace">', 'input')).toMatchObject({ width: 218, height: 25 });
    expect(await box('<input style="font: 12px Arial" size="11">', 'input')).toMatchObject({ width: 100 });
  });

  it('use the width of \'0\' for the families whose average width Blink distrusts (Helvetica, Times)', async () => {
    expect(await box('<input size="30" style="font: 12px Helvetica, Arial">', 'input')).toMatchObject({ width: 209 });
    expect(await box('<input size="30" style="font: 12px Arial, Helvetica">', 'input')).toMatchObject({ width: 233 });
    expect(await box('<input size="30" style="font: 12px Times">', 'input')).toMatchObject({ width: 188 });
    expect(await box('<input size="30" style="font: 12px \'Courier New\'">', 'input')).toMatchObject({ width: 232 });
    expect(await box('<textarea style="font: 12px Helvetica"></textarea>', 'textarea')).toMatchObject({ width: 155 });
  });

  it('are the same for every text-like type', async () => {
    for (const type of ['text', 'email', 'number', 'tel', 'url', 'search', 'password', 'bogus']) {
      expect(await box(`<input type="${type}">`, 'input')).toMatchObject({ width: 185, height: 21 });
    }
  });

  it('keep their width under box-sizing: border-box and when block-level', async () => {
    expect(await box('<input>', 'input', 'input { box-sizing: border-box }')).toMatchObject({ width: 185 });
    expect(await box('<input style="display: block">', 'input')).toMatchObject({ width: 185 });
  });

  it('take an author width and height', async () => {
    expect(await box('<input style="width: 100px; height: 40px">', 'input')).toMatchObject({ width: 108, height: 46 });
  });

  it('show the value, clipped to one line', async () => {
    expect(await textIn('<input value="Hello world">', 'input')).toBe('Hello world');
    expect(await textIn('<input value="a\nb">', 'input')).toBe('ab');
  });

  it('show the placeholder only without a value', async () => {
    expect(await textIn('<input placeholder="Your name">', 'input')).toBe('Your name');
    expect(await textIn('<input placeholder="Your name" value="Ann">', 'input')).toBe('Ann');
  });

  it('show a password as bullets', async () => {
    expect(await textIn('<input type="password" value="secret">', 'input')).toBe('••••••');
  });

  it('drop a number value that is not a number', async () => {
    expect(await textIn('<input type="number" value="12abc">', 'input')).toBe('');
    expect(await textIn('<input type="number" value="-1.5e3">', 'input')).toBe('-1.5e3');
  });

  it('put the text baseline on the line\'s baseline, 1px border + 2px padding + ascent below the top', async () => {
    const pages = await layoutHtml(page('<div>A <input value="x"> B</div>'));
    const input = findBox(pages, 'input');
    const [outer] = lineBoxes(pages, 'div');
    expect(outer.baseline - input.y).toBe(15);
    expect(lineBoxes(pages, 'input')[0].baseline).toBe(outer.baseline);
  });

  it('centre the text in a taller field', async () => {
    const pages = await layoutHtml(page('<input value="x" style="height: 41px">'));
    const input = findBox(pages, 'input');
    const [line] = lineBoxes(pages, 'input');
    expect(line.y - input.y).toBe(3 + 13);
  });

  it('align the text as text-align says', async () => {
    const pages = await layoutHtml(page('<input value="42" style="text-align: right">'));
    const input = findBox(pages, 'input');
    const run = lineBoxes(pages, 'input')[0].fragment.children[0];
    expect(run.x + run.width).toBeCloseTo(input.x + input.width - 4, 1);
  });
});

describe('percentage widths', () => {
  it('ask a table cell for their attribute-based width, and fill it', async () => {
    const cell = await box('<table><tr><td style="padding: 4px"><input style="width: 100%" value="a long value, longer than the field"></td></tr></table>', 'td');
    expect(cell.width).toBe(185 + 8);
    const input = await box('<table><tr><td style="padding: 4px"><input style="width: 50%"></td></tr></table>', 'input');
    expect(input.width).toBe(185 / 2 + 8);
  });

  it('share a wide table by those widths, as Chromium', async () => {
    const pages = await layoutHtml(page('<table style="width: 400px; border-spacing: 0"><tr><td><input style="width: 100%"></td><td><textarea style="width: 100%"></textarea></td></tr></table>'));
    const [a, b] = findBoxes(pages, 'td');
    expect(a.width / b.width).toBeCloseTo(185 / 182, 2);
  });
});

describe('text in the PDF', () => {
  it('prints values and placeholders', async () => {
    const text = await pdfText('<p>Name <input value="Ann Smith"> City <input placeholder="Town"></p>');
    expect(text).toContain('Ann Smith');
    expect(text).toContain('Town');
  });

  it('never prints a password', async () => {
    const text = await pdfText('<p><input type="password" value="hunter2"></p>');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('•••••••');
  });

  it('prints a value as text, never as markup', async () => {
    const text = await pdfText('<p><input value="<b>bold</b> &amp; more"></p>');
    expect(text).toContain('<b>bold</b> & more');
  });

  it('prints the selected option, a textarea\'s text and button labels', async () => {
    const text = await pdfText('<p><select><option>One<option selected>Two</select> <textarea>Line 1\nLine 2</textarea> <input type="submit"> <input type="reset"> <button>Go</button></p>');
    expect(text).toMatch(/Two/);
    expect(text).not.toMatch(/One/);
    expect(text).toMatch(/Line 1/);
    expect(text).toMatch(/Line 2/);
    expect(text).toMatch(/Submit/);
    expect(text).toMatch(/Reset/);
    expect(text).toMatch(/Go/);
  });

  it('prints nothing for a hidden input', async () => {
    expect(await pdfText('<p>a <input type="hidden" value="secret"> b</p>')).not.toContain('secret');
  });
});

describe('check boxes and radio buttons', () => {
  it('are 13px squares with Chromium\'s margins', async () => {
    expect(await box('<input type="checkbox">', 'input')).toMatchObject({ x: 4, y: 3, width: 13, height: 13 });
    expect(await box('<input type="radio">', 'input')).toMatchObject({ x: 5, y: 3, width: 13, height: 13 });
  });

  it('sit with their bottom border edge on the baseline', async () => {
    const pages = await layoutHtml(page('<div>A <input type="checkbox"> <input type="radio"> B</div>'));
    const [line] = lineBoxes(pages, 'div');
    for (const b of findBoxes(pages, 'input')) expect(b.y + b.height).toBe(line.baseline);
  });

  it('draw their checked state', async () => {
    const pages = await layoutHtml(page('<input type="checkbox"><input type="checkbox" checked><input type="radio"><input type="radio" checked>'));
    const urls = findBoxes(pages, 'input').map((b) => ((b.fragment as { box: ReplacedBox }).box.image.url));
    expect(urls).toEqual(['checkbox', 'checkbox-checked', 'radio', 'radio-checked'].map((k) => `pagesmith:form-control/${k}`));
  });

  it('check only the last checked radio button of a group: one name in one form', async () => {
    const pages = await layoutHtml(page('<input type="radio" name="a" checked><input type="radio" name="a" checked><input type="radio" name="b" checked>'
      + '<form><input type="radio" name="a" checked></form><input type="radio" checked><input type="radio" checked>'));
    const checked = findBoxes(pages, 'input').map((b) => ((b.fragment as { box: ReplacedBox }).box.image.url.endsWith('-checked')));
    expect(checked).toEqual([false, true, true, true, true, true]);
  });
});

describe('the theme\'s look', () => {
  const styleOf = async (body: string, selector: string) => (findBox(await layoutHtml(page(body)), selector).fragment as { box: Box }).box.style;

  it('paints a 1px rounded grey border on white while the UA border and background are left alone', async () => {
    for (const [body, sel] of [['<input>', 'input'], ['<select><option>x</select>', 'select'], ['<textarea></textarea>', 'textarea']]) {
      const s = await styleOf(body, sel);
      expect(s.borderTop).toMatchObject({ width: 1, style: 'solid', color: { r: 0x76, g: 0x76, b: 0x76 } });
      expect(s.borderTopLeftRadius).toEqual([2, 2]);
      expect(s.backgroundColor).toMatchObject({ r: 255, g: 255, b: 255 });
    }
  });

  it('paints disabled controls fainter, with Chromium\'s :disabled text colours', async () => {
    const input = await styleOf('<input disabled value="x">', 'input');
    expect(input.borderTop).toMatchObject({ width: 1, color: { r: 0x76, a: 0.3 } });
    expect(input.backgroundColor).toMatchObject({ r: 0xf8, g: 0xf8, b: 0xf8, a: 1 });
    expect(input.color).toMatchObject({ r: 84, g: 84, b: 84 });
    expect((await styleOf('<button disabled>b</button>', 'button')).color).toMatchObject({ r: 16, a: 0.3 });
    expect((await styleOf('<select disabled><option>x</select>', 'select')).color).toMatchObject({ r: 128 });
    const pages = await layoutHtml(page('<input type="checkbox" checked disabled>'));
    expect((findBox(pages, 'input').fragment as { box: ReplacedBox }).box.image.url).toBe('pagesmith:form-control/checkbox-checked-disabled');
  });

  it('gives a list box a white background and the theme\'s border', async () => {
    const s = await styleOf('<select multiple><option>x</select>', 'select');
    expect(s.backgroundColor).toMatchObject({ r: 255, g: 255, b: 255 });
    expect(s.borderTopLeftRadius).toEqual([2, 2]);
  });

  it('paints the CSS border and background once the author sets either', async () => {
    expect((await styleOf('<input style="background: #eee">', 'input')).borderTop).toMatchObject({ width: 2, style: 'inset' });
    expect((await styleOf('<input style="border: 1px solid red">', 'input')).borderTopLeftRadius).toEqual([0, 0]);
    // A restyled select shows its UA background, Chromium's ButtonFace.
    expect((await styleOf('<select style="border: 1px solid #999"><option>x</select>', 'select')).backgroundColor).toMatchObject({ r: 0xef, g: 0xef, b: 0xef });
  });
});

describe('selects', () => {
  it('are as wide as the widest option, rounded up, plus 4px before and 16px after with the arrow', async () => {
    expect(await box('<select><option>M</select>', 'select')).toMatchObject({ width: 34, height: 19 });
    expect(await box('<select><option>One</option><option>Second option</select>', 'select')).toMatchObject({ width: 108, height: 19 });
    expect(await box('<select><option></select>', 'select')).toMatchObject({ width: 22, height: 19 });
    expect(await box('<select style="font: 20px serif"><option>M</select>', 'select')).toMatchObject({ width: 40, height: 26 });
  });

  it('show the selected option, else the first', async () => {
    expect(await textIn('<select><option>One<option selected>Two<option>Three</select>', 'select')).toBe('Two');
    expect(await textIn('<select><option>One<option>Two</select>', 'select')).toBe('One');
    expect(await textIn('<select><optgroup label="g"><option label="Short">Long text</option></optgroup></select>', 'select')).toBe('Short');
  });

  it('put the text 1px border + 4px in from the left', async () => {
    const pages = await layoutHtml(page('<select><option>One</select>'));
    expect(lineBoxes(pages, 'select')[0].x - findBox(pages, 'select').x).toBe(5);
  });

  it('show several rows as a list box when multiple or size > 1', async () => {
    const multiple = await box('<select multiple><option>One<option>Two<option>Three<option>Four<option>Five</select>', 'select');
    expect(multiple.height).toBe(70);
    expect(multiple.width).toBeCloseTo(40.828, 1);
    expect(await box('<select size="3"><option>a<option>b<option>c<option>d</select>', 'select')).toMatchObject({ height: 53 });
    expect(await box('<select size="2"><option>a</select>', 'select')).toMatchObject({ height: 36 });
    expect(await textIn('<select size="3"><option>a<option>b<option>c<option>d</select>', 'select')).toBe('a|b|c');
  });

  it('lay out list box rows in their options\u2019 own style at the normal line height, at least 1.2em high, as Chromium does', async () => {
    // 20px options padded 5px 10px: rows of 24 + 10, four of them (the size) under a 1px border.
    const styled = await layoutHtml(page('<select multiple><option style="font-size: 20px; padding: 5px 10px">One<option>Two</select>'));
    expect(findBox(styled, 'select').height).toBe(4 * 34 + 2);
    // A line height of the author's does not reach the options; the group label (the first row) keeps its own 0 2px 1px padding.
    const css = '* { padding: 0 } option, select { line-height: 40px }';
    const plain = await layoutHtml(page('<select multiple><optgroup label="Group"><option>One<option>Two</optgroup></select>', css));
    expect(findBox(plain, 'select').height).toBe(4 * 17 + 2);
    // An inherited border-box leaves the rows as tall.
    const borderBox = await layoutHtml(page('<select multiple><option>One<option>Two</select>', '* { box-sizing: border-box }'));
    expect(lineBoxes(borderBox, 'select').map((row) => row.y - findBox(borderBox, 'select').y)).toEqual([1, 18]);
    const rows = lineBoxes(plain, 'select');
    expect(rows.map((row) => Math.round((row.x - findBox(plain, 'select').x) * 100) / 100)).toEqual([3, 1, 1]);
  });

  it('sit a list box on the text\u2019s bottom (vertical-align: text-bottom), the parent\u2019s descent rounded as Blink does', async () => {
    const pages = await layoutHtml(page('<p id=p style="font: 16px/20px Arimo">x<select multiple><option>One</select></p>'));
    const line = lineBoxes(pages, '#p')[0];
    // Arimo's descent at 16px is 3.39px: the box's bottom edge is 3px below the baseline.
    expect(findBox(pages, 'select').y + findBox(pages, 'select').height - line.baseline).toBeCloseTo(3, 5);
  });

  it('move a list box whole to the next page when it does not fit at a page\u2019s end (monolithic, as in Chromium)', async () => {
    const pages = await layoutHtml(page('<div style="height: 760px"></div><select multiple style="display: block"><option>One<option>Two<option>Three<option>Four</select>'));
    expect(findBoxes(pages, 'select').map((found) => [found.page, found.height])).toEqual([[1, 70]]);
  });

  it('list option groups with their labels in bold above their options, indented 18px (probed in Chromium 156)', async () => {
    const html = '<select size="5" style="font: 16px Arial"><option>Zero</option><optgroup label="Group"><option>One</option><option>Two</option></optgroup><option>Three</option></select>';
    expect(await textIn(html, 'select')).toBe('Zero|Group|One|Two|Three');
    const pages = await layoutHtml(page(html));
    const lines = lineBoxes(pages, 'select');
    const select = findBox(pages, 'select');
    expect(lines.map((line) => line.x - select.x)).toEqual([3, 3, 21, 21, 3]);
    const pdf = await readPdf(await renderPdf(page(html)));
    expect(pdf.fontNames.some((font) => /Bold/.test(font))).toBe(true);
  });
});

describe('textareas', () => {
  it('are cols average characters plus a scroll bar wide and rows lines tall', async () => {
    expect(await box('<textarea></textarea>', 'textarea')).toMatchObject({ width: 182, height: 36 });
    expect(await box('<textarea cols="10" rows="1"></textarea>', 'textarea')).toMatchObject({ width: 102, height: 21 });
    expect(await box('<textarea style="font: 13.333px Arial" rows="3"></textarea>', 'textarea')).toMatchObject({ width: 181, height: 51 });
    expect(await box('<textarea style="font: 16px serif"></textarea>', 'textarea')).toMatchObject({ width: 201 });
  });

  it('show their placeholder when empty, in the placeholder colour', async () => {
    expect(await pdfText('<textarea placeholder="Write here"></textarea>')).toContain('Write here');
    expect(await pdfText('<textarea placeholder="Write here">Mine</textarea>')).not.toContain('Write here');
  });

  it('go to the next page whole when they do not fit, as Chromium keeps them in one piece', async () => {
    const pages = await layoutHtml(page('<div style="height: 760px"></div><textarea style="display: block; height: 140px"></textarea>'));
    const textareas = findBoxes(pages, 'textarea');
    expect(textareas).toHaveLength(1);
    expect(textareas[0]).toMatchObject({ page: 1, y: 0, height: 146 });
  });

  it('keep their text\'s line breaks and wrap it', async () => {
    expect(await textIn('<textarea cols="10">one\ntwo</textarea>', 'textarea')).toBe('one|two');
    expect(await textIn('<textarea cols="5">aaa bbb ccc</textarea>', 'textarea')).toBe('aaa|bbb|ccc');
  });
});

describe('the textarea resize grip', () => {
  it('sits in the bottom-right corner of the padding box, as Chromium prints it', async () => {
    const pages = await layoutHtml(page('<textarea></textarea>'));
    const area = findBox(pages, 'textarea');
    const spy = await paintHtml(page('<textarea></textarea>'));
    const [image] = spy.callsOf('image');
    expect(image.args[0].url).toBe('pagesmith:form-control/resize-grip');
    expect(image.args[1] + image.args[3]).toBeCloseTo(area.x + area.width - 1, 0);
    expect(image.args[2] + image.args[4]).toBeCloseTo(area.y + area.height - 1, 0);
  });
});

describe('buttons', () => {
  it('lay out their content as items when they are flex or grid containers, as Blink\u2019s inner box takes their display', async () => {
    const css = 'button { display: inline-flex; align-items: center; gap: 8px; padding: 4px; border: 0; font: 16px Arimo }';
    const pages = await layoutHtml(page('<button id=b>Last 7 days <svg width="16" height="16"></svg></button>', css));
    expect(lineBoxes(pages, '#b')).toHaveLength(1);
    expect(findBox(pages, '#b').height).toBe(26);
  });

  it('size to their label', async () => {
    expect(await box('<input type="submit">', 'input')).toMatchObject({ height: 21 });
    expect((await box('<input type="submit">', 'input')).width).toBeCloseTo(57.484, 1);
    expect((await box('<input type="reset">', 'input')).width).toBeCloseTo(50.828, 1);
    expect((await box('<input type="button" value="Go">', 'input')).width).toBeCloseTo(33.781, 1);
    expect((await box('<button>Press</button>', 'button')).width).toBeCloseTo(50.078, 1);
  });

  it('stretch across a grid area or a column flex container like any box of auto width', async () => {
    const css = '.g { display: grid; grid-template-columns: 1fr; width: 500px } .f { display: flex; flex-direction: column; width: 400px }';
    expect((await box('<div class="g"><button>Go</button></div>', 'button', css)).width).toBe(500);
    expect((await box('<div class="f"><button>Go</button></div>', 'button', css)).width).toBe(400);
    expect((await box('<div class="g"><button style="justify-self: start">Go</button></div>', 'button', css)).width).toBeLessThan(100);
  });

  it('stay as wide as their label when block-level', async () => {
    expect((await box('<button style="display: block">Block</button>', 'button')).width).toBeCloseTo(48.594, 1);
    expect((await box('<div style="text-align: center"><input type="submit" style="display: block"></div>', 'input')).x).toBe(0);
  });

  it('are themselves the box auto margins, flex sizing and grid alignment place, when block-level (probed in Chromium 156)', async () => {
    const centred = (b: { x: number; width: number }, left: number, room: number): void => expect(b.x - left).toBeCloseTo(left + room - (b.x + b.width), 3);
    centred(await box('<button style="display: block; margin: 0 auto">Block</button>', 'button'), 0, 600);
    centred(await box('<div style="display: flex"><button style="margin: 0 auto">Item</button></div>', 'button'), 0, 600);
    centred(await box('<div style="display: grid; grid-template-columns: 200px"><button style="justify-self: center">Cell</button></div>', 'button'), 0, 200);
    const grown = await box('<div style="display: flex"><button style="flex: 1">Grow</button><span id=s style="width: 100px; display: block">x</span></div>', 'button');
    expect(grown).toMatchObject({ x: 0, width: 500 });
    expect((await box('<button style="display: block; width: 50%; margin-left: auto">Half</button>', 'button')).x).toBe(300);
  });

  it('centre their label in a taller button', async () => {
    const pages = await layoutHtml(page('<button style="height: 40px">Tall</button>'));
    const button = findBox(pages, 'button');
    const [line] = lineBoxes(pages, 'button');
    expect(line.y - button.y).toBeCloseTo((40 - 15) / 2, 5);
  });

  it('show the value, else the default label', async () => {
    expect(await textIn('<input type="submit" value="Send order">', 'input')).toBe('Send order');
    expect(await textIn('<input type="submit">', 'input')).toBe('Submit');
    expect(await textIn('<input type="reset">', 'input')).toBe('Reset');
  });
});

describe('file inputs', () => {
  it('print a "Choose File" button and "No file chosen", 34 \'0\'s wide', async () => {
    expect(await box('<input type="file">', 'input')).toMatchObject({ width: 253, height: 21 });
    expect(await textIn('<input type="file">', 'input')).toBe('Choose File|No file chosen');
    expect(await textIn('<input type="file" multiple>', 'input')).toBe('Choose File|No files chosen');
  });

  it('style the button from ::file-selector-button (and ::-webkit-file-upload-button), as Bootstrap 5 and sakura do', async () => {
    const css = '.s::file-selector-button { padding: 5px 10px; border: 1px solid teal; background-color: teal; color: white; box-sizing: border-box }'
      + ' .w::-webkit-file-upload-button { padding: 10px 20px; border: none; font-size: 20px }';
    const pages = await layoutHtml(page('<input type=file class=s id=s><input type=file class=w id=w><input type=file id=u>', css));
    const buttonOf = (id: string): Fragment => {
      const input = findBox(pages, `#${id}`).fragment;
      if (input.kind !== 'box') throw new Error('no box');
      return input.children[0]!;
    };
    const styled = buttonOf('s');
    expect(styled.kind === 'box' && styled.box.style.backgroundColor).toEqual({ r: 0, g: 128, b: 128, a: 1 });
    expect(styled.kind === 'box' && styled.box.style.color).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    // 13.333px text on a normal line (15px) with 5px padding and 1px borders.
    expect(styled.kind === 'box' && styled.height).toBe(15 + 10 + 2);
    const webkit = buttonOf('w');
    expect(webkit.kind === 'box' && webkit.box.style.fontSize).toBe(20);
    // "No file chosen" sits on the button's baseline, lower than it would centred.
    const [, status] = lineBoxes(pages, '#w').filter((line) => line.text !== '');
    const [buttonLine] = lineBoxes(pages, '#w');
    expect(status.baseline).toBeCloseTo(buttonLine.baseline, 5);
    // Unstyled, the UA's button as before: 21px tall.
    expect(findBox(pages, '#u').height).toBe(21);
    // The button keeps the controls' sans-serif when the input takes another family (Chromium's
    // button is a control of its own); the status text is in the input's.
    const mono = await layoutHtml(page('<input type=file id=m style="font-family: Cousine">'));
    const input = findBox(mono, '#m').fragment;
    const [monoButton, monoStatus] = input.kind === 'box' ? input.children : [];
    expect(monoButton?.kind === 'box' && monoButton.box.style.fontFamily).toEqual(['sans-serif']);
    expect(monoStatus?.kind === 'box' && monoStatus.box.style.fontFamily).toEqual(['cousine']);
  });

  it('set the button\u2019s label at the normal line height, whatever line-height the input has (Chromium)', async () => {
    expect((await box('<input type="file" style="font-size: 12px; line-height: 1">', 'input')).height).toBe(20);
    expect((await box('<input type="file" style="font-size: 12px; line-height: 1.5">', 'input')).height).toBe(20);
  });
});

describe('date and time fields', () => {
  it('show the value as Chromium formats it in en-US, else the empty format', async () => {
    expect(await textIn('<input type="date" value="2024-03-05">', 'input')).toBe('03/05/2024');
    expect(await textIn('<input type="date">', 'input')).toBe('mm/dd/yyyy');
    expect(await textIn('<input type="date" value="2024-13-05">', 'input')).toBe('mm/dd/yyyy');
    expect(await textIn('<input type="time" value="13:45">', 'input')).toBe('01:45 PM');
    expect(await textIn('<input type="time" value="00:05">', 'input')).toBe('12:05 AM');
    expect(await textIn('<input type="datetime-local" value="2024-03-05T09:30">', 'input')).toBe('03/05/2024, 09:30 AM');
    expect(await textIn('<input type="month" value="2024-03">', 'input')).toBe('March 2024');
    expect(await textIn('<input type="week" value="2024-W10">', 'input')).toBe('Week 10, 2024');
  });

  it('are sized in the monospace font\'s character cells', async () => {
    expect((await box('<input type="date">', 'input')).width).toBeCloseTo(125.328, 0);
    expect((await box('<input type="date" style="font-size: 20px">', 'input')).width).toBeCloseTo(180, 0);
    expect((await box('<input type="datetime-local">', 'input')).width).toBeCloseTo(211.328, 0);
    expect((await box('<input type="month">', 'input')).width).toBeCloseTo(155.328, 0);
    expect((await box('<input type="week">', 'input')).width).toBeCloseTo(147.328, 0);
    expect((await box('<input type="time">', 'input')).width).toBeCloseTo(104, 0);
  });

  it('pad each editable part 1px on each side, the separators not (Chromium 156\'s word positions)', async () => {
    const pages = await layoutHtml(page('<input type="week" value="2024-W10" style="font: 16px Cousine; padding: 0; border: 0">'));
    const field = findBox(pages, 'input');
    const c = (1229 / 2048) * 16;
    const starts = textRuns(pages, 'input').filter((r) => r.text.trim() !== '').map((r) => [r.text, Math.round((r.x - field.x) * 1000) / 1000]);
    // "Week " is a literal; "10" and "2024" are fields, with ", " between them.
    expect(starts).toEqual([['Week', 0], ['10', round(5 * c + 1)], [', ', round(7 * c + 2)], ['2024', round(9 * c + 3)]]);
  });

  // Measured in Chromium 156: a 10×11 calendar (an 11×11 clock for time), black whatever the text's
  // colour, its right edge 5.25px inside the field's border box, centred; none on a disabled field.
  it('show the picker icon at the end: a calendar, a clock for time, none when disabled', async () => {
    const icons = async (body: string): Promise<{ url: string; right: number; middle: number }[]> => {
      const pages = await layoutHtml(page(body));
      const field = findBox(pages, 'input');
      const found: { url: string; right: number; middle: number }[] = [];
      const walk = (f: Fragment): void => {
        if (f.kind === 'replaced') found.push({ url: f.box.image.url, right: field.x + field.width - (f.x + f.width), middle: f.y + f.height / 2 - (field.y + field.height / 2) });
        if (f.kind === 'box' || f.kind === 'line') f.children.forEach(walk);
      };
      walk(field.fragment);
      return found;
    };
    for (const type of ['date', 'datetime-local', 'month', 'week']) {
      const [icon, ...rest] = await icons(`<input type="${type}" style="color: red">`);
      expect(rest).toEqual([]);
      expect(icon!.url).toBe('pagesmith:form-control/calendar');
      expect(icon!.right).toBeCloseTo(5.25, 5);
      expect(Math.abs(icon!.middle)).toBeLessThan(0.5);
    }
    expect((await icons('<input type="time" value="13:45">'))[0]!.url).toBe('pagesmith:form-control/clock');
    expect(await icons('<input type="date" disabled>')).toEqual([]);
  });
});

describe('box sizing', () => {
  it('is border-box for buttons and selects, content-box for fields and textareas', async () => {
    const css = 'input, select, textarea, button { width: 100px }';
    expect(await box('<button>b</button>', 'button', css)).toMatchObject({ width: 100 });
    expect(await box('<input type="submit">', 'input', css)).toMatchObject({ width: 100 });
    expect(await box('<select><option>x</select>', 'select', css)).toMatchObject({ width: 100 });
    expect(await box('<textarea></textarea>', 'textarea', css)).toMatchObject({ width: 106 });
    expect(await box('<input>', 'input', css)).toMatchObject({ width: 108 });
  });
});

describe('fieldsets with a legend', () => {
  const html = '<fieldset><legend>Customer</legend>Name <input value="Ann"></fieldset>';

  it('put the legend at the top, 2px border + 0.75em padding in, and the top border through its middle', async () => {
    const pages = await layoutHtml(page(html));
    const legend = findBox(pages, 'legend');
    const fieldset = findBox(pages, 'fieldset');
    expect(legend.y).toBe(0);
    expect(legend.x - fieldset.x).toBe(2 + 12);
    expect(fieldset.y).toBe((18 - 2) / 2);
  });

  it('start the content 0.35em below the legend and end 0.625em + 2px below it, as Chromium', async () => {
    const pages = await layoutHtml(page(html));
    const input = findBox(pages, 'input');
    const fieldset = findBox(pages, 'fieldset');
    // 0.35em is 5.6px, 5.59375 in layout units (decision 0395).
    expect(input.y).toBe(18 + 5.59375);
    expect(fieldset.y + fieldset.height).toBe(56.59375);
  });

  it('ignore the legend\u2019s top margin and keep its bottom margin above the content, the border through its border box (Chromium)', async () => {
    const css = 'fieldset { margin: 0; padding: 0 10px; border: 2px solid } p { margin: 0 }';
    const pages = await layoutHtml(page('<fieldset><legend style="margin: 30px 0 18px; line-height: 20px">L</legend><p id=t>Text</p></fieldset>', css));
    expect(findBox(pages, 'legend').y).toBe(0);
    expect(findBox(pages, 'fieldset').y).toBe((20 - 2) / 2);
    expect(findBox(pages, '#t').y).toBe(20 + 18);
  });

  it('break the top border behind the legend', async () => {
    const html2 = '<fieldset style="border: 2px solid red; padding: 0 10px"><legend style="padding: 0">Customer</legend>x</fieldset>';
    const pages = await layoutHtml(page(html2));
    const legend = findBox(pages, 'legend');
    const spy = await paintHtml(page(html2));
    const red = spy.callsOf('fillPath').filter((c) => c.args[1].r === 255 && c.args[1].g === 0);
    const spans = red.map((c) => c.args[0].filter((p): p is Extract<PathCommand, { y: number }> => 'y' in p))
      .filter((pts) => pts.every((p) => p.y >= 8 && p.y <= 10)).map((pts) => [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))]);
    expect(spans).toHaveLength(2);
    const [left, right] = spans.sort((a, b) => a[0] - b[0]);
    expect(left[1]).toBeCloseTo(legend.x, 0);
    expect(right[0]).toBeCloseTo(legend.x + legend.width, 0);
  });

  it('keep their top padding apart from the content\'s margins', async () => {
    const pages = await layoutHtml(page('<fieldset style="padding-top: 4px"><legend>L</legend><div style="margin-top: 6px">x</div></fieldset>'));
    expect(findBox(pages, 'div').y).toBe(18 + 4 + 6);
  });

  it('never end a page with the legend: without room for the content\'s first line below it, the fieldset starts the next page (probed in Chromium 156)', async () => {
    const paged = (spacer: number): string =>
      `<!doctype html><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 14px/20px Arial } p { margin: 0 }</style><div style="height:${spacer}px"></div><fieldset><legend>Legend</legend><p id=one>line one</p><p>line two</p></fieldset>`;
    const at = async (spacer: number) => {
      const pages = await layoutHtml(paged(spacer));
      return [findBox(pages, 'legend').page, findBox(pages, '#one').page];
    };
    expect(await at(202)).toEqual([0, 0]);
    expect(await at(218)).toEqual([1, 1]);
    expect(await at(234)).toEqual([1, 1]);
  });

  it('are left alone without a legend', async () => {
    const pages = await layoutHtml(page('<fieldset>Name</fieldset>'));
    expect(findBox(pages, 'fieldset').y).toBe(0);
  });

  it('keep their content\'s margins inside, with or without a legend, borders or padding (Chromium 156)', async () => {
    // Blink lays a fieldset's content out in an anonymous box that is a formatting context of its own.
    const pages = await layoutHtml(page('<p style="margin: 0">a</p><fieldset style="border: 0; padding: 0; margin: 0"><p style="margin: 20px 0; line-height: 20px">x</p></fieldset><p style="margin: 0">b</p>'));
    const fieldset = findBox(pages, 'fieldset');
    expect(fieldset.height).toBe(20 + 20 + 20);
    expect(findBoxes(pages, 'p')[1]!.y).toBe(fieldset.y + 20);
    expect(findBoxes(pages, 'p')[2]!.y).toBe(fieldset.y + 60);
  });
});

describe('progress and meter', () => {
  it('are 10em and 5em by 1em', async () => {
    expect(await box('<progress value="0.5"></progress>', 'progress')).toMatchObject({ width: 160, height: 16 });
    expect(await box('<meter value="0.3"></meter>', 'meter')).toMatchObject({ width: 80, height: 16 });
  });

  // Probed in Chromium 156: a background, a border or appearance: none drops the theme; the bar is
  // painted from ::-webkit-progress-bar (gray) and ::-webkit-progress-value (green), border-box sized.
  const barSvg = async (body: string, css = ''): Promise<string> => {
    const found = findBox(await layoutHtml(page(body, css)), 'progress').fragment;
    if (found.kind !== 'replaced') throw new Error('not a replaced box');
    return new TextDecoder().decode(found.box.image.bytes);
  };

  it('paint the bar from its parts when the author restyles it, as Chromium does', async () => {
    expect(await barSvg('<progress value="30" max="100"></progress>')).toContain('#0075ff');
    const plain = await barSvg('<progress value="30" max="100" style="appearance: none"></progress>');
    expect(plain).toContain('<rect width="160" height="16" rx="0" fill="rgb(128,128,128)"');
    expect(plain).toContain('<rect width="48" height="16" rx="0" fill="rgb(0,128,0)"');
    const styled = await barSvg('<progress value="100" max="100"></progress>',
      'progress { width: 200px; height: 10px; border: 0; background: gray; border-radius: 4px } progress::-webkit-progress-value { background: orange; border-radius: 4px } progress::-webkit-progress-bar { background: transparent }');
    expect(styled).toBe(styled.replace('rgb(128,128,128)', ''));
    expect(styled).toContain('<rect width="200" height="10" rx="4" fill="rgb(255,165,0)"');
    // Without a value it is indeterminate: the bar alone.
    expect(await barSvg('<progress style="appearance: none"></progress>')).not.toContain('rgb(0,128,0)');
    // Its border and padding are inside its height (box-sizing: border-box).
    expect(await box('<progress style="border: 2px solid; padding: 2px; height: 16px; width: 100px"></progress>', 'progress')).toMatchObject({ width: 100, height: 16 });
  });
});

describe('appearance and resize', () => {
  // Measured in Chromium: `appearance: none` (or -webkit-appearance) drops the native look; a
  // natively painted check box or radio button ignores the author's padding, border and background.
  const replacedInside = async (body: string, selector: string): Promise<number> => {
    const found = findBox(await layoutHtml(page(body)), selector).fragment;
    const count = (f: Fragment): number => (f.kind === 'replaced' ? 1 : 0) + (f.kind === 'box' || f.kind === 'line' ? f.children.reduce((n, c) => n + count(c), 0) : 0);
    return count(found) - (found.kind === 'replaced' ? 1 : 0);
  };

  it('gives a select with appearance: none no arrow and no room for one', async () => {
    const native = await box('<select style="font: 16px Cousine; padding: 0; border: 0"><option>abcd</option></select>', 'select');
    const plain = await box('<select style="font: 16px Cousine; padding: 0; border: 0; -webkit-appearance: none"><option>abcd</option></select>', 'select');
    expect(native.width - plain.width).toBe(4 + 4 + 8 + 4);
    expect(await replacedInside('<select style="appearance: none"><option>a</option></select>', 'select')).toBe(0);
    expect(await replacedInside('<select><option>a</option></select>', 'select')).toBe(1);
  });

  it('paints check boxes and radio buttons natively whatever their padding and border, unless appearance is none', async () => {
    const css = 'padding: 6px 12px; border: 3px solid; background: red';
    expect(await box(`<input type="checkbox" style="${css}">`, 'input')).toMatchObject({ width: 13, height: 13 });
    expect(await box(`<input type="radio" style="${css}">`, 'input')).toMatchObject({ width: 13, height: 13 });
    expect(await box(`<input type="checkbox" style="appearance: none; width: 18px; height: 18px; border: 2px solid">`, 'input')).toMatchObject({ width: 18, height: 18 });
    expect(await replacedInside('<p><input type="checkbox" style="appearance: none; width: 18px; height: 18px"></p>', 'p')).toBe(0);
  });

  it('gives check boxes and radio buttons with appearance: none their ::before and ::after, as Blink does (a CSS switch\'s knob)', async () => {
    const css = '.s { appearance: none; width: 40px; height: 20px; padding: 2px; border: 1px solid } .s::before { content: ""; display: block; width: 10px; height: 10px } .s::after { content: "X" }';
    for (const type of ['checkbox', 'radio']) {
      const pages = await layoutHtml(page(`<p><input type="${type}" class="s"></p>`, css));
      const input = findBox(pages, 'input');
      const pseudos: Fragment[] = [];
      const walk = (f: Fragment): void => {
        if (f.kind === 'box' && f.box.pseudo !== null) pseudos.push(f);
        if (f.kind === 'box' || f.kind === 'line') f.children.forEach(walk);
      };
      walk(input.fragment);
      const before = pseudos.find((f) => f.kind === 'box' && f.box.pseudo === 'before');
      expect(before, type).toMatchObject({ x: input.x + 3, y: input.y + 3, width: 10, height: 10 });
      expect(await pdfText(`<style>${css}</style><p><input type="${type}" class="s"></p>`)).toContain('X');
    }
  });

  it('shows a textarea\'s resize grip unless resize is none', async () => {
    expect(await replacedInside('<textarea></textarea>', 'textarea')).toBe(1);
    expect(await replacedInside('<textarea style="resize: none"></textarea>', 'textarea')).toBe(0);
    expect(await replacedInside('<textarea style="resize: vertical"></textarea>', 'textarea')).toBe(1);
  });
});

describe('form controls across pages (decision 0430)', () => {
  const paged = (spacer: number): string => `<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }
    input, textarea, select { display: block; width: 200px; margin: 0 0 10px } textarea { height: 120px }</style>
    <div style="height: ${spacer}px"></div><input id=i value="value one" style="height: 58px"><textarea id=t rows=6>a\nb\nc\nd\ne\nf</textarea><select id=s><option>Choice</option></select>`;
  const places = async (spacer: number) => {
    const pages = await layoutHtml(paged(spacer));
    return ['#i', '#t', '#s'].map((s) => findBoxes(pages, s).map((f) => f.page));
  };

  it('moves a field, a text area and a select whole to the next page, never splitting their height or lines', async () => {
    // Spacer 260: the 58px field would cross the 300px page's end; Chromium moves it whole.
    expect(await places(260)).toEqual([[1], [1], [1]]);
    // Spacer 230: the field fits; the text area (120px) would cross: it moves whole, lines and all.
    expect(await places(230)).toEqual([[0], [1], [1]]);
  });
});
