// Opacity on inline boxes: what an inline box holds on a line is composited as one group, as
// Chromium composites an inline element with opacity below 1 (it is a stacking context there).
import { describe, expect, it } from 'vitest';
import type { PaintCall } from '../../src/testing/paint-spy.js';
import { assertPixels, paintHtml, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const BLOCK = 'display: inline-block; vertical-align: top; width: 2px; height: 2px; background: red';

/** The paint calls as a short script: group opacity, text, group end. */
function script(calls: readonly PaintCall[]): string[] {
  const out: string[] = [];
  for (const call of calls) {
    if (call.method === 'beginGroup') out.push(`group ${call.args[0]}`);
    else if (call.method === 'endGroup') out.push('end');
    else if (call.method === 'text') out.push(call.args[0].text.trim());
  }
  return out.filter((s) => s !== '');
}

describe('opacity on inline boxes', () => {
  it('paints the text of an inline box with opacity inside one group with that opacity', async () => {
    const spy = await paintHtml('<p>Normal <span style="opacity: 0.3">faded <b>bold</b></span> after</p>');
    expect(script(spy.calls)).toEqual(['Normal', 'group 0.3', 'faded', 'bold', 'end', 'after']);
  });

  it('nests the groups of nested inline boxes with opacity', async () => {
    const spy = await paintHtml('<p><span style="opacity: 0.5">a <span style="opacity: 0.5">b</span> c</span></p>');
    expect(script(spy.calls)).toEqual(['group 0.5', 'a', 'group 0.5', 'b', 'end', 'c', 'end']);
  });

  it('groups each line of an inline box that wraps, and leaves justified text in its group', async () => {
    const spy = await paintHtml('<p style="width: 120px; text-align: justify; font: 16px Arial">x <span style="opacity: 0.5">one two three four five six</span> y</p>');
    const calls = script(spy.calls);
    const groups = calls.filter((s) => s.startsWith('group')).length;
    expect(groups).toBeGreaterThan(1);
    expect(calls.filter((s) => s === 'end')).toHaveLength(groups);
    expect(calls[0]).toBe('x');
    expect(calls.at(-1)).toBe('y');
  });

  it('keeps faded text in the PDF for readers', async () => {
    const { pages } = await readPdf(await renderPdf('<p>Normal <span style="opacity: 0.3">faded words</span> after</p>'));
    expect(pages[0].text).toContain('Normal faded words after');
  });

  it('writes every group as a form with a stream, an empty inline box\'s too (poppler reads it without error)', async () => {
    const pdf = Buffer.from(await renderPdf('<p>Before <a href="#p" style="opacity: 0.5"></a> after <span style="opacity: 0.5">x</span></p>')).toString('latin1');
    const forms = [...pdf.matchAll(/\/Subtype \/Form[\s\S]*?endobj/g)].map((m) => m[0]);
    expect(forms.length).toBe(2);
    for (const form of forms) expect(form).toContain('stream');
  });

  it('paints no group for a line without opacity', async () => {
    const spy = await paintHtml('<p>plain <span>text</span></p>');
    expect(spy.calls.some((c) => c.method === 'beginGroup')).toBe(false);
  });
});

describe.skipIf(skipPixelTests())('opacity on inline boxes, pixels', () => {
  it('fades the inline-blocks inside an inline box with opacity', async () => {
    await assertPixels(pixelPage(4, 2, 'div { font-size: 0; line-height: 0 }',
      `<div><span style="opacity: 0.5"><span style="${BLOCK}"></span><span style="${BLOCK}"></span></span></div>`), `
      pppp
      pppp
    `);
  });

  it('composites the inline box as one group: what overlaps inside it does not darken', async () => {
    await assertPixels(pixelPage(4, 2, 'div { font-size: 0; line-height: 0 }',
      `<div><span style="opacity: 0.5"><span style="${BLOCK}; width: 3px"></span><span style="${BLOCK}; margin-left: -2px; width: 3px"></span></span></div>`), `
      pppp
      pppp
    `);
  });
});
