// Quirks mode (a document without a doctype, as parse5 decides it): the rules Chromium's quirks.css adds.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const body = '<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: bold 11px/30px Arimo; text-align: right } td { padding: 0 }</style><table><tr><td id=c>cell</td></tr></table><p id=p>text</p>';

describe('quirks mode', () => {
  it('gives tables the medium font size and normal weight and line height instead of inheriting them', async () => {
    const pages = await layoutHtml(body);
    const [run] = textRuns(pages, '#c');
    expect(run.size).toBe(16);
    expect(run.font).not.toMatch(/bold/i);
    expect(lineBoxes(pages, '#c')[0].height).toBeLessThan(20);
    expect(textRuns(pages, '#p')[0].size).toBe(11);
  });

  it('leaves them inheriting in a document with a doctype (standards mode)', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html>${body}`);
    const [run] = textRuns(pages, '#c');
    expect(run.size).toBe(11);
    expect(run.font).toMatch(/bold/i);
    expect(lineBoxes(pages, '#c')[0].height).toBe(30);
  });
});

describe('quirks mode: quirky UA margins', () => {
  const doc = '<style>@page { size: 400px 400px; margin: 0 } body { font: 16px/20px Tinos } td { vertical-align: top }</style>'
    + '<h1 id=h style="font-size: 16px">Top</h1>'
    + '<table cellspacing=0 cellpadding=0 border=1><tr><td id=c1><p id=a>A</p></td><td id=c2><div><p id=d>D</p></div></td><td id=c3><p id=f style="margin-top: 1em">F</p></td></tr></table>'
    + '<form id=form>in form</form><div id=after>After</div>';

  it('drops the UA margins of the first and last children of a table cell and the body, as Chromium does', async () => {
    const pages = await layoutHtml(doc);
    expect(findBox(pages, '#h').y).toBe(8);
    const cell = findBox(pages, '#c1');
    expect(findBox(pages, '#a').y).toBe(cell.y + 1);
    expect(findBox(pages, '#d').y).toBe(findBox(pages, '#c2').y + 1);
    // An author margin is kept; the UA bottom margin of the same paragraph is not.
    expect(findBox(pages, '#f').y).toBe(findBox(pages, '#c3').y + 1 + 16);
    // The quirks-mode table has the normal line height (18px for 16px Tinos).
    expect(cell.height).toBe(1 + 16 + 18 + 1);
  });

  it('gives a form a 1em bottom margin', async () => {
    const pages = await layoutHtml(doc);
    expect(findBox(pages, '#after').y).toBe(findBox(pages, '#form').y + 20 + 16);
  });

  it('keeps every margin in standards mode', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html>${doc}`);
    expect(findBox(pages, '#h').y).toBe(10.71875); // 0.67em of 16px in layout units (decision 0395)
    expect(findBox(pages, '#a').y).toBe(findBox(pages, '#c1').y + 1 + 16);
    expect(findBox(pages, '#after').y).toBe(findBox(pages, '#form').y + 20);
  });
});

