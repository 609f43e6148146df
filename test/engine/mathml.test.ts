// MathML in HTML (decision 0404): MathML Core's text rules in the box tree, its layout approximated
// by the user-agent stylesheet, as Chromium 156 prints it with the Liberation and DejaVu faces.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, layoutHtml, renderPdf, textRuns } from '../../src/testing/render.js';

const doc = (math: string): string => `<!DOCTYPE html><style>body { margin: 0; font: 20px/30px serif } p { margin: 0 }</style><p id=p>x ${math} y</p>`;

describe('MathML text', () => {
  it('shows only the token elements\' text, trimmed, not the white space between elements', async () => {
    const runs = textRuns(await layoutHtml(doc('<math>\n  <mrow>\n    <mi> a </mi>\n    <mo>+</mo>\n    <mn>12</mn>\n  </mrow>\n</math>')));
    expect(runs.map((r) => r.text)).toEqual(['x ', '𝑎', '+', '12', ' y']);
  });

  it('prints a one-letter identifier in mathematical italic, others and mathvariant="normal" upright', async () => {
    const runs = textRuns(await layoutHtml(doc('<math><mi>h</mi><mi>x</mi><mi>sin</mi><mi mathvariant="normal">d</mi><mi>θ</mi></math>')));
    expect(runs.map((r) => r.text).slice(1, -1)).toEqual(['ℎ', '𝑥', 'sin', 'd', '𝜃']);
  });

  it('draws the italic letters from DejaVu Math TeX Gyre and the rest in the standard font, as Chromium does', async () => {
    const pdf = await readPdf(await renderPdf(doc('<math><mi>a</mi><mo>=</mo><mn>2</mn></math>')));
    expect(pdf.pages[0].text).toContain('𝑎');
    expect(pdf.fontNames.some((name) => name.includes('DejaVuMathTeXGyre'))).toBe(true);
    expect(pdf.fontNames.some((name) => name.includes('Tinos'))).toBe(true);
  });

  it('spaces operators by MathML Core\'s dictionary: relations thick, binary operators medium, commas after, prefix signs none', async () => {
    const runs = textRuns(await layoutHtml(doc('<math><mo>−</mo><mi>a</mi><mo>=</mo><mi>b</mi><mo>+</mo><mi>c</mi><mo>,</mo><mi>d</mi></math>')));
    const at = (text: string): (typeof runs)[number] => runs.find((r) => r.text === text)!;
    const gapBefore = (text: string, previous: string): number => at(text).x - (at(previous).x + at(previous).width);
    expect(gapBefore('𝑎', '−')).toBeCloseTo(0, 1);
    expect(gapBefore('=', '𝑎')).toBeCloseTo((20 * 5) / 18, 1);
    expect(gapBefore('𝑏', '=')).toBeCloseTo((20 * 5) / 18, 1);
    expect(gapBefore('+', '𝑏')).toBeCloseTo((20 * 4) / 18, 1);
    expect(gapBefore(',', '𝑐')).toBeCloseTo(0, 1);
    expect(gapBefore('𝑑', ',')).toBeCloseTo((20 * 3) / 18, 1);
  });

  it('hides annotations and all but the first child of semantics', async () => {
    const runs = textRuns(await layoutHtml(doc('<math><semantics><mi>a</mi><annotation encoding="application/x-tex">a</annotation></semantics></math>')));
    expect(runs.map((r) => r.text)).toEqual(['x ', '𝑎', ' y']);
  });
});

describe('MathML layout', () => {
  it('raises a superscript and lowers a subscript, at 71% of the base\'s size', async () => {
    const sup = textRuns(await layoutHtml(doc('<math><msup><mi>a</mi><mn>2</mn></msup></math>')));
    const [base, script] = [sup.find((r) => r.text === '𝑎')!, sup.find((r) => r.text === '2')!];
    expect(script.size).toBeCloseTo(20 * 0.71, 1);
    expect(base.baseline - script.baseline).toBeCloseTo(20 * 0.459, 0);
    const sub = textRuns(await layoutHtml(doc('<math><msub><mi>a</mi><mn>2</mn></msub></math>')));
    expect(sub.find((r) => r.text === '2')!.baseline - sub.find((r) => r.text === '𝑎')!.baseline).toBeCloseTo(20 * 0.24, 0);
  });

  it('stacks a fraction\'s numerator over its denominator, a rule between them', async () => {
    const pages = await layoutHtml(doc('<math><mfrac id=f><mi id=num>a</mi><mi>b</mi></mfrac></math>'));
    const runs = textRuns(pages);
    const [a, b] = [runs.find((r) => r.text === '𝑎')!, runs.find((r) => r.text === '𝑏')!];
    expect(b.baseline).toBeGreaterThan(a.baseline + 10);
    const numerator = findBox(pages, '#num').fragment;
    expect('border' in numerator ? numerator.border.bottom : 0).toBeGreaterThan(0);
    // The fraction stays in the line of text around it.
    expect(findBox(pages, '#f').page).toBe(0);
  });

  it('centres display="block" math on a line of its own', async () => {
    const pages = await layoutHtml('<!DOCTYPE html><style>body { margin: 0; width: 400px; font: 20px serif }</style>before<math display="block" id=m><mi>E</mi></math>after');
    const m = findBox(pages, '#m');
    expect(m.width).toBe(400);
    const [e] = textRuns(pages).filter((r) => r.text === '𝐸');
    expect(Math.abs(e.x + e.width / 2 - (m.x + 200))).toBeLessThan(1);
  });
});

describe('MathML limits', () => {
  it('sets a large operator\'s limits as scripts in inline math, stacked in display math', async () => {
    const sum = '<munderover><mo>∑</mo><mi>i</mi><mi>n</mi></munderover>';
    const inline = textRuns(await layoutHtml(doc(`<math>${sum}</math>`)));
    const [op, under, over] = ['∑', '𝑖', '𝑛'].map((t) => inline.find((r) => r.text === t)!);
    expect(under.x).toBeGreaterThan(op.x + op.width - 0.01);
    expect(under.baseline).toBeGreaterThan(op.baseline);
    expect(over.baseline).toBeLessThan(op.baseline);
    const display = textRuns(await layoutHtml(`<!DOCTYPE html><style>body { margin: 0; font: 20px/30px serif }</style><math display="block">${sum}</math>`));
    const [dop, dunder, dover] = ['∑', '𝑖', '𝑛'].map((t) => display.find((r) => r.text === t)!);
    expect(dunder.x).toBeLessThan(dop.x + dop.width);
    expect(dunder.baseline).toBeGreaterThan(dop.baseline + 5);
    expect(dover.baseline).toBeLessThan(dop.baseline - 5);
  });
});
