// ::first-line: the first line of a block laid out and painted in the pseudo-element's style (its
// inline elements inheriting from it), the rest of the block in its own, as Chromium prints it.
import { describe, expect, it } from 'vitest';
import { lineBoxes, layoutHtml, textRuns } from '../../src/testing/render.js';

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
});
