// Vertical margin collapsing (CSS 2.1 §8.3.1): siblings, parent and first/last child, empty blocks.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } div { min-height: 0 } ${css}</style>${body}`;

const block = (id: string, style: string): string => `<div id=${id} style="height:10px;${style}"></div>`;

describe('margins between siblings', () => {
  it('collapses two positive margins to the larger one', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:20px') + block('b', 'margin-top:30px')));
    expect(findBox(pages, '#b').y).toBe(10 + 30);
  });

  it('collapses the other way round too', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:30px') + block('b', 'margin-top:20px')));
    expect(findBox(pages, '#b').y).toBe(10 + 30);
  });

  it('adds a negative margin to the largest positive one', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:20px') + block('b', 'margin-top:-5px')));
    expect(findBox(pages, '#b').y).toBe(10 + 15);
  });

  it('uses the most negative of two negative margins', async () => {
    const pages = await layoutHtml(page(`<div style="padding-top:50px">${block('a', 'margin-bottom:-10px')}${block('b', 'margin-top:-20px')}</div>`));
    expect(findBox(pages, '#b').y).toBe(50 + 10 - 20);
  });

  it('collapses the margins of three siblings pairwise', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:10px') + block('b', 'margin:25px 0 5px') + block('c', 'margin-top:8px')));
    expect(findBox(pages, '#b').y).toBe(10 + 25);
    expect(findBox(pages, '#c').y).toBe(10 + 25 + 10 + 8);
  });

  it('resolves percentage margins against the containing block width', async () => {
    const pages = await layoutHtml(page(`<div style="width:200px">${block('a', '')}${block('b', 'margin-top:10%')}</div>`));
    expect(findBox(pages, '#b').y).toBe(10 + 20);
  });

  it('collapses paragraph margins (1em) in normal text', async () => {
    const pages = await layoutHtml(page('<p id=a>one</p><p id=b>two</p>'));
    expect(findBox(pages, '#a').y).toBe(16);
    expect(findBox(pages, '#b').y).toBe(16 + 20 + 16);
  });
});

