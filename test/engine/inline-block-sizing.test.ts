// Inline-blocks sized by their content: their side margins stay outside their width, and what
// contains them measures them at their own min-content width (as Chromium does).
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, textRuns } from '../../src/testing/render.js';

const STYLE = '<!doctype html><style>body { margin: 0; font: 16px/20px Arial } code { font: 16px/20px Arial }</style>';

describe('an auto-width inline-block with side margins', () => {
  it('is as wide as its content; its margins are outside, once', async () => {
    const pages = await layoutHtml(`${STYLE}<p>before<span id="ib" style="display: inline-block; margin: 0 20px">box</span>after</p><p>before<span id="bare" style="display: inline-block">box</span>after</p>`);
    const ib = findBox(pages, '#ib');
    const bare = findBox(pages, '#bare');
    expect(ib.width).toBeCloseTo(bare.width, 3);
    const [withMargins, without] = textRuns(pages).filter((r) => r.text === 'after');
    expect(withMargins.x).toBeCloseTo(without.x + 40, 3);
  });

  it('adds its margins once to what contains it: a float around it is its margin box wide', async () => {
    const pages = await layoutHtml(`${STYLE}<div id="f" style="float: left"><span id="ib" style="display: inline-block; margin: 0 15px">box</span></div>`);
    expect(findBox(pages, '#f').width).toBeCloseTo(findBox(pages, '#ib').width + 30, 3);
  });
});

describe('min-content of content holding inline-blocks', () => {
  it('a table column holding an inline-block of several words can be as narrow as its longest word', async () => {
    const pages = await layoutHtml(`${STYLE}<table style="width: 300px; border-collapse: collapse"><tr><td id="text" style="padding: 0">aaa bbb ccc ddd eee fff ggg hhh</td><td id="code" style="padding: 0"><code style="display: inline-block">(thisCommand, actionCommand)</code></td></tr></table>`);
    const code = findBox(pages, 'code');
    // It wraps inside the inline-block, as in Chromium, rather than keeping the whole line.
    expect(code.height).toBe(40);
    expect(findBox(pages, '#text').width).toBeGreaterThan(findBox(pages, '#code').width - 60);
  });

  it('a shrink-to-fit float goes no narrower than the longest word of its inline-block', async () => {
    const pages = await layoutHtml(`${STYLE}<div style="width: 10px"><div id="f" style="float: left"><span id="ib" style="display: inline-block">wrap inside me</span></div></div>`);
    const ib = findBox(pages, '#ib');
    expect(ib.height).toBe(60);
    expect(findBoxes(pages, '#f')[0].width).toBeCloseTo(ib.width, 3);
  });

  it('an inline-block with a length width keeps it at min-content', async () => {
    const pages = await layoutHtml(`${STYLE}<div style="width: 10px"><div id="f" style="float: left"><span style="display: inline-block; width: 120px">a b</span></div></div>`);
    expect(findBox(pages, '#f').width).toBe(120);
  });
});

describe('percentage widths of inline-blocks in intrinsic sizes', () => {
  it('count as auto while a table column is measured, then resolve against the column (istanbul\'s line counts)', async () => {
    // Each span is 100% wide once laid out, but the column is as wide as the spans side by side.
    const html = '<!DOCTYPE html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } td { padding: 0 }'
      + ' span { display: inline-block; width: 100%; padding: 0 5px; box-sizing: border-box }</style>'
      + '<table cellspacing=0><tr><td id=c><span id=s1>1x</span> <span>2x</span></td><td>code</td></tr></table>';
    const pages = await layoutHtml(html);
    const width = findBox(pages, '#c').width;
    // Two spans of 2 × 9.6 + 10 px and a space of 9.6px.
    expect(width).toBeCloseTo(2 * (2 * 9.6 + 10) + 9.6, 1);
    expect(findBox(pages, '#s1').width).toBeCloseTo(width, 1);
  });

  it('count their content\'s min-content at min-content, so a long text wraps inside a narrow table (MJML columns)', async () => {
    const html = '<!DOCTYPE html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px Cousine }</style>'
      + '<div style="max-width: 300px"><table id=t style="width: 100%"><tr><td><div style="display: inline-block; width: 100%">'
      + 'a long line of words that would be far wider than the column on one line</div></td></tr></table></div>';
    expect(findBox(await layoutHtml(html), '#t').width).toBe(300);
  });
});
