// Where an outside list marker goes when a list item does not start with a paragraph (decision
// 0416), as Chromium 156 prints the cases below (each checked against it with reference-pdf.mjs).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns, type FoundRun } from '../../src/testing/render.js';

const STYLE = '<!DOCTYPE html><style>body { font: 16px/20px Arial; margin: 0 } li { padding: 5px; border: 1px solid }</style>';

async function item(body: string): Promise<{ markers: FoundRun[]; runs: FoundRun[]; pages: Awaited<ReturnType<typeof layoutHtml>> }> {
  const pages = await layoutHtml(`${STYLE}<ul>${body}</ul>`);
  const all = textRuns(pages);
  return { markers: all.filter((r) => r.text.trim() === '•' || r.text.trim() === '◦'), runs: all.filter((r) => !/^[•◦]\s*$/.test(r.text)), pages };
}

function runOf(runs: readonly FoundRun[], text: string): FoundRun {
  const run = runs.find((r) => r.text.startsWith(text));
  if (run === undefined) throw new Error(`no run ${text}`);
  return run;
}

describe('outside list markers beside children that are not paragraphs', () => {
  it.each([
    ['a flex container', '<div style="display:flex">Flex text</div>'],
    ['a grid container', '<div style="display:grid">Grid text</div>'],
    ['a table of baseline-aligned cells', '<div style="display:table">Table text</div>after'],
    ['a scroll container', '<div style="overflow:hidden">Clipped text</div>'],
    ['a flex item padded down', '<div style="display:flex"><div style="padding-top:20px">Padded text</div></div>'],
  ])('sits on the first baseline of %s', async (_name, content) => {
    const { markers, runs } = await item(`<li>${content}</li>`);
    expect(markers).toHaveLength(1);
    expect(markers[0]!.baseline).toBeCloseTo(runs[0]!.baseline, 3);
  });

  it('is the list item\'s, not clipped by a first child that clips its overflow', async () => {
    const { pages } = await item('<li><div id="clip" style="overflow:hidden">Clipped text</div></li>');
    expect(textRuns(pages, '#clip').some((r) => r.text.trim() === '•')).toBe(false);
    expect(lineBoxes(pages, 'li').some((line) => line.marker.trim() === '•')).toBe(true);
  });

  it('passes over children without a baseline to the first with one', async () => {
    for (const first of ['<div></div>', '<div style="height:40px"></div>', '<img style="display:block;width:40px;height:30px" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">', '<div style="display:table;height:30px"></div>']) {
      const { markers, runs } = await item(`<li>${first}<div>Next text</div></li>`);
      expect(markers, first).toHaveLength(1);
      expect(markers[0]!.baseline, first).toBeCloseTo(runOf(runs, 'Next').baseline, 3);
    }
  });

  it('on a table of middle-aligned cells, sits on the bottom of the first row\'s content', async () => {
    const { markers, runs, pages } = await item('<li><table style="border-spacing:0"><tr><td style="padding:0">Cell text</td></tr></table></li>');
    const row = findBox(pages, 'tr');
    expect(markers[0]!.baseline).toBeCloseTo(row.y + row.height, 3);
    expect(markers[0]!.baseline).toBeGreaterThan(runOf(runs, 'Cell').baseline);
  });

  it('pushes the content down when a clearfix table before it leaves its baseline at the top', async () => {
    const plain = await item('<li><div>Content</div></li>');
    const clearfix = await layoutHtml(`${STYLE}<style>.cf::before { content: " "; display: table }</style><ul><li class="cf"><div>Content</div></li></ul>`);
    const runs = textRuns(clearfix);
    const marker = runs.find((r) => r.text.trim() === '•')!;
    const content = runOf(runs, 'Content');
    // Chromium: the marker's line (20px, baseline 15px down) starts at the content's top, which moves down by 15px.
    const li = findBox(clearfix, 'li');
    expect(marker.baseline).toBeCloseTo(li.y + 6 + 15, 0);
    expect(content.baseline - runOf(plain.runs, 'Content').baseline).toBeCloseTo(15, 0);
  });

  it('with no baseline in the item at all, sits at its content\'s top', async () => {
    const { markers, pages } = await item('<li><div style="height:40px"></div></li>');
    const li = findBox(pages, 'li');
    expect(markers).toHaveLength(1);
    expect(markers[0]!.baseline).toBeCloseTo(li.y + 6 + 15, 0);
    expect(li.height).toBeCloseTo(52, 3);
  });

  it('shows both markers when an item starts with a nested list', async () => {
    const { markers, runs, pages } = await item('<li id="outer"><ul><li id="inner">Nested</li></ul></li>');
    expect(markers.map((m) => m.text.trim()).sort()).toEqual(['•', '◦']);
    const nested = runOf(runs, 'Nested');
    for (const marker of markers) expect(marker.baseline).toBeCloseTo(nested.baseline, 3);
    // The outer marker hangs left of the outer item's content, the inner one left of the inner's.
    const [outer, inner] = [findBox(pages, 'li#outer'), findBox(pages, 'li#inner')];
    const disc = markers.find((m) => m.text.trim() === '•')!;
    const circle = markers.find((m) => m.text.trim() === '◦')!;
    expect(disc.x).toBeLessThan(outer.x);
    expect(circle.x).toBeLessThan(inner.x);
    expect(circle.x).toBeGreaterThan(outer.x);
  });
});

describe('tables without rows', () => {
  it('take their width and height (standards mode) and no border-spacing', async () => {
    const pages = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div id="a" style="display:table;height:30px;width:50px"></div><div id="b" style="display:table;height:30px;padding:3px"></div><div id="c" style="display:table;height:30px;width:20px;border:2px solid;border-spacing:5px"></div><table id="d" style="height:30px;width:50px"></table>');
    const size = (id: string): [number, number] => { const b = findBox(pages, `#${id}`); return [b.width, b.height]; };
    expect(size('a')).toEqual([50, 30]);
    expect(size('b')).toEqual([6, 36]);
    expect(size('c')).toEqual([24, 34]);
    expect(size('d')).toEqual([50, 30]);
  });

  it('have no height in quirks mode', async () => {
    const pages = await layoutHtml('<body style="margin:0"><div id="a" style="display:table;height:30px;width:50px"></div>');
    const box = findBox(pages, '#a');
    expect([box.width, box.height]).toEqual([50, 0]);
  });
});

describe('breaks between inline blocks', () => {
  it('follow the white-space of the box they sit in, not their own', async () => {
    const pages = await layoutHtml('<!DOCTYPE html><style>body { font: 16px Arial } ul { width: 100px; padding: 0 } li { display: inline-block; white-space: nowrap }</style><ul id="wraps"><li>Alpha one\n</li><li>Beta two\n</li><li>Gamma three\n</li></ul><ul id="nowrap" style="white-space:nowrap"><li>Alpha</li><li>Beta</li><li>Gamma three</li></ul>');
    // The first list wraps its three items onto three lines; the nowrap list keeps them on one.
    const listLines = (id: string) => lineBoxes(pages, id).filter((l) => l.fragment.children.some((c) => c.kind === 'box'));
    expect(listLines('#wraps')).toHaveLength(3);
    expect(listLines('#nowrap')).toHaveLength(1);
  });
});
