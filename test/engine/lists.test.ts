// List items and markers: list-style-type, -position, -image, ::marker, ol start/reversed, li value.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import type { BoxFragment } from '../../src/engine/layout/fragments.js';
import { dataUri, findBox, findBoxes, layoutHtml, lineBoxes, paintHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 2000px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

/** The outside marker of each li, in order. */
async function markers(body: string, css = ''): Promise<string[]> {
  const pages = await layoutHtml(page(body, css));
  return findBoxes(pages, 'li').map((li) => {
    const lines = lineBoxes([{ ...pages[li.page], root: li.fragment as never }]);
    return lines[0]?.marker ?? '';
  });
}

const items = (n: number, attrs = ''): string => Array.from({ length: n }, (_, i) => `<li ${attrs}>item ${i + 1}</li>`).join('');

describe('list-style-type', () => {
  it('draws a disc before each ul item', async () => {
    expect(await markers(`<ul>${items(2)}</ul>`)).toEqual(['• ', '• ']);
  });

  it('numbers ol items with decimal and a ". " suffix', async () => {
    expect(await markers(`<ol>${items(3)}</ol>`)).toEqual(['1. ', '2. ', '3. ']);
  });

  it('uses circle, then square for nested uls', async () => {
    const pages = await layoutHtml(page('<ul><li>a<ul><li id=b>b<ul><li id=c>c</li></ul></li></ul></li></ul>'));
    expect(lineBoxes(pages, '#b')[0].marker).toBe('◦ ');
    expect(lineBoxes(pages, '#c')[0].marker).toBe('■ ');
  });

  it.each([
    ['disc', '• '],
    ['circle', '◦ '],
    ['square', '■ '],
    ['decimal', '4. '],
    ['decimal-leading-zero', '04. '],
    ['lower-alpha', 'd. '],
    ['upper-alpha', 'D. '],
    ['lower-latin', 'd. '],
    ['upper-latin', 'D. '],
    ['lower-roman', 'iv. '],
    ['upper-roman', 'IV. '],
    ['lower-greek', 'δ. '],
  ])('list-style-type: %s', async (type, expected) => {
    const result = await markers(`<ol style="list-style-type:${type}">${items(4)}</ol>`);
    expect(result[3]).toBe(expected);
  });

  it('draws no marker for list-style-type: none', async () => {
    expect(await markers(`<ul style="list-style:none">${items(2)}</ul>`)).toEqual(['', '']);
  });

  it('uses a string as the whole marker', async () => {
    expect(await markers(`<ul style="list-style-type:'→ '">${items(1)}</ul>`)).toEqual(['→ ']);
  });

  it('goes past z with two letters and past 3999 in decimal for roman', async () => {
    expect((await markers(`<ol start=27 style="list-style-type:lower-alpha">${items(1)}</ol>`))[0]).toBe('aa. ');
    expect((await markers(`<ol start=4000 style="list-style-type:upper-roman">${items(1)}</ol>`))[0]).toBe('4000. ');
  });

  it('counts leading zeros for negative values as plain decimal', async () => {
    expect(await markers(`<ol start=-1 style="list-style-type:decimal-leading-zero">${items(2)}</ol>`)).toEqual(['-1. ', '00. ']);
  });
});

describe('ol numbering', () => {
  it('starts at the start attribute', async () => {
    expect(await markers(`<ol start=5>${items(3)}</ol>`)).toEqual(['5. ', '6. ', '7. ']);
  });

  it('counts down from the item count with reversed', async () => {
    expect(await markers(`<ol reversed>${items(3)}</ol>`)).toEqual(['3. ', '2. ', '1. ']);
  });

  it('counts down from start with reversed and start', async () => {
    expect(await markers(`<ol reversed start=10>${items(3)}</ol>`)).toEqual(['10. ', '9. ', '8. ']);
  });

  it('takes an li value and continues from it', async () => {
    expect(await markers('<ol><li>a</li><li value=10>b</li><li>c</li></ol>')).toEqual(['1. ', '10. ', '11. ']);
  });

  it('takes the type attribute of ol and ul', async () => {
    expect(await markers(`<ol type=a>${items(2)}</ol>`)).toEqual(['a. ', 'b. ']);
    expect(await markers(`<ol type=I start=3>${items(1)}</ol>`)).toEqual(['III. ']);
    expect(await markers(`<ul type=square>${items(1)}</ul>`)).toEqual(['■ ']);
  });

  it('neither marks nor counts an li that is not display: list-item', async () => {
    const pages = await layoutHtml(page('<ol><li>a</li><li style="display:block">b</li><li>c</li></ol>'));
    expect(lineBoxes(pages).map((l) => l.marker)).toEqual(['1. ', '', '2. ']);
  });

  it('does not count items with display: none', async () => {
    expect(await markers('<ol><li>a</li><li style="display:none">b</li><li>c</li></ol>')).toEqual(['1. ', '2. ']);
  });

  it('numbers each nested list on its own', async () => {
    const pages = await layoutHtml(page('<ol><li>a<ol><li>x</li><li id=y>y</li></ol></li><li id=b>b</li></ol>'));
    expect(lineBoxes(pages, '#y')[0].marker).toBe('2. ');
    expect(lineBoxes(pages, '#b')[0].marker).toBe('2. ');
  });

  it('lets counter-reset and counter-increment of list-item drive the numbers', async () => {
    expect(await markers(`<ol style="counter-reset:list-item 10">${items(2)}</ol>`)).toEqual(['11. ', '12. ']);
    expect(await markers(`<ol>${items(3, 'style="counter-increment:list-item 2"')}</ol>`)).toEqual(['2. ', '4. ', '6. ']);
  });

  it('numbers display: list-item elements outside lists', async () => {
    expect(await markers('<div style="display:list-item;list-style-type:decimal;margin-left:40px">a</div>')).toEqual([]);
    const pages = await layoutHtml(page('<div id=d style="display:list-item;list-style-type:decimal;margin-left:40px">a</div>'));
    expect(lineBoxes(pages, '#d')[0].marker).toBe('1. ');
  });
});

describe('marker placement', () => {
  // Chromium 156: an empty item's marker stands on a line as tall as a line of its text would be.
  it.each(['ul', 'ol'])('gives an empty <li> in a <%s> the height of a line', async (list) => {
    const pages = await layoutHtml(page(`<${list} style="margin:0"><li>one</li><li id=e></li></${list}><p id=after style="margin:0">after</p>`));
    expect(findBox(pages, '#e').height).toBe(20);
    expect(findBox(pages, '#after').y).toBe(40);
  });

  it('hangs an outside marker left of the content edge, on the first line\'s baseline', async () => {
    const pages = await layoutHtml(page('<ul style="margin:0"><li id=l>item</li></ul>'));
    const runs = textRuns(pages, '#l');
    const marker = runs.find((r) => r.text === '• ')!;
    const text = runs.find((r) => r.text === 'item')!;
    // Chromium's symbol marker box: 2/3 of Arimo's rounded 16px ascent (14) + 8px before the content edge.
    expect([marker.x, marker.width]).toEqual([40 - 9 - 8, 5 + 2]);
    expect(text.x).toBe(40);
    expect(marker.baseline).toBe(text.baseline);
  });

  it('hangs a text marker so that it ends at the content edge', async () => {
    const pages = await layoutHtml(page('<ol style="margin:0"><li id=l>item</li></ol>'));
    const marker = textRuns(pages, '#l').find((r) => r.text === '1. ')!;
    expect(marker.x + marker.width).toBeCloseTo(40, 5);
  });

  it('paints disc, circle and square markers as shapes sized from the ascent, not as text', async () => {
    const spy = await paintHtml(page('<ul style="margin:0"><li>a</li></ul><ul style="margin:0;list-style-type:circle"><li>b</li></ul><ul style="margin:0;list-style-type:square"><li>c</li></ul>'));
    expect(spy.calls.filter((c) => c.method === 'text').map((c) => c.args[0].text)).toEqual(['a', 'b', 'c']);
    const box = (path: readonly PathCommand[]): number[] => {
      const xs = path.flatMap((p) => ('x' in p ? [p.x] : []));
      const ys = path.flatMap((p) => ('y' in p ? [p.y] : []));
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
    };
    const shapes = spy.calls.filter((c) => c.method === 'fillPath' || c.method === 'strokePath');
    // Baseline 15 (ascent 14, a 1px half-leading): the 5px square starts 7px above it, 1px into the marker box.
    expect(shapes.map((c) => [c.method, ...box(c.args[0])])).toEqual([
      ['fillPath', 24, 8, 5, 5], ['strokePath', 24, 28, 5, 5], ['fillPath', 24, 48, 5, 5],
    ]);
    expect((shapes[0].args[0] as PathCommand[]).some((p) => p.op === 'curve')).toBe(true);
    expect((shapes[2].args[0] as PathCommand[]).some((p) => p.op === 'curve')).toBe(false);
  });

  it('places an inside marker at the start of the first line, pushing the text', async () => {
    const pages = await layoutHtml(page('<ol style="margin:0;list-style-position:inside"><li id=l>item</li></ol>'));
    const [line] = lineBoxes(pages, '#l');
    expect(line.text).toBe('1. item');
    expect(line.marker).toBe('');
    const runs = textRuns(pages, '#l');
    expect(runs[0].x).toBe(40);
    expect(runs[runs.length - 1].x).toBeGreaterThan(40);
  });

  it('lays an inside disc or square out as Blink does: its shape alone, 1px into the start and 1em before the text', async () => {
    const list = (css: string, text: string): string => `<ul style="margin:0;padding-left:40px;list-style-position:inside;${css}"><li>${text}</li></ul>`;
    const spy = await paintHtml(page(list('', 'a') + list('list-style-type:square;font-size:32px;line-height:40px', 'b')));
    const texts = spy.calls.filter((c) => c.method === 'text').map((c) => c.args[0]);
    // The marker is -1px, its width ((2/3 ascent + 1) / 2 + 2: 7px at 16px, 12px at 32px) and 1em.
    expect(texts.map((t) => [t.text, t.x])).toEqual([['a', 62], ['b', 83]]);
    const shapes = spy.calls.filter((c) => c.method === 'fillPath').map((c) => {
      const xs = (c.args[0] as PathCommand[]).flatMap((p) => ('x' in p ? [p.x] : []));
      return [Math.min(...xs), Math.max(...xs) - Math.min(...xs)];
    });
    expect(shapes).toEqual([[40, 5], [40, 10]]);
  });

  it('wraps the lines after the first back to the content edge for inside markers', async () => {
    const pages = await layoutHtml(page('<ul style="margin:0;list-style-position:inside;width:100px"><li id=l>aaaa bbbb cccc</li></ul>'));
    const runs = textRuns(pages, '#l');
    expect(runs[runs.length - 1].x).toBe(40);
  });

  it('puts the marker on the first line of a block child', async () => {
    const pages = await layoutHtml(page('<ul style="margin:0"><li id=l><p style="margin:0">para</p></li></ul>'));
    const [line] = lineBoxes(pages, '#l');
    expect(line.marker).toBe('• ');
    expect(line.text).toBe('para');
  });

  it('shows the marker of an empty item', async () => {
    const pages = await layoutHtml(page('<ol style="margin:0"><li id=l></li></ol>'));
    const runs = textRuns(pages, '#l');
    expect(runs.map((r) => r.text)).toEqual(['1. ']);
    expect(runs[0].x + runs[0].width).toBeCloseTo(40, 5);
  });

  it('uses list-style-image as the marker', async () => {
    const png = dataUri(solidPng(6, 6, [255, 0, 0, 255]), 'image/png');
    const pages = await layoutHtml(page(`<ul style="margin:0;list-style-image:url('${png}')"><li id=l>item</li></ul>`));
    const images = findBoxes(pages, 'li::marker').filter((b) => b.kind === 'replaced');
    expect(images).toHaveLength(1);
    expect(images[0].width).toBe(6);
    // 7px apart from the text, as Blink sets image markers (kCMarkerPaddingPx; Chromium 156's PDF: image at 100px, text at 115px).
    expect(images[0].x + images[0].width).toBeCloseTo(40 - 7, 1);
    const inside = await layoutHtml(page(`<ul style="margin:0;padding:0;list-style:url('${png}') inside"><li id=l>item</li></ul>`));
    const marker = findBoxes(inside, 'li::marker').filter((b) => b.kind === 'replaced')[0]!;
    expect(textRuns(inside, '#l').find((r) => r.text.startsWith('item'))!.x).toBeCloseTo(marker.x + 6 + 7, 1);
  });

  it('shows the marker on the first fragment only when an item breaks across pages', async () => {
    const pages = await layoutHtml(`<style>@page { size: 200px 50px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }</style>
      <ol style="margin:0"><li style="widows:1;orphans:1">a<br>b<br>c</li></ol>`);
    expect(lineBoxes(pages).map((l) => [l.page, l.marker, l.text])).toEqual([[0, '1. ', 'a'], [0, '', 'b'], [1, '', 'c']]);
  });

  it('falls back to list-style-type when the list-style-image is missing', async () => {
    const pages = await layoutHtml(page('<ul style="margin:0;list-style-image:url(missing.png)"><li id=l>item</li></ul>'));
    expect(lineBoxes(pages, '#l')[0].marker).toBe('• ');
  });
});

describe('::marker', () => {
  it('colours the marker', async () => {
    const pages = await layoutHtml(page('<ul><li id=l>item</li></ul>', 'li::marker { color: red }'));
    const runs = textRuns(pages, '#l');
    const marker = runs.find((r) => r.text === '• ')!;
    const text = runs.find((r) => r.text === 'item')!;
    expect(marker.fragment.kind === 'text' && marker.fragment.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(text.fragment.kind === 'text' && text.fragment.style.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('replaces the marker text with content', async () => {
    expect(await markers(`<ol>${items(2)}</ol>`, 'li::marker { content: "(" counter(list-item) ") " }')).toEqual(['(1) ', '(2) ']);
  });

  it('sizes the marker by its own font-size', async () => {
    const pages = await layoutHtml(page('<ul><li id=l>item</li></ul>', 'li::marker { font-size: 32px }'));
    const runs = textRuns(pages, '#l');
    const marker = runs.find((r) => r.text === '• ')!;
    const text = runs.find((r) => r.text === 'item')!;
    expect(marker.size).toBe(32);
    expect(text.size).toBe(16);
    expect(marker.baseline).toBe(text.baseline);
  });

  it('pushes the first line down with a marker taller than it, but does not deepen it, as Chromium does', async () => {
    // Measured in Chromium: a 48px "1." or a marker with line-height 60px moves the item's text
    // down by its extra ascent; the item then ends one text line below that, not below the marker.
    for (const css of ['li::marker { font-size: 48px }', 'li::marker { line-height: 60px }']) {
      const pages = await layoutHtml(page('<ol><li id=a>one</li><li id=b>two</li></ol>', css));
      const item = (p: typeof pages, id: string) => findBox(p, id)!.fragment as BoxFragment;
      const [a, b] = [item(pages, '#a'), item(pages, '#b')];
      const first = textRuns(pages, '#a').find((r) => r.text === 'one')!;
      const plain = await layoutHtml(page('<ol><li id=a>one</li></ol>'));
      const plainItem = item(plain, '#a');
      const plainDescent = plainItem.y + plainItem.height - textRuns(plain, '#a').find((r) => r.text === 'one')!.baseline;
      expect(first.baseline - a.y).toBeGreaterThan(25);
      expect(a.y + a.height - first.baseline).toBeCloseTo(plainDescent, 6);
      expect(b.y).toBeCloseTo(a.y + a.height, 6);
    }
  });
});

describe('<details> and <summary>', () => {
  const STYLE = '<!doctype html><style>body { margin: 0; font: 16px serif }</style>';

  it('draws the summary\u2019s disclosure triangle as a shape, 0.66em, with the text 0.4em after it, as Chromium does', async () => {
    const pages = await layoutHtml(`${STYLE}<details><summary>Closed</summary>hidden</details><details open><summary>Open</summary>shown</details>`);
    const runs = textRuns(pages);
    const [closed, open] = runs.filter((r) => r.fragment.symbol !== undefined);
    expect(closed.fragment.symbol).toMatchObject({ kind: 'disclosure-closed', size: 10.546875 });
    expect(open.fragment.symbol?.kind).toBe('disclosure-open');
    const text = runs.filter((r) => r.fragment.symbol === undefined);
    // Chromium: the summary text starts 16.94px after the content edge (10.55 + 6.4).
    expect(text[0].x - closed.x).toBeCloseTo(10.546875 + 6.4, 3);
    const { pages: read } = await readPdf(await renderPdf(`${STYLE}<details><summary>Closed</summary>hidden</details>`));
    expect(read[0].text.trim()).toBe('Closed');
  });

  it('keeps the summary\u2019s bottom margin apart from a closed <details>\u2019 own, as Chromium\u2019s hidden content box does', async () => {
    const css = '<style>p { margin: 0; line-height: 20px } summary { margin-bottom: 20px; line-height: 20px } details { margin: 0 0 20px }</style>';
    const pages = await layoutHtml(`${STYLE}${css}<details id=c><summary>Closed</summary><p>hidden</p></details><p id=a>after</p><details open><summary>Open</summary><p id=s>shown</p></details><p id=b>after</p>`);
    // Closed: summary 20, its margin 20, then the details' margin 20; open: the margins around the content collapse as usual.
    const top = findBox(pages, '#c').y;
    expect(findBox(pages, '#a').y - top).toBe(60);
    expect(findBox(pages, '#s').y - top).toBe(60 + 20 + 40);
    expect(findBox(pages, '#b').y - top).toBe(60 + 20 + 40 + 20 + 20);
  });

  it('shows only the summary of a closed <details>, text directly inside it included', async () => {
    const runs = textRuns(await layoutHtml(`${STYLE}<details><summary>Sum</summary>loose text<p>para</p></details><details open><summary>Sum2</summary>loose<p>para2</p></details>`));
    expect(runs.filter((r) => r.fragment.symbol === undefined).map((r) => r.text)).toEqual(['Sum', 'Sum2', 'loose', 'para2']);
  });
});

describe('list items across pages', () => {
  // Found by the corpus text round trip: semver's item 11 printed "11." again on the page it went on to.
  it('prints the marker only with the first line, not where the item goes on on the next page', async () => {
    const html = `<style>@page { size: 400px 300px; margin: 20px } p { margin: 0 0 10px }</style>
      <ol start="40"><li><p>First paragraph</p><ol>${items(12)}</ol><p>Continuation</p></li></ol>`;
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0].text).toContain('40.');
    expect(pdf.pages[1].text).toContain('Continuation');
    expect(pdf.pages[1].text).not.toContain('40.');
  });
});