describe('quirks mode: the line-height quirk', () => {
  const block = (id: string, inner: string): string => `<div id=${id}>${inner}</div>`;
  const square = (h: number): string => `<span style="display: inline-block; width: 50px; height: ${h}px"></span>`;
  const doc = '<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 12px Arial }</style>'
    + block('alone', square(50)) + block('text', `${square(50)} x`) + block('thin', square(2))
    + block('empty-span', `${square(50)}<span style="font-size: 30px"> </span>`)
    + block('br', `${square(50)}<br><br>`) + block('lines', '<span style="font: 16px/20px Arial">a<br><br>b</span>');
  const heights = async (html: string): Promise<number[]> => {
    const pages = await layoutHtml(html);
    return ['alone', 'text', 'thin', 'empty-span', 'br', 'lines'].map((id) => findBox(pages, `#${id}`).height);
  };

  it('gives a line of only an inline-block its height, without the strut, as Chromium does', async () => {
    // Chromium: 50 53 2 50 64 60 (a <br> alone on a line keeps the line's height).
    expect(await heights(doc)).toEqual([50, 53, 2, 50, 64, 60]);
  });

  it('keeps the strut in a list item\'s own lines, with or without a marker, as Chromium does (a flex item too)', async () => {
    // Chromium 156: a 50px inline-block alone in an <li> (list-style none), a display: list-item
    // <div> and a flex item <li> sits on a 53px line; in a <div> inside the <li> the quirk applies.
    const items = '<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 12px Arial } ul { margin: 0; padding: 0; list-style: none }</style>'
      + `<ul><li id=li>${square(50)}</li></ul><div id=item style="display: list-item; list-style: none">${square(50)}</div>`
      + `<ul style="display: flex"><li id=flexed>${square(50)}</li></ul><ul><li><div id=inner>${square(50)}</div></li></ul>`;
    const pages = await layoutHtml(items);
    expect(['li', 'item', 'flexed', 'inner'].map((id) => findBox(pages, `#${id}`).height)).toEqual([53, 53, 53, 50]);
  });

  it('gives a line whose text is all inside a smaller inline box that box\'s height, without the strut', async () => {
    // Chromium: 20px serif blocks; the <small> line is 11px tall (8.3pt), the others the strut's 23px.
    const lines = '<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px serif } small { font-size: 10px }</style>'
      + '<div id=a><small>SMALL TEXT</small><br>Second line</div><div id=b><small>SMALL</small> root text<br>Second line</div>';
    const quirky = await layoutHtml(lines);
    const [small, second] = lineBoxes(quirky, '#a');
    expect(small.height).toBeCloseTo(11, 0);
    expect(second.height).toBeCloseTo(23, 0);
    expect(lineBoxes(quirky, '#b')[0].height).toBeCloseTo(23, 0);
    expect(lineBoxes(await layoutHtml(`<!DOCTYPE html>${lines}`), '#a')[0].height).toBeCloseTo(23, 0);
  });

  it('counts only the text an inline box holds itself: a <code> in a <span> gives the line the <code>\'s height', async () => {
    // Chromium (DocBook's <span class="term"><code>): 15px lines for the 13px monospace, not the 18px of the 16px serif root.
    const html = '<style>body { margin: 0 }</style><div id=a><span><code>--option</code></span></div><div id=b><code>--option</code></div>';
    const pages = await layoutHtml(html);
    expect(lineBoxes(pages, '#a')[0].height).toBeCloseTo(15, 6);
    expect(lineBoxes(pages, '#b')[0].height).toBeCloseTo(15, 6);
  });

  it('counts a <br> as text of the inline box it is in', async () => {
    // Chromium: A 18px, then the line of only <code><br> 15px (the code's strut), then the <span><br> line 18px.
    const pages = await layoutHtml('<style>body { margin: 0 }</style><div id=d>A<br><code><br></code>B<br><span><br></span>C</div>');
    expect(lineBoxes(pages, '#d').map((l) => Math.round(l.height * 1e6) / 1e6)).toEqual([18, 15, 18, 18, 18]);
  });

  it('applies in limited-quirks mode too (XHTML 1.0 Transitional)', async () => {
    const xhtml = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    expect((await heights(xhtml + doc))[0]).toBe(50);
  });

  it('keeps the strut in standards mode', async () => {
    expect((await heights(`<!DOCTYPE html>${doc}`)).slice(0, 3)).toEqual([53, 53, 14]);
  });
});

describe('quirks mode: the table cell height box sizing quirk', () => {
  const doc = '<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 12px Arial }</style><table cellspacing=0 cellpadding=5><tr><td id=c style="height: 0.15in"></td></tr></table>';

  it('takes a cell\'s height as its border box in quirks mode, as Chromium does', async () => {
    expect(findBox(await layoutHtml(doc), '#c').height).toBe(14.390625); // 0.15in in layout units (decision 0395)
  });

  it('adds the padding in standards and limited-quirks mode', async () => {
    const xhtml = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    expect(findBox(await layoutHtml(`<!DOCTYPE html>${doc}`), '#c').height).toBe(24.390625);
    expect(findBox(await layoutHtml(xhtml + doc), '#c').height).toBe(24.390625);
  });
});

describe('quirks mode: the percentage height calculation quirk', () => {
  // A 400 × 600 px page area; Chromium's measured heights for the same documents are in the comments.
  const page = (body: string, bodyCss = 'margin: 0'): string => `<style>@page { size: 400px 600px; margin: 0 } body { ${bodyCss} }</style><body>${body}`;

  it('resolves a percentage height in an auto-height body against the page area', async () => {
    expect(findBox(await layoutHtml(page('<div id=d style="height: 50%">x</div>')), '#d').height).toBe(300);
  });

  it('skips blocks of auto height between the box and the page area', async () => {
    expect(findBox(await layoutHtml(page('<div><div style="padding: 7px"><div id=d style="height: 50%">x</div></div></div>')), '#d').height).toBe(300);
  });

  it('takes the body\'s margins, border and padding out of the page area, as the body fills it', async () => {
    // Chromium: 976 − 2 × (20 + 5 + 10) = 906 on its A4 page area.
    const pages = await layoutHtml(page('<div id=d style="height: 100%">x</div>', 'margin: 20px; padding: 10px; border: 5px solid red'));
    expect(findBox(pages, '#d').height).toBe(600 - 70);
  });

  it('stops at an ancestor of definite height', async () => {
    expect(findBox(await layoutHtml(page('<div style="height: 300px"><div><div id=d style="height: 50%">x</div></div></div>')), '#d').height).toBe(150);
  });

  it('does not apply with a doctype: the percentage of an auto height is auto', async () => {
    expect(findBox(await layoutHtml(`<!DOCTYPE html>${page('<div id=d style="height: 50%">x</div>')}`), '#d').height).toBeLessThan(30);
  });
});
