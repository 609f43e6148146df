// ::first-letter: the first letter of a block's first line (with the punctuation around it) in a
// box of its own, inline or floated as a drop cap, as Chromium prints it.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, fragmentsOfKind, layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';

const STYLE = '<!doctype html><style>body { margin: 0; font: 16px/20px serif }</style>';

describe('::first-letter', () => {
  it('styles the first letter and the punctuation around it; the PDF text reads on', async () => {
    const html = `${STYLE}<style>p::first-letter { font-size: 32px; color: #a00 }</style><p>“Quoted” text follows.</p>`;
    const runs = textRuns(await layoutHtml(html));
    expect(runs.map((r) => [r.text, r.size])).toEqual([['“Q', 32], ['uoted” text follows.', 16]]);
    const { pages } = await readPdf(await renderPdf(html));
    expect(pages[0].text.replace(/\s+/g, ' ').trim()).toBe('“Quoted” text follows.');
  });

  it('floated, makes a drop cap the next lines wrap around', async () => {
    const words = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.';
    const pages = await layoutHtml(`${STYLE}<style>p { width: 400px } p::first-letter { float: left; font-size: 60px; line-height: 1; margin-right: 6px }</style><p>${words}</p>`);
    const [cap] = fragmentsOfKind(pages, 'box').filter((b) => b.fragment.kind === 'box' && b.fragment.box.pseudo === 'first-letter');
    const left = findBox(pages, 'p').x;
    expect(cap.x).toBe(left);
    const starts = textRuns(pages).filter((r) => r.size === 16).map((r) => r.x - left);
    // The lines beside the 60px cap start after it and its margin; those below it at the left edge.
    expect(starts[0]).toBeCloseTo(cap.width + 6, 3);
    expect(lineBoxes(pages, 'p').length).toBeGreaterThan(3);
    expect(Math.min(...starts)).toBe(0);
  });

  it('finds the first letter inside inline elements and a first child block, past leading white space', async () => {
    const pages = await layoutHtml(`${STYLE}<style>div::first-letter { font-size: 24px }</style><div>  <p>  <em>  inside</em> text</p><p>second</p></div>`);
    const runs = textRuns(pages).filter((r) => r.size === 24);
    expect(runs.map((r) => r.text)).toEqual(['i']);
    // It inherits from the <em> whose text it takes.
    expect(runs[0].font).toMatch(/italic/i);
  });

  it('applies its own text-transform, and in a table cell', async () => {
    const pages = await layoutHtml(`${STYLE}<style>td::first-letter { text-transform: uppercase; font-weight: bold }</style><table><tr><td>cell</td></tr></table>`);
    expect(textRuns(pages).map((r) => r.text)).toEqual(['C', 'ell']);
  });

  it('makes no box without a rule, or when the first line starts with an image or a line break', async () => {
    expect(textRuns(await layoutHtml(`${STYLE}<p>plain</p>`)).map((r) => r.text)).toEqual(['plain']);
    const broken = await layoutHtml(`${STYLE}<style>p::first-letter { font-size: 30px }</style><p><br>after a break</p>`);
    expect(textRuns(broken).every((r) => r.size === 16)).toBe(true);
  });

  it('takes punctuation and spaces before the letter with it, and punctuation alone when the letter is in the next box, as Chromium', async () => {
    const big = async (body: string, extra = ''): Promise<string[]> => {
      const runs = textRuns(await layoutHtml(`${STYLE}<style>p::first-letter { font-size: 32px } ${extra}</style><p>${body}</p>`));
      return runs.filter((r) => r.size === 32).map((r) => r.text);
    };
    expect(await big('\u201C Spaced quote')).toEqual(['\u201C S']);
    expect(await big('\u2014 Dash first')).toEqual(['\u2014 D']);
    expect(await big('( A ) parens')).toEqual(['( A']);
    expect(await big('<span>\u201C</span>Quoted')).toEqual(['\u201C']);
    expect(await big('Quoted', 'p::before { content: "\\201C" }')).toEqual(['\u201C']);
    // No letter follows on the first line: no first letter.
    expect(await big('...')).toEqual([]);
    expect(await big('\u201C<br>Quote')).toEqual([]);
  });
});
