// ::first-line: the first line of a block laid out and painted in the pseudo-element's style (its
// inline elements inheriting from it), the rest of the block in its own, as Chromium prints it.
import { describe, expect, it } from 'vitest';
import { fragmentsOfKind, lineBoxes, layoutHtml, textRuns } from '../../src/testing/render.js';

const STYLE = '<!doctype html><style>body { margin: 0; font: 16px/20px serif } p { width: 300px; margin: 0 }</style>';
const WORDS = 'A first paragraph whose first line is styled, <em>with emphasis</em> that runs on past the first line into the second and third lines.';

describe('::first-line', () => {
  it('lays the first line out in its font, the rest in the block\u2019s', async () => {
    const pages = await layoutHtml(`${STYLE}<style>p::first-line { font-size: 24px; line-height: 30px }</style><p>${WORDS}</p>`);
    const lines = lineBoxes(pages, 'p');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0].height).toBe(30);
    expect(lines.slice(1).every((l) => l.height === 20)).toBe(true);
    const runs = textRuns(pages);
    const firstBaseline = runs[0].baseline;
    expect(runs.filter((r) => r.baseline === firstBaseline).every((r) => r.size === 24)).toBe(true);
    expect(runs.filter((r) => r.baseline !== firstBaseline).every((r) => r.size === 16)).toBe(true);
  });

  it('keeps every word once, in order, across the two layouts', async () => {
    const pages = await layoutHtml(`${STYLE}<style>p::first-line { font-weight: bold }</style><p>${WORDS}</p>`);
    // (Spaces at line ends hang and are not drawn: compared without white space.)
    const text = textRuns(pages).map((r) => r.text).join('').replace(/\s+/g, '');
    expect(text).toBe(WORDS.replace(/<\/?em>/g, '').replace(/\s+/g, ''));
  });

  it('its inline elements inherit from it: an <em> on the first line is bold there and not after', async () => {
    const pages = await layoutHtml(`${STYLE}<style>p::first-line { font-weight: bold }</style><p>Short <em>emphasis</em> then many more words so that the emphasis <em>again</em> lands on a later line of this paragraph.</p>`);
    const ems = textRuns(pages).filter((r) => r.text === 'emphasis' || r.text === 'again');
    expect(ems[0].font).toMatch(/bold/i);
    expect(ems[ems.length - 1].font).not.toMatch(/bold/i);
  });

  it('applies its text-transform to the first line only', async () => {
    const pages = await layoutHtml(`${STYLE}<style>p::first-line { text-transform: uppercase }</style><p>${WORDS}</p>`);
    const runs = textRuns(pages);
    expect(runs[0].text).toBe(runs[0].text.toUpperCase());
    expect(runs[runs.length - 1].text).not.toBe(runs[runs.length - 1].text.toUpperCase());
  });

  it('holds a drop cap: the floated ::first-letter takes the first line\u2019s style, lines wrap around it, every word once', async () => {
    const html = `${STYLE}<style>p::first-letter { float: left; font-size: 48px; line-height: 1 } p::first-line { font-weight: bold }</style><p>${WORDS}</p>`;
    const pages = await layoutHtml(html);
    const [cap] = fragmentsOfKind(pages, 'box').filter((b) => b.fragment.kind === 'box' && b.fragment.box.pseudo === 'first-letter');
    expect(cap).toBeDefined();
    const runs = textRuns(pages);
    const letter = runs.find((r) => r.size === 48)!;
    expect(letter.text).toBe('A');
    expect(letter.font).toMatch(/bold/i);
    const lines = lineBoxes(pages, 'p');
    const firstBaseline = runs.find((r) => r.size === 16)!.baseline;
    const body = runs.filter((r) => r.size === 16);
    expect(body.filter((r) => r.baseline === firstBaseline).every((r) => /bold/i.test(r.font))).toBe(true);
    expect(body.filter((r) => r.baseline !== firstBaseline).every((r) => !/bold/i.test(r.font))).toBe(true);
    // The second line still wraps beside the 48px cap; a later one starts at the block's left.
    const left = Math.min(...lines.map((l) => l.x));
    const starts = [...new Set(body.map((r) => r.baseline))].map((b) => Math.min(...body.filter((r) => r.baseline === b).map((r) => r.x)));
    expect(starts[1]).toBeGreaterThan(left + 20);
    expect(Math.min(...starts)).toBeCloseTo(left, 3);
    expect(runs.filter((r) => r.size !== 48).map((r) => r.text).join('').replace(/\s+/g, '')).toBe(WORDS.replace(/<\/?em>/g, '').replace(/\s+/g, '').slice(1));
  });

  it('styles ::before content and an inline ::first-letter with the first line, beside images and floats', async () => {
    const img = '<img src="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%2710%27 height=%2710%27/%3E" width="10" height="10">';
    const html = `${STYLE}<style>p::before { content: "\\00A7 1. " } p::first-letter { font-size: 24px } p::first-line { font-weight: bold } span { float: right; width: 40px; height: 40px }</style><p><span></span>Text with ${img} an image, then words that run on to a second line of the paragraph.</p>`;
    const runs = textRuns(await layoutHtml(html));
    const first = runs[0];
    // (The escape's own space ends it: the content is "§1. ", whose first letter is "§1.".)
    expect(first.text).toBe('\u00A71.');
    expect(first.size).toBe(24);
    expect(first.font).toMatch(/bold/i);
    const lineOne = runs.filter((r) => r.baseline === runs[1].baseline);
    expect(lineOne.map((r) => r.text).join('')).toMatch(/^\u00A71\. Text with/);
    expect(lineOne.every((r) => /bold/i.test(r.font))).toBe(true);
    expect(runs.some((r) => !/bold/i.test(r.font))).toBe(true);
  });
});