describe('margins of a parent and its first/last child', () => {
  it('collapses the first child\'s top margin through a parent without border or padding', async () => {
    const pages = await layoutHtml(page(`<div id=p>${block('c', 'margin-top:20px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(20);
    expect(findBox(pages, '#c').y).toBe(20);
    expect(findBox(pages, '#p').height).toBe(10);
  });

  it('collapses parent and first-child top margins to the larger', async () => {
    const pages = await layoutHtml(page(`<div id=p style="margin-top:10px">${block('c', 'margin-top:25px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(25);
    expect(findBox(pages, '#c').y).toBe(25);
  });

  it('collapses through several levels of nesting', async () => {
    const pages = await layoutHtml(page(`<div id=p style="margin-top:5px"><div style="margin-top:15px">${block('c', 'margin-top:10px')}</div></div>`));
    expect(findBox(pages, '#p').y).toBe(15);
    expect(findBox(pages, '#c').y).toBe(15);
  });

  it('does not collapse through a top border', async () => {
    const pages = await layoutHtml(page(`<div id=p style="margin-top:10px;border-top:1px solid">${block('c', 'margin-top:20px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(10);
    expect(findBox(pages, '#c').y).toBe(10 + 1 + 20);
  });

  it('does not collapse through top padding', async () => {
    const pages = await layoutHtml(page(`<div id=p style="padding-top:1px">${block('c', 'margin-top:20px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(0);
    expect(findBox(pages, '#c').y).toBe(21);
  });

  it('does not collapse through a new formatting context (display: flow-root)', async () => {
    const pages = await layoutHtml(page(`<div id=p style="display:flow-root">${block('c', 'margin-top:20px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(0);
    expect(findBox(pages, '#c').y).toBe(20);
    expect(findBox(pages, '#p').height).toBe(30);
  });

  it('collapses the last child\'s bottom margin with the parent\'s and the next sibling\'s', async () => {
    const pages = await layoutHtml(page(`<div id=p style="margin-bottom:5px">${block('c', 'margin-bottom:20px')}</div>${block('n', 'margin-top:12px')}`));
    expect(findBox(pages, '#p').height).toBe(10);
    expect(findBox(pages, '#n').y).toBe(10 + 20);
  });

  it('keeps the last child\'s bottom margin inside a parent with bottom padding', async () => {
    const pages = await layoutHtml(page(`<div id=p style="padding-bottom:1px">${block('c', 'margin-bottom:20px')}</div>${block('n', '')}`));
    expect(findBox(pages, '#p').height).toBe(10 + 20 + 1);
    expect(findBox(pages, '#n').y).toBe(31);
  });

  it('does not collapse the last child\'s bottom margin through a parent with a fixed height', async () => {
    const pages = await layoutHtml(page(`<div id=p style="height:50px">${block('c', 'margin-bottom:20px')}</div>${block('n', '')}`));
    expect(findBox(pages, '#n').y).toBe(50);
  });

  it('collapses the body\'s margin with its first child\'s on the default page', async () => {
    const pages = await layoutHtml('<!DOCTYPE html><p id=p>x</p>');
    // body margin 8px and p margin 16px collapse to 16px below the 75px page margin.
    expect(findBox(pages, '#p').y).toBe(75 + 16);
    expect(findBox(pages, 'body').y).toBe(75 + 16);
  });

  it('never collapses the root element\'s margins with its children\'s', async () => {
    const pages = await layoutHtml('<style>@page { size: 300px 300px; margin: 0 } html { margin-top: 10px } body { margin: 30px 0 }</style><div id=d>x</div>');
    expect(findBox(pages, 'html').y).toBe(10);
    expect(findBox(pages, '#d').y).toBe(40);
  });
});

describe('margins of empty blocks', () => {
  it('collapses an empty block\'s own top and bottom margins with its neighbours', async () => {
    const pages = await layoutHtml(page(block('a', '') + '<div id=e style="margin:10px 0 30px"></div>' + block('b', 'margin-top:20px')));
    expect(findBox(pages, '#b').y).toBe(10 + 30);
  });

  it('collapses through several empty blocks', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:5px') + '<div style="margin:12px 0"></div><div style="margin:18px 0 3px"></div>' + block('b', 'margin-top:7px')));
    expect(findBox(pages, '#b').y).toBe(10 + 18);
  });

  it('does not collapse through an empty block with a height', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:10px') + '<div id=e style="height:1px;margin:10px 0"></div>' + block('b', 'margin-top:10px')));
    expect(findBox(pages, '#e').y).toBe(20);
    expect(findBox(pages, '#b').y).toBe(20 + 1 + 10);
  });

  it('does not collapse through an empty block with a border', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:10px') + '<div id=e style="border-top:2px solid;margin:10px 0"></div>' + block('b', 'margin-top:10px')));
    expect(findBox(pages, '#e').y).toBe(20);
    expect(findBox(pages, '#b').y).toBe(20 + 2 + 10);
  });

  it('does not collapse through an empty block with min-height', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:10px') + '<div id=e style="min-height:4px;margin:10px 0"></div>' + block('b', 'margin-top:10px')));
    expect(findBox(pages, '#b').y).toBe(20 + 4 + 10);
  });

  it('lets an empty first child\'s margins collapse with the parent\'s top margin', async () => {
    const pages = await layoutHtml(page(`<div id=p style="margin-top:5px"><div style="margin-bottom:25px"></div>${block('c', 'margin-top:10px')}</div>`));
    expect(findBox(pages, '#p').y).toBe(25);
    expect(findBox(pages, '#c').y).toBe(25);
  });

it('keeps a fragment for an empty child of an otherwise empty parent', async () => {
    const pages = await layoutHtml(page('<section id=s style="margin:5px 0"><div id=e style="margin:10px 0"></div></section>' + block('b', '')));
    expect(findBox(pages, '#e').y).toBe(10);
    expect(findBox(pages, '#b').y).toBe(10);
  });

  it('collapses negative with positive margins through an empty block', async () => {
    const pages = await layoutHtml(page(block('a', 'margin-bottom:30px') + '<div style="margin:-10px 0 5px"></div>' + block('b', '')));
    expect(findBox(pages, '#b').y).toBe(10 + 30 - 10);
  });
});

describe('floats placed before the margins above them settle (probed in Chromium 156)', () => {
  const float = (id: string, text: string): string => `<div id=${id} style="float:left;width:100px">${text}</div>`;

  it('puts a float that starts a block where the block\u2019s first paragraph brings its top, not above it', async () => {
    const pages = await layoutHtml(page(`<div style="margin-top:8px">${float('f', 'A')}<p id=p style="margin:16px 0">text</p></div>`));
    expect(findBox(pages, '#p').y).toBe(16);
    expect(findBox(pages, '#f').y).toBe(16);
  });

  it('moves a float in an empty block down with the margin of the block that follows it', async () => {
    const pages = await layoutHtml(page(`${block('a', 'margin-bottom:16px')}<div><div>${float('f', 'C')}</div><p id=p style="margin:24px 0 0">text</p></div>`));
    expect(findBox(pages, '#p').y).toBe(10 + 24);
    expect(findBox(pages, '#f').y).toBe(10 + 24);
  });

  it('places floats in boxes that all collapse through at the margins they collapse into (a grid whose rows hold only floats)', async () => {
    const pages = await layoutHtml(page(`<header><div>${float('head', 'Head')}</div></header><div><section style="margin-top:24px">${float('one', 'One')}</section></div>`, 'div[id] { width: 50% !important }'));
    expect(findBox(pages, '#head')).toMatchObject({ x: 0, y: 24 });
    expect(findBox(pages, '#one')).toMatchObject({ x: 200, y: 24 });
  });

  it('keeps a float at the top of an empty block whose container\u2019s border separates it from the margins after it', async () => {
    const pages = await layoutHtml(page(`<div style="border-top:1px solid"><div style="margin-bottom:10px">${float('f', 'D')}</div><div style="margin-top:30px"></div><p id=p style="margin:24px 0 0">text</p></div>`));
    expect(findBox(pages, '#f').y).toBe(1);
    expect(findBox(pages, '#p').y).toBe(1 + 30);
  });

  it('keeps a float at the top of a formatting context root, whose margins do not collapse with its children\u2019s', async () => {
    const pages = await layoutHtml(page(`<div style="display:flow-root"><div>${float('f', 'A')}</div><p id=p style="margin:24px 0 0">text</p></div>`));
    expect(findBox(pages, '#f').y).toBe(0);
    expect(findBox(pages, '#p').y).toBe(24);
  });
});
