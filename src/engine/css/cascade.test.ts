import { describe, expect, it } from 'vitest';
import { parseHtml } from '../html/parse.js';
import { StyleResolver, anonymousStyle, initialStyle } from './cascade.js';
import { INHERITED_FIELDS } from './initial.js';
import { parseStylesheet } from './stylesheet.js';
import { styleDocument } from './test-utils.js';
import type { Element } from 'domhandler';
import { userAgentStylesheet } from './ua.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const colorOf = (html: string, css: string, selector = '#t') => styleDocument(html, css).style(selector).color;

describe('cascade order', () => {
  it('higher specificity wins regardless of order', () => {
    expect(colorOf('<p id="t" class="c">x</p>', '#t { color: green } .c { color: red } p { color: red }')).toEqual(green);
    expect(colorOf('<p id="t" class="c">x</p>', 'p.c { color: green } .c { color: red }')).toEqual(green);
    expect(colorOf('<div class="a"><p id="t" class="c">x</p></div>', '.a .c { color: green } .c { color: red }')).toEqual(green);
  });

  it('later rules win at equal specificity', () => {
    expect(colorOf('<p id="t" class="a b">x</p>', '.a { color: red } .b { color: green }')).toEqual(green);
    expect(colorOf('<p id="t" class="b a">x</p>', '.b { color: red } .a { color: green }')).toEqual(green);
    expect(colorOf('<p id="t">x</p>', 'p { color: red; color: green }')).toEqual(green);
  });

  it('!important beats specificity and the style attribute; the style attribute beats selectors', () => {
    expect(colorOf('<p id="t" class="c">x</p>', '.c { color: green !important } #t { color: red }')).toEqual(green);
    expect(colorOf('<p id="t" style="color: green">x</p>', '#t#t { color: red }')).toEqual(green);
    expect(colorOf('<p id="t" style="color: red">x</p>', 'p { color: green !important }')).toEqual(green);
    expect(colorOf('<p id="t" style="color: green !important">x</p>', '#t { color: red !important }')).toEqual(green);
    expect(colorOf('<p id="t">x</p>', 'p { color: green !important } #t { color: red !important } p { color: red }')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('author styles beat the user-agent sheet, whatever the specificity', () => {
    const s = styleDocument('<a id="t" href="#">x</a><h1 id="h">h</h1>', 'a { color: green } h1 { margin: 0 }');
    expect(s.style('#t').color).toEqual(green);
    expect(s.style('#h').marginTop).toBe(0);
  });

  it('shorthands and longhands override each other in order', () => {
    const s = styleDocument('<p id="a">x</p><p id="b">y</p>', '#a { margin: 5px; margin-left: 1px } #b { margin-left: 1px } p { margin: 5px }');
    expect(s.style('#a').marginLeft).toBe(1);
    expect(s.style('#b').marginLeft).toBe(1);
  });

  it('nested rules cascade like their flattened form', () => {
    const s = styleDocument('<div class="card"><p class="x">x</p><p>y</p></div>', '.card { color: red; & > p { color: blue } .x { color: green } }');
    expect(s.style('.x').color).toEqual(green);
    expect(s.style('p:not(.x)').color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
  });

  it('ignores rules in screen media', () => {
    expect(colorOf('<p id="t">x</p>', 'p { color: green } @media screen { p { color: red } } @media print { } ')).toEqual(green);
  });
});

describe('inheritance', () => {
  it('inherits inherited properties only', () => {
    const s = styleDocument('<div id="p"><span id="t">x</span></div>', '#p { color: red; font-size: 20px; margin: 5px; border: 1px solid; white-space: pre; text-decoration: underline }');
    const t = s.style('#t');
    expect([t.color, t.fontSize, t.whiteSpace]).toEqual([red, 20, 'pre']);
    expect([t.marginTop, t.borderTop.width, t.textDecorationLine.underline]).toEqual([0, 0, false]);
  });

  it('lists the same fields as initial.ts inherits', () => {
    const parent = { ...initialStyle(), color: red, fontSize: 99, orphans: 7, customProperties: new Map([['--x', '1']]) };
    const child = anonymousStyle(parent, 'block');
    for (const f of INHERITED_FIELDS) expect(child[f]).toBe(parent[f]);
    expect(child.display).toBe('block');
  });

  it('anonymous styles inherit from the parent and are cached', () => {
    const s = styleDocument('<div id="p">x</div>', '#p { color: red; margin: 4px; line-height: 2 }');
    const p = s.style('#p');
    const a = anonymousStyle(p, 'block');
    expect([a.color, a.lineHeight, a.marginTop, a.display]).toEqual([red, { factor: 2 }, 0, 'block']);
    expect(anonymousStyle(p, 'block')).toBe(a);
    expect(anonymousStyle(p, 'inline')).not.toBe(a);
    expect(a.textDecorationColor).toEqual(red);
  });

  it('initialStyle has the root defaults', () => {
    const s = initialStyle();
    expect([s.display, s.fontFamily, s.fontSize, s.fontWeight, s.color]).toEqual(['inline', ['serif'], 16, 400, { r: 0, g: 0, b: 0, a: 1 }]);
  });
});

describe('selectors', () => {
  const html = `<ul id="list"><li id="a">a</li><li id="b" class="x">b</li><li id="c"></li></ul><a id="link" href="/x">l</a><a id="anchor" name="n">n</a><p id="p"><b>has</b></p><input id="i" disabled>`;
  const css = `
    li:first-child { order: 1 } li:last-child { order: 2 } li:nth-child(2) { z-index: 3 } li:not(.x) { opacity: 0.5 }
    li:empty { orphans: 9 } :root { widows: 7 } ul:has(> .x) { order: 4 } :is(#a, #b) { tab-size: 3 } :where(#c) { tab-size: 5 }
    a:link { color: green } a:any-link { z-index: 8 } a:hover, a:focus, a:active, a:visited { color: red } li:focus-within { order: 9 }
    #i:disabled { order: 6 } li:only-child { order: 99 } p:has(b) { order: 5 } :frobnicate, #p { z-index: 1 }`;
  const s = styleDocument(html, css);

  it('supports structural pseudo-classes, :not, :is, :where, :has, :empty, :root', () => {
    expect([s.style('#a').order, s.style('#c').order, s.style('#b').zIndex]).toEqual([1, 2, 3]);
    expect([s.style('#a').opacity, s.style('#b').opacity]).toEqual([0.5, 1]);
    expect([s.style('#c').orphans, s.style('#a').orphans]).toEqual([9, 2]);
    expect(s.style('html').widows).toBe(7);
    expect(s.style('#list').order).toBe(4);
    expect([s.style('#a').tabSize, s.style('#c').tabSize]).toEqual([3, 5]);
    expect(s.style('#p').order).toBe(5);
    expect(s.style('#i').order).toBe(6);
  });

  it('treats :link and :any-link as a[href] and dynamic states as never matching', () => {
    expect(s.style('#link').color).toEqual(green);
    expect(s.style('#link').zIndex).toBe(8);
    expect(s.style('#anchor').color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(s.style('#a').order).toBe(1);
  });

  it('drops only the selectors it cannot compile', () => {
    expect(s.style('#p').zIndex).toBe(1);
  });

  it('matches ids, classes and attributes case-sensitively where HTML does', () => {
    const d = styleDocument('<p id="T" class="Big" data-x="Y">x</p>', '#t { order: 1 } .big { order: 2 } [data-x="y" i] { z-index: 4 } P { widows: 5 }');
    expect(d.style('p').order).toBe(0);
    expect(d.style('p').zIndex).toBe(4);
    expect(d.style('p').widows).toBe(5);
  });
});

describe('pseudo-elements', () => {
  it('::before and ::after exist only with content', () => {
    const s = styleDocument('<p id="t" class="c">x</p><p id="n">y</p>', '.c::before { content: "» "; color: red } p::after { content: none } #n::before { content: normal } #t::after { content: "x"; display: none }');
    const before = s.pseudo('#t', 'before')!;
    expect(before.content).toEqual([{ type: 'string', value: '» ' }]);
    expect(before.color).toEqual(red);
    expect(s.pseudo('#t', 'after')).toBeNull();
    expect(s.pseudo('#n', 'before')).toBeNull();
    expect(s.pseudo('#n', 'after')).toBeNull();
  });

  it('pseudo-elements inherit from their element and the UA styles q with quotes', () => {
    const s = styleDocument('<q id="t">x</q>', 'q { color: red; font-size: 20px } q::before { font-size: 0.5em }');
    const before = s.pseudo('#t', 'before')!;
    expect(before.content).toEqual([{ type: 'open-quote' }]);
    expect([before.color, before.fontSize]).toEqual([red, 10]);
    expect(s.pseudo('#t', 'after')!.content).toEqual([{ type: 'close-quote' }]);
  });

  it('::marker always has a style, with its own rules', () => {
    const s = styleDocument('<ul><li id="t">x</li></ul>', 'li { color: red } li::marker { color: green; content: "→ " }');
    const m = s.pseudo('#t', 'marker')!;
    expect(m.color).toEqual(green);
    expect(m.content).toEqual([{ type: 'string', value: '→ ' }]);
    expect(m.whiteSpace).toBe('pre');
  });

  it('pseudo-elements of flex containers are blockified, markers are not', () => {
    const s = styleDocument('<div id="t">x</div>', '#t { display: flex } #t::before { content: "a" }');
    expect(s.pseudo('#t', 'before')!.display).toBe('block');
    expect(s.pseudo('#t', 'marker')!.display).toBe('inline');
  });
});

describe('user-agent stylesheet', () => {
  const s = styleDocument(`<head><title>t</title><style>x{}</style></head><body><h1>a</h1><h2>b</h2><h6>f</h6><p>p</p><ul><li><ul><li><ol><li><ul id="deep"><li>x</li></ul></li></ol></li></ul></li></ul>
    <table><thead><tr><th>h</th></tr></thead><tbody><tr><td id="cell">c</td></tr></tbody></table><pre>x</pre><b>b</b><strong><b id="bb">x</b></strong><i>i</i><code>c</code>
    <sub>s</sub><sup>s</sup><small>s</small><hr><mark>m</mark><del>d</del><u>u</u><center>c</center><blockquote>q</blockquote><div hidden>h</div><script></script><a href="x">l</a><abbr title="t">a</abbr></body>`);

  it('hides what does not render', () => {
    for (const sel of ['head', 'title', 'style', 'script', 'div[hidden]']) expect(s.style(sel).display).toBe('none');
  });

  it('gives blocks, headings and lists their spacing', () => {
    expect(s.style('body').marginTop).toBe(8);
    expect(s.style('html').display).toBe('block');
    expect([s.style('h1').fontSize, s.style('h1').marginTop, s.style('h1').fontWeight]).toEqual([32, 21.4375, 700]); // 0.67em in layout units (decision 0395)
    expect([s.style('h2').fontSize, s.style('h6').fontSize]).toEqual([24, 0.67 * 16]);
    expect([s.style('p').marginTop, s.style('p').marginBottom]).toEqual([16, 16]);
    expect([s.style('ul').paddingLeft, s.style('ul').listStyleType, s.style('ul').marginTop]).toEqual([40, 'disc', 16]);
    expect(s.style('ul ul').listStyleType).toBe('circle');
    expect(s.style('ul ul').marginTop).toBe(0);
    expect(s.style('ol').listStyleType).toBe('decimal');
    expect(s.style('#deep').listStyleType).toBe('square');
    expect(s.style('li').display).toBe('list-item');
    expect(s.style('blockquote').marginLeft).toBe(40);
  });

  it('styles tables', () => {
    expect(s.style('table').display).toBe('table');
    expect(s.style('table').borderSpacing).toEqual([2, 2]);
    expect(s.style('thead').display).toBe('table-header-group');
    expect(s.style('tr').display).toBe('table-row');
    expect([s.style('th').fontWeight, s.style('th').textAlign]).toEqual([700, 'center']);
    expect([s.style('#cell').display, s.style('#cell').paddingTop, s.style('#cell').verticalAlign]).toEqual(['table-cell', 1, 'middle']);
  });

  it('styles text-level elements', () => {
    expect(s.style('pre').whiteSpace).toBe('pre');
    expect(s.style('pre').fontFamily).toEqual(['monospace']);
    expect(s.style('b').fontWeight).toBe(700);
    expect(s.style('#bb').fontWeight).toBe(900);
    expect(s.style('i').fontStyle).toBe('italic');
    expect(s.style('code').fontFamily).toEqual(['monospace']);
    expect([s.style('sub').verticalAlign, s.style('sup').verticalAlign]).toEqual(['sub', 'super']);
    expect(s.style('small').fontSize).toBeCloseTo(16 / 1.2);
    expect(s.style('mark').backgroundColor).toEqual({ r: 255, g: 255, b: 0, a: 1 });
    expect(s.style('del').textDecorationLine.lineThrough).toBe(true);
    expect(s.style('u').textDecorationLine.underline).toBe(true);
    expect(s.style('a').color).toEqual({ r: 0, g: 0, b: 238, a: 1 });
    expect(s.style('a').textDecorationLine.underline).toBe(true);
    expect(s.style('abbr').textDecorationStyle).toBe('dotted');
    expect(s.style('center').textAlign).toBe('-webkit-center');
  });

  it('styles hr', () => {
    const hr = s.style('hr');
    expect([hr.borderTop.style, hr.borderTop.width, hr.marginLeft, hr.marginTop]).toEqual(['inset', 1, 'auto', 8]);
    // Chromium's grey for an inset border left at currentcolor, whatever the text colour (gray).
    expect(hr.borderTop.color).toEqual({ r: 238, g: 238, b: 238, a: 1 });
    expect(hr.color).toEqual({ r: 128, g: 128, b: 128, a: 1 });
  });

  it('is parsed once per process', () => {
    expect(userAgentStylesheet()).toBe(userAgentStylesheet());
  });
});

describe('presentational hints', () => {
  it('maps rules and frame on tables as Chromium does: collapsed borders, rules in the text colour', () => {
    const s = styleDocument(`<table id="a" rules="all" style="color: red"><tr><td id="ac">x</td></tr></table>
      <table id="n" frame="void" rules="none"><tr><td id="nc">x</td></tr></table>
      <table id="r" rules="rows" frame="hsides" border="3"><tr><td id="rc">x</td></tr></table>
      <table id="c" border="1" rules="cols"><tr><td id="cc">x</td></tr></table>
      <table id="g" rules="groups"><colgroup id="cg"></colgroup><tbody id="tb"><tr><td id="gc">x</td></tr></tbody></table>
      <table id="bad" rules="sideways"><tr><td id="bc">x</td></tr></table>`);
    const sides = (id: string) => {
      const st = s.style(id);
      return [st.borderTop, st.borderRight, st.borderBottom, st.borderLeft].map((b) => `${b.style} ${b.width}`);
    };
    for (const id of ['#a', '#n', '#r', '#c', '#g']) expect(s.style(id).borderCollapse).toBe('collapse');
    expect(s.style('#bad').borderCollapse).toBe('separate');
    expect(sides('#a')).toEqual(['hidden 0', 'hidden 0', 'hidden 0', 'hidden 0']);
    expect(sides('#ac')).toEqual(['solid 1', 'solid 1', 'solid 1', 'solid 1']);
    expect(s.style('#ac').borderTop.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(sides('#n')).toEqual(['hidden 0', 'hidden 0', 'hidden 0', 'hidden 0']);
    expect(sides('#nc')).toEqual(['none 0', 'none 0', 'none 0', 'none 0']);
    expect(sides('#r')).toEqual(['solid 3', 'hidden 0', 'solid 3', 'hidden 0']);
    expect(sides('#rc')).toEqual(['solid 1', 'none 0', 'solid 1', 'none 0']);
    expect(sides('#c')).toEqual(['outset 1', 'outset 1', 'outset 1', 'outset 1']);
    expect(sides('#cc')).toEqual(['none 0', 'solid 1', 'none 0', 'solid 1']);
    expect(sides('#cg')).toEqual(['none 0', 'solid 1', 'none 0', 'solid 1']);
    expect(sides('#tb')).toEqual(['solid 1', 'none 0', 'solid 1', 'none 0']);
    expect(sides('#gc')).toEqual(['none 0', 'none 0', 'none 0', 'none 0']);
    expect(sides('#bc')).toEqual(['none 0', 'none 0', 'none 0', 'none 0']);
  });

  it('colours a table and its cells from bordercolor, solid, as Chromium does', () => {
    const s = styleDocument(`<table border="1" bordercolor="red" id="a"><tr><td id="c">x</td></tr></table>
      <table border="1" style="color: blue"><tr><td id="d">y</td><td id="e" style="border: 2px outset">z</td></tr></table><div id="f" style="border: 2px outset; color: blue"></div>`);
    const red = { r: 255, g: 0, b: 0, a: 1 };
    const blue = { r: 0, g: 0, b: 255, a: 1 };
    expect([s.style('#a').borderTop.style, s.style('#a').borderTop.color]).toEqual(['solid', red]);
    expect([s.style('#c').borderTop.style, s.style('#c').borderTop.width, s.style('#c').borderTop.color]).toEqual(['solid', 1, red]);
    // Without bordercolor: inset cells in the table's (text) colour; a cell left at currentcolor
    // keeps it, where any other box's bevelled border takes Chromium's grey.
    expect([s.style('#d').borderTop.style, s.style('#d').borderTop.color]).toEqual(['inset', blue]);
    expect(s.style('#e').borderTop.color).toEqual(blue);
    expect(s.style('#f').borderTop.color).toEqual({ r: 238, g: 238, b: 238, a: 1 });
  });

  it('maps table attributes', () => {
    const s = styleDocument(`<table border="2" cellpadding="5" cellspacing="0" bgcolor="#ffeeee" width="80%" align="center">
      <tr valign="top" bgcolor="yellow"><td id="t" width="120" align="right" nowrap>x</td><th id="h" height="30" valign="bottom">h</th></tr></table>`);
    const table = s.style('table');
    expect([table.width, table.marginLeft, table.marginRight]).toEqual([{ percent: 80 }, 'auto', 'auto']);
    expect(table.borderSpacing).toEqual([0, 0]);
    expect([table.borderTop.width, table.borderTop.style]).toEqual([2, 'outset']);
    expect(table.backgroundColor).toEqual({ r: 255, g: 238, b: 238, a: 1 });
    const td = s.style('#t');
    expect([td.width, td.textAlign, td.whiteSpace, td.paddingLeft, td.verticalAlign]).toEqual([120, '-webkit-right', 'nowrap', 5, 'top']);
    // The cells' inset borders inherit the table's colour (its text colour here): cells keep currentcolor, not Chromium's grey.
    expect([td.borderTop.width, td.borderTop.style, td.borderTop.color]).toEqual([1, 'inset', { r: 0, g: 0, b: 0, a: 1 }]);
    expect([s.style('#h').height, s.style('#h').verticalAlign]).toEqual([30, 'bottom']);
    expect(s.style('tr').backgroundColor).toEqual({ r: 255, g: 255, b: 0, a: 1 });
  });

  it('lets author CSS override hints', () => {
    const s = styleDocument('<table cellpadding="5"><tr><td width="100" id="t">x</td></tr></table>', 'td { width: 50px; padding: 0 }');
    expect([s.style('#t').width, s.style('#t').paddingTop]).toEqual([50, 0]);
  });

  it('maps images, fonts, lists, alignment', () => {
    const s = styleDocument(`<img id="img" width="100" height="50" align="left" hspace="4"><font id="f" color="red" size="+2" face="Arial, Helvetica">f</font>
      <ol type="a"><li id="li" type="I">x</li></ol><ul type="square"><li>y</li></ul><p align="center">p</p><div align="right">d</div><br clear="all">`);
    const img = s.style('#img');
    expect([img.width, img.height, img.float, img.display, img.marginLeft]).toEqual([100, 50, 'left', 'block', 4]);
    const f = s.style('#f');
    expect([f.color, f.fontSize, f.fontFamily]).toEqual([red, 24, ['arial', 'helvetica']]);
    expect([s.style('ol').listStyleType, s.style('#li').listStyleType, s.style('ul').listStyleType]).toEqual(['lower-alpha', 'upper-roman', 'square']);
    expect([s.style('p').textAlign, s.style('div').textAlign, s.style('br').clear]).toEqual(['-webkit-center', '-webkit-right', 'both']);
  });
});

describe('computeDeclarations', () => {
  it('computes @page and margin-box declarations', () => {
    const sheet = parseStylesheet('@page { margin: 2cm; @top-center { content: "Title"; font-size: 9pt; color: gray } }', 'author');
    const resolver = new StyleResolver([userAgentStylesheet(), sheet]);
    const page = resolver.computeDeclarations(sheet.pageRules[0].declarations, null);
    expect(page.marginTop).toBe(75.578125); // 2cm in layout units (decision 0395)
    const box = resolver.computeDeclarations(sheet.pageRules[0].marginBoxes[0].declarations, page);
    expect(box.content).toEqual([{ type: 'string', value: 'Title' }]);
    expect(box.fontSize).toBe(12);
  });
});

describe('style sharing', () => {
  it('shares the computed style of identically styled siblings, but not of different ones', () => {
    const s = styleDocument('<ul><li class="a">1</li><li class="a">2</li><li class="a" style="color: red">3</li><li class="a" value="3">4</li></ul>', '.a { color: blue }');
    const lis = [...s.styles.entries()].filter(([el]) => el.name === 'li').map(([, st]) => st);
    expect(lis[0]).toBe(lis[1]);
    expect(lis[2]).not.toBe(lis[1]);
    expect(lis[2].color).toEqual(red);
  });
});

describe('performance', () => {
  it('computes 2000 elements against 300 rules', () => {
    const rules: string[] = [];
    for (let i = 0; i < 100; i++) {
      rules.push(`.c${i} { color: rgb(${i}, 0, 0); margin: ${i % 7}px ${i % 3}em; padding: calc(1px + ${i}%) }`);
      rules.push(`div.row > .c${i}:nth-child(2n) span { font-weight: ${(i % 9) * 100 + 100}; border-bottom: 1px solid #${(i % 10).toString().repeat(3)} }`);
      rules.push(`#e${i * 20}, .x${i} :is(em, strong) { background: linear-gradient(red, blue); font: italic 12px/1.4 Arial, sans-serif }`);
    }
    let html = '';
    for (let i = 0; i < 500; i++) html += `<div class="row"><p class="c${i % 100}" id="e${i}"><span class="x${i % 100}">t <em>e</em></span></p></div>`;
    const doc = parseHtml(`<html><body>${html}</body></html>`);
    const resolver = new StyleResolver([userAgentStylesheet(), parseStylesheet(rules.join('\n'), 'author')]);
    let count = 0;
    const walk = (el: Element, parent: ReturnType<typeof initialStyle> | null): void => {
      const st = resolver.computeStyle(el, parent)!;
      resolver.computeStyle(el, st, 'before');
      count++;
      for (const c of el.children) if (c.type === 'tag') walk(c as Element, st);
    };
    for (const c of doc.children) if (c.type === 'tag') walk(c as Element, null);
    expect(count).toBeGreaterThan(2000);
  });
});

describe('base URL', () => {
  it('resolves url()s in style attributes and legacy background attributes', () => {
    const doc = parseHtml('<div id="d" style="background-image: url(img/a.png)"></div><table background="bg.png"></table>');
    const resolver = new StyleResolver([userAgentStylesheet()], { baseUrl: 'https://x.test/site/' });
    const html = doc.children.find((c) => c.type === 'tag') as Element;
    const body = (html.children as Element[]).find((c) => c.name === 'body')!;
    const [div, table] = body.children as Element[];
    expect(resolver.computeStyle(div, null)!.backgroundLayers[0].image).toEqual({ kind: 'url', url: 'https://x.test/site/img/a.png' });
    expect(resolver.computeStyle(table, null)!.backgroundLayers[0].image).toEqual({ kind: 'url', url: 'https://x.test/site/bg.png' });
  });
});

describe('ancestor filter', () => {
  it('matches class ancestors whose filter bit is the sign bit of a word', () => {
    // `.m` hashes onto bit 31 of a filter word, so the containment test must compare unsigned.
    const html = '<article class="m"><h1 id="t">A</h1></article>';
    expect(colorOf(html, '.m h1 { color: green }')).toEqual(green);
    expect(colorOf(html, '.m > * { color: green }')).toEqual(green);
  });
});

describe('legacy alignment', () => {
  it('tables do not inherit the alignment of an HTML align attribute', () => {
    const s = styleDocument('<table><tr><td align="center"><table><tr><td id="inner">x</td></tr></table></td></tr></table><div style="text-align:center"><table><tr><td id="css">y</td></tr></table></div>');
    expect(s.style('#inner').textAlign).toBe('start');
    expect(s.style('#css').textAlign).toBe('center');
  });
});

describe('styles shared between documents of one template', () => {
  const sheets = [userAgentStylesheet(), parseStylesheet('p { margin-top: 2rem; color: red } .b { color: blue }', 'author')];
  const styled = (html: string) => {
    const doc = parseHtml(html);
    const resolver = new StyleResolver(sheets);
    const root = doc.children.find((n): n is Element => n.type === 'tag')!;
    const rootStyle = resolver.computeStyle(root, null)!;
    const body = root.children.find((n): n is Element => n.type === 'tag' && n.name === 'body')!;
    const bodyStyle = resolver.computeStyle(body, rootStyle)!;
    const p = body.children.find((n): n is Element => n.type === 'tag' && n.name === 'p')!;
    return resolver.computeStyle(p, bodyStyle)!;
  };

  it('gives the same element in the same context the same computed style object', () => {
    expect(styled('<p class="b">x</p>')).toBe(styled('<p class="b">y</p>'));
  });

  it('keeps what differs: rules matched, style attributes, the root font size', () => {
    expect(styled('<p class="b">x</p>').color.b).toBe(255);
    expect(styled('<p>x</p>').color.r).toBe(255);
    expect(styled('<p style="color: rgb(0, 128, 0)">x</p>').color.g).toBe(128);
    expect(styled('<html style="font-size: 10px"><p>x</p></html>').marginTop).toBe(20);
    expect(styled('<p>x</p>').marginTop).toBe(32);
    expect(styled('<html style="font-size: 12px"><p>x</p></html>').marginTop).toBe(24);
  });
});
