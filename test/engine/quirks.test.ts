// Quirks mode (a document without a doctype, as parse5 decides it): the rules Chromium's quirks.css adds.
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

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
