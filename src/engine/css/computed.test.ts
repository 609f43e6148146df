import { describe, expect, it } from 'vitest';
import { styleDocument } from './test-utils.js';
import type { ComputedStyle } from './types.js';

/** The style of `#t` in `<html><body><div id=p><div id=t>` with the given CSS. */
function t(css: string, html = '<div id="p"><div id="t">x</div></div>'): ComputedStyle {
  return styleDocument(`<!doctype html><html><body>${html}</body></html>`, css).style('#t');
}

const rgb = (s: { r: number; g: number; b: number; a: number }) => [s.r, s.g, s.b, s.a];

describe('lengths', () => {
  // Root 10px, #p 20px: em and % resolve against #t's 20px, rem against 10px.
  const base = 'html { font-size: 10px } #p { font-size: 20px }';
  const margin = (value: string) => t(`${base} #t { margin-left: ${value} }`).marginLeft;

  it.each([
    ['10px', 10],
    ['12pt', 16],
    ['1pc', 16],
    ['1in', 96],
    ['2.54cm', 96],
    ['25.4mm', 96],
    ['101.6Q', 96],
    ['2em', 40],
    ['2rem', 20],
    ['2ex', 18.359375], // the default serif's x-height: 940 / 2048 em
    ['2ch', 20],
    ['10vw', 64.5],
    ['10vh', 97.390625], // lengths that lay boxes out are in layout units, truncated (decision 0395)
    ['10vmin', 64.5],
    ['10vmax', 97.390625],
    ['0', 0],
    ['-5px', -5],
    ['calc(2em + 5px)', 45],
    ['calc(10px * 3)', 30],
    ['calc((10px + 5px) / 3)', 5],
    ['calc(1in - 6px)', 90],
    ['min(10px, 2em)', 10],
    ['max(10px, 2em)', 40],
    ['clamp(10px, 1em, 30px)', 20],
    ['clamp(25px, 1em, 30px)', 25],
  ])('%s', (value, px) => {
    expect(margin(value)).toBeCloseTo(px, 5);
  });

  it('keeps percentages for layout, with px added for mixed calc()', () => {
    expect(margin('50%')).toEqual({ percent: 50 });
    expect(margin('calc(100% - 20px)')).toEqual({ percent: 100, px: -20 });
    expect(margin('calc(50% + 1em)')).toEqual({ percent: 50, px: 20 });
    expect(margin('calc(25% * 2)')).toEqual({ percent: 50 });
    // Without the percentage basis, min()/max() pick among the px arguments.
    expect(margin('min(100%, 600px)')).toBe(600);
  });

  it('drops invalid lengths, keeping the earlier declaration', () => {
    expect(margin('10')).toBe(0);
    expect(t('#t { margin-left: 3px; margin-left: 10 }').marginLeft).toBe(3);
    expect(t('#t { margin-left: 3px; margin-left: 5kg }').marginLeft).toBe(3);
    expect(t('#t { padding-left: 3px; padding-left: -1px }').paddingLeft).toBe(3);
    expect(t('#t { margin-left: 3px; margin-left: calc(1px + 2) }').marginLeft).toBe(3);
  });

  it('uses the resolver page size for viewport units', () => {
    const s = styleDocument('<div id="t"></div>', '#t { width: 50vw; height: 10vh }', { pageWidth: 500, pageHeight: 700 });
    expect(s.style('#t').width).toBe(250);
    expect(s.style('#t').height).toBe(70);
  });
});

describe('font-size', () => {
  it.each([
    ['medium', 16],
    ['small', 13],
    ['x-small', 10],
    ['xx-small', 9],
    ['large', 18],
    ['x-large', 24],
    ['xx-large', 32],
    ['xxx-large', 48],
    ['12pt', 16],
    ['2em', 40],
    ['150%', 30],
    ['2rem', 20],
    ['larger', 24],
    ['smaller', 20 / 1.2],
    ['calc(1em + 2px)', 22],
  ])('%s (parent 20px, root 10px)', (value, px) => {
    expect(t(`html { font-size: 10px } #p { font-size: 20px } #t { font-size: ${value} }`).fontSize).toBeCloseTo(px, 5);
  });

  it('resolves em in other properties against the element’s own font size', () => {
    const s = t('#p { font-size: 10px } #t { font-size: 2em; padding-top: 1em }');
    expect(s.fontSize).toBe(20);
    expect(s.paddingTop).toBe(20);
  });

  it('resolves rem against the root’s font size, which itself uses the initial 16px', () => {
    const s = t('html { font-size: 2rem } #t { width: 2rem }');
    expect(s.width).toBe(64);
  });

  it('rejects negative sizes', () => {
    expect(t('#t { font-size: 12px; font-size: -1px }').fontSize).toBe(12);
  });
});

describe('font-weight', () => {
  it.each([
    ['normal', 400, 400],
    ['bold', 400, 700],
    ['550', 400, 550],
    ['bolder', 400, 700],
    ['bolder', 100, 400],
    ['bolder', 700, 900],
    ['bolder', 900, 900],
    ['lighter', 700, 400],
    ['lighter', 400, 100],
    ['lighter', 900, 700],
    ['lighter', 50, 50],
  ])('%s from %d', (value, parent, expected) => {
    expect(t(`#p { font-weight: ${parent} } #t { font-weight: ${value} }`).fontWeight).toBe(expected);
  });
});

describe('line-height', () => {
  it('keeps numbers as factors, inherited as factors', () => {
    const s = styleDocument('<div id="p"><div id="t"></div></div>', '#p { line-height: 1.5; font-size: 10px } #t { font-size: 20px }');
    expect(s.style('#p').lineHeight).toEqual({ factor: 1.5 });
    expect(s.style('#t').lineHeight).toEqual({ factor: 1.5 });
  });

  it('computes lengths and percentages to px, inherited as px', () => {
    const s = styleDocument('<div id="p"><div id="t"></div></div>', '#p { line-height: 150%; font-size: 10px } #t { font-size: 20px }');
    expect(s.style('#p').lineHeight).toEqual({ px: 15 });
    expect(s.style('#t').lineHeight).toEqual({ px: 15 });
    expect(t('#t { font-size: 10px; line-height: 2em }').lineHeight).toEqual({ px: 20 });
    expect(t('#t { line-height: 18px }').lineHeight).toEqual({ px: 18 });
    expect(t('#t { line-height: normal }').lineHeight).toBe('normal');
  });
});

describe('colours', () => {
  it('resolves currentcolor in borders, decorations and shadows to the element’s colour', () => {
    const s = t('#t { color: #336699; border: 1px solid; text-decoration: underline; box-shadow: 1px 1px }');
    expect(rgb(s.borderTop.color)).toEqual([51, 102, 153, 1]);
    expect(rgb(s.textDecorationColor)).toEqual([51, 102, 153, 1]);
    expect(rgb(s.boxShadow[0].color)).toEqual([51, 102, 153, 1]);
  });

  it('resolves color: currentcolor to the parent colour', () => {
    expect(rgb(t('#p { color: red } #t { color: currentcolor }').color)).toEqual([255, 0, 0, 1]);
  });

  it('inherits color, not background-color', () => {
    const s = t('#p { color: red; background-color: blue }');
    expect(rgb(s.color)).toEqual([255, 0, 0, 1]);
    expect(s.backgroundColor.a).toBe(0);
  });
});

describe('custom properties and var()', () => {
  it('substitutes inherited custom properties', () => {
    const s = t(':root { --main: rgb(1, 2, 3) } #t { color: var(--main) }');
    expect(rgb(s.color)).toEqual([1, 2, 3, 1]);
    expect(s.customProperties.get('--main')).toBe('rgb(1, 2, 3)');
  });

  it('uses fallbacks, nested fallbacks and redefinitions', () => {
    expect(rgb(t('#t { color: var(--missing, blue) }').color)).toEqual([0, 0, 255, 1]);
    expect(rgb(t('#t { color: var(--a, var(--b, lime)) }').color)).toEqual([0, 255, 0, 1]);
    expect(rgb(t(':root { --c: red } #p { --c: lime } #t { color: var(--c) }').color)).toEqual([0, 255, 0, 1]);
  });

  it('treats a missing variable without fallback as unset (invalid at computed-value time)', () => {
    const s = t('#p { color: red; margin-left: 5px } #t { color: blue; color: var(--nope); margin-left: 3px; margin-left: var(--nope) }');
    expect(rgb(s.color)).toEqual([255, 0, 0, 1]); // inherited
    expect(s.marginLeft).toBe(0); // initial
  });

  it('treats a value that is invalid after substitution as unset', () => {
    expect(t('#t { --w: red; width: 10px; width: var(--w) }').width).toBe('auto');
  });

  it('makes properties in a reference cycle invalid, even with fallbacks', () => {
    const s = t('#t { --a: var(--b, 1px); --b: var(--a, 2px); --c: 5px; margin-left: var(--a, 7px); margin-right: var(--c) }');
    expect(s.customProperties.has('--a')).toBe(false);
    expect(s.customProperties.has('--b')).toBe(false);
    expect(s.marginLeft).toBe(7);
    expect(s.marginRight).toBe(5);
    expect(t('#t { --self: var(--self); width: var(--self) }').width).toBe('auto');
  });

  it('substitutes into shorthands and calc(), resolving em on the element', () => {
    const s = t('#t { --m: 1px 2px; margin: var(--m); --w: 10px; width: calc(var(--w) * 2); font-size: 10px; --e: 2em; padding-left: var(--e) }');
    expect([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft]).toEqual([1, 2, 1, 2]);
    expect(s.width).toBe(20);
    expect(s.paddingLeft).toBe(20);
  });

  it('resolves custom properties that reference others', () => {
    const s = t(':root { --a: 10px } #t { --b: calc(var(--a) + 5px); width: var(--b) }');
    expect(s.width).toBe(15);
    expect(s.customProperties.get('--b')).toBe('calc(10px + 5px)');
  });

  it('handles initial and inherit on custom properties', () => {
    const s = t(':root { --x: 1px } #t { --x: initial; width: var(--x, 4px) }');
    expect(s.width).toBe(4);
    expect(t(':root { --x: 1px } #t { --x: inherit; width: var(--x) }').width).toBe(1);
  });

  it('is case-sensitive in names', () => {
    expect(t(':root { --Size: 3px } #t { width: var(--size, 9px) }').width).toBe(9);
  });
});

describe('shorthands', () => {
  it('margin and padding take 1 to 4 values', () => {
    const sides = (s: ComputedStyle) => [s.marginTop, s.marginRight, s.marginBottom, s.marginLeft];
    expect(sides(t('#t { margin: 1px }'))).toEqual([1, 1, 1, 1]);
    expect(sides(t('#t { margin: 1px 2px }'))).toEqual([1, 2, 1, 2]);
    expect(sides(t('#t { margin: 1px 2px 3px }'))).toEqual([1, 2, 3, 2]);
    expect(sides(t('#t { margin: 1px 2px 3px 4px }'))).toEqual([1, 2, 3, 4]);
    expect(sides(t('#t { margin: 0 auto }'))).toEqual([0, 'auto', 0, 'auto']);
    expect(sides(t('#t { margin: 1px 2px 3px 4px 5px }'))).toEqual([0, 0, 0, 0]);
    const p = t('#t { padding: 1px 5% }');
    expect([p.paddingTop, p.paddingRight]).toEqual([1, { percent: 5 }]);
  });

  it('border sets all sides; its width is 0 when the style is none', () => {
    const s = t('#t { border: 2px solid red; border-left: 4px dashed }');
    expect(s.borderTop).toEqual({ width: 2, style: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(s.borderLeft.width).toBe(4);
    expect(s.borderLeft.style).toBe('dashed');
    expect(s.borderLeft.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(t('#t { border-width: 5px }').borderTop.width).toBe(0);
    expect(t('#t { border-style: solid }').borderTop.width).toBe(3);
    expect(t('#t { border: thin solid; border-right-width: thick }').borderRight.width).toBe(5);
    expect(t('#t { border: 3px hidden }').borderTop.width).toBe(0);
    // Snapped as Chromium snaps border widths: whole px rounded down, at least 1px when not 0 (measured).
    expect(['0.5pt', '0.3px', '1.5px', '2.7px', '3.99px', '2cm', '0'].map((w) => t(`#t { border: ${w} solid }`).borderTop.width)).toEqual([1, 1, 1, 2, 3, 75, 0]);
    expect(t('#t { columns: 2; column-rule: 1.5px solid }').columnRuleWidth).toBe(1);
    const w = t('#t { border-style: solid; border-width: 1px 2px 3px 4px; border-color: red blue }');
    expect([w.borderTop.width, w.borderRight.width, w.borderBottom.width, w.borderLeft.width]).toEqual([1, 2, 3, 4]);
    expect([w.borderTop.color.r, w.borderRight.color.b]).toEqual([255, 255]);
  });

  it('border-radius, including the slash form', () => {
    const s = t('#t { border-radius: 10px 20px }');
    expect(s.borderTopLeftRadius).toEqual([10, 10]);
    expect(s.borderTopRightRadius).toEqual([20, 20]);
    expect(s.borderBottomRightRadius).toEqual([10, 10]);
    const e = t('#t { border-radius: 10px 5% / 20px }');
    expect(e.borderTopLeftRadius).toEqual([10, 20]);
    expect(e.borderTopRightRadius).toEqual([{ percent: 5 }, 20]);
    expect(t('#t { border-top-left-radius: 3px 4px }').borderTopLeftRadius).toEqual([3, 4]);
  });

  it('font, with size, line height, family and system keywords', () => {
    const s = t('#t { font: italic bold 12px/1.5 "Helvetica Neue", Arial, sans-serif }');
    expect([s.fontStyle, s.fontWeight, s.fontSize, s.lineHeight]).toEqual(['italic', 700, 12, { factor: 1.5 }]);
    expect(s.fontFamily).toEqual(['helvetica neue', 'arial', 'sans-serif']);
    const r = t('#p { font-weight: bold; line-height: 3 } #t { font-variant: small-caps; font: 10pt Times New Roman }');
    expect(r.fontSize).toBeCloseTo(40 / 3, 10);
    expect([r.fontWeight, r.lineHeight, r.fontVariantCaps]).toEqual([400, 'normal', 'normal']);
    expect(r.fontFamily).toEqual(['times new roman']);
    expect(t('#t { font: small-caps 600 1em serif }').fontVariantCaps).toBe('small-caps');
    expect(t('#t { font: caption }').fontFamily).toEqual(['sans-serif']);
    expect(t('#t { font-size: 7px; font: bold }').fontSize).toBe(7);
  });

  it('background: colour, image, position, size, repeat and layers', () => {
    const s = t('#t { background: url(a.png) right 10px top / 50% auto no-repeat padding-box, linear-gradient(to right, red, blue 80%) #eee }');
    expect(rgb(s.backgroundColor)).toEqual([238, 238, 238, 1]);
    expect(s.backgroundLayers).toHaveLength(2);
    const [a, b] = s.backgroundLayers;
    expect(a.image).toEqual({ kind: 'url', url: 'a.png' });
    expect(a.position).toEqual([{ percent: 100, px: -10 }, { percent: 0 }]);
    expect(a.size).toEqual([{ percent: 50 }, 'auto']);
    expect(a.repeat).toEqual(['no-repeat', 'no-repeat']);
    expect([a.origin, a.clip]).toEqual(['padding-box', 'padding-box']);
    expect(b.image).toEqual({
      kind: 'linear-gradient',
      angleDeg: 90,
      repeating: false,
      stops: [
        { color: { r: 255, g: 0, b: 0, a: 1 }, position: null },
        { color: { r: 0, g: 0, b: 255, a: 1 }, position: { percent: 80 } },
      ],
    });
    expect([b.repeat, b.origin, b.clip]).toEqual([['repeat', 'repeat'], 'padding-box', 'border-box']);
  });

  it('background longhands and the none layer', () => {
    const s = t('#t { background-image: url(a.png), none, url(b.png); background-size: cover; background-position: center bottom; background-repeat: repeat-x }');
    expect(s.backgroundLayers.map((l) => l.image)).toEqual([
      { kind: 'url', url: 'a.png' },
      { kind: 'url', url: 'b.png' },
    ]);
    expect(s.backgroundLayers[0].size).toBe('cover');
    expect(s.backgroundLayers[0].position).toEqual([{ percent: 50 }, { percent: 100 }]);
    expect(s.backgroundLayers[1].repeat).toEqual(['repeat', 'no-repeat']);
    expect(t('#t { background: none }').backgroundLayers).toEqual([]);
    expect(rgb(t('#t { background: yellow }').backgroundColor)).toEqual([255, 255, 0, 1]);
    expect(t('#t { background: radial-gradient(circle at center, red 0, blue 100%) }').backgroundLayers[0].image.kind).toBe('radial-gradient');
  });

  it('radial-gradient ending shape, size and position', () => {
    const image = (value: string) => t(`#t { background-image: ${value} }`).backgroundLayers[0]?.image;
    expect(image('radial-gradient(red, blue)')).toMatchObject({ shape: 'ellipse', size: 'farthest-corner', position: [{ percent: 50 }, { percent: 50 }] });
    expect(image('radial-gradient(closest-side circle at right 10px top, red, blue)')).toMatchObject({ shape: 'circle', size: 'closest-side', position: [{ percent: 100, px: -10 }, { percent: 0 }] });
    expect(image('radial-gradient(20px, red, blue)')).toMatchObject({ shape: 'circle', size: [20, 20] });
    expect(image('radial-gradient(20px 50%, red, blue)')).toMatchObject({ shape: 'ellipse', size: [20, { percent: 50 }] });
    expect(image('-webkit-radial-gradient(top left, circle cover, red, blue)')).toMatchObject({ shape: 'circle', size: 'farthest-corner', position: [{ percent: 0 }, { percent: 0 }] });
    // A circle's radius is a length, an ellipse has two, and the -webkit- names are not standard.
    for (const invalid of ['radial-gradient(circle 10%, red, blue)', 'radial-gradient(ellipse 10px, red, blue)', 'radial-gradient(circle 1px 2px, red, blue)', 'radial-gradient(cover, red, blue)', 'radial-gradient(at, red, blue)']) {
      expect(t(`#t { background-image: ${invalid} }`).backgroundLayers).toEqual([]);
    }
  });

  it('list-style', () => {
    const s = t('#t { list-style: square inside }');
    expect([s.listStyleType, s.listStylePosition, s.listStyleImage]).toEqual(['square', 'inside', null]);
    expect(t('#t { list-style: none }').listStyleType).toBe('none');
    expect(t('#t { list-style: url(dot.png) "→ " }').listStyleImage).toBe('dot.png');
    expect(t('#t { list-style: url(dot.png) "→ " }').listStyleType).toEqual({ string: '→ ' });
    expect(t('#t { list-style-type: Upper-Roman }').listStyleType).toBe('upper-roman');
  });

  it('text-decoration', () => {
    const s = t('#t { text-decoration: underline overline dotted red }');
    expect(s.textDecorationLine).toEqual({ underline: true, overline: true, lineThrough: false });
    expect(s.textDecorationStyle).toBe('dotted');
    expect(rgb(s.textDecorationColor)).toEqual([255, 0, 0, 1]);
    expect(t('#t { text-decoration: line-through 2px }').textDecorationLine.lineThrough).toBe(true);
    expect(t('#t { text-decoration: none }').textDecorationLine.underline).toBe(false);
  });

  it('flex, flex-flow, gap, place-*', () => {
    const f = (v: string) => {
      const s = t(`#t { flex: ${v} }`);
      return [s.flexGrow, s.flexShrink, s.flexBasis];
    };
    expect(f('1')).toEqual([1, 1, { percent: 0 }]);
    expect(f('none')).toEqual([0, 0, 'auto']);
    expect(f('auto')).toEqual([1, 1, 'auto']);
    expect(f('2 3 10px')).toEqual([2, 3, 10]);
    expect(f('2 30%')).toEqual([2, 1, { percent: 30 }]);
    expect(f('content')).toEqual([1, 1, 'content']);
    const s = t('#t { flex-flow: column wrap; gap: 10px 2em; place-content: center space-between; font-size: 10px }');
    expect([s.flexDirection, s.flexWrap, s.rowGap, s.columnGap]).toEqual(['column', 'wrap', 10, 20]);
    expect([s.alignContent, s.justifyContent]).toEqual(['center', 'space-between']);
    expect(t('#t { gap: 5px }').columnGap).toBe(5);
    expect(t('#t { column-gap: normal }').columnGap).toBe('normal');
    expect(t('#t { row-gap: normal }').rowGap).toBe('normal');
  });

  it('grid placement is kept as raw text', () => {
    const s = t('#t { grid-area: 1 / 2 / 3 / 4 }');
    expect([s.gridRowStart, s.gridColumnStart, s.gridRowEnd, s.gridColumnEnd, s.gridArea]).toEqual(['1', '2', '3', '4', '1 / 2 / 3 / 4']);
    const r = t('#t { grid-row: 1 / span 2; grid-column: main; grid-template-columns: repeat(2,  1fr) 100px }');
    expect([r.gridRowStart, r.gridRowEnd, r.gridColumnStart, r.gridColumnEnd]).toEqual(['1', 'span 2', 'main', 'main']);
    expect(r.gridTemplateColumns).toBe('repeat(2, 1fr) 100px');
    const a = t('#t { grid-template-areas: "a b" "c d" }');
    expect(a.gridTemplateAreas).toBe('"a b" "c d"');
  });

  it('inset, overflow, columns, and legacy aliases', () => {
    const s = t('#t { inset: 1px 2px; overflow: hidden auto; columns: 2 200px; page-break-before: always; page-break-inside: avoid; word-wrap: break-word }');
    expect([s.top, s.right, s.bottom, s.left]).toEqual([1, 2, 1, 2]);
    expect(s.overflow).toBe('hidden');
    expect([s.columnCount, s.columnWidth]).toEqual([2, 200]);
    expect([s.breakBefore, s.breakInside, s.overflowWrap]).toEqual(['page', 'avoid', 'break-word']);
    expect(t('#t { overflow-y: scroll }').overflow).toBe('scroll');
    expect(t('#t { margin-inline-start: 4px; padding-block: 1px 2px }').marginLeft).toBe(4);
    const webkit = t('#t { -webkit-padding-start: 25px; -webkit-margin-end: 3px; -webkit-margin-before: 5px; -webkit-border-after: 2px solid red }');
    expect([webkit.paddingLeft, webkit.marginRight, webkit.marginTop, webkit.borderBottom.width]).toEqual([25, 3, 5, 2]);
    expect(t('#t { direction: rtl; -webkit-padding-start: 25px }').paddingRight).toBe(25);
    expect(t('#t { outline: 1px solid red; width: 3px }').width).toBe(3);
  });
});

describe('CSS-wide keywords', () => {
  it('inherit, initial and unset', () => {
    const s = t('#p { margin-left: 7px; color: red; border: 2px solid blue } #t { margin-left: inherit; color: initial; border-top-color: inherit; border-top-style: solid }');
    expect(s.marginLeft).toBe(7);
    expect(rgb(s.color)).toEqual([0, 0, 0, 1]);
    expect(rgb(s.borderTop.color)).toEqual([0, 0, 255, 1]);
    const u = t('#p { font-size: 30px; padding-left: 4px } #t { font-size: 10px; font-size: unset; padding-left: unset }');
    expect([u.fontSize, u.paddingLeft]).toEqual([30, 0]);
    expect(t('#p { margin: 3px } #t { margin: inherit }').marginBottom).toBe(3);
  });

  it('revert rolls back to the user-agent value', () => {
    const s = styleDocument('<h1 id="h">x</h1><div id="d">y</div>', 'h1 { font-size: 10px; margin-top: 0 } #h { font-size: revert; margin-top: revert } div { display: inline } #d { display: revert }');
    expect(s.style('#h').fontSize).toBe(32);
    expect(s.style('#h').marginTop).toBeCloseTo(0.67 * 32);
    expect(s.style('#d').display).toBe('block');
  });

  it('all: initial resets everything but direction', () => {
    const s = t('#p { color: red; direction: rtl } #t { margin: 4px; all: initial }');
    expect(s.marginLeft).toBe(0);
    expect(rgb(s.color)).toEqual([0, 0, 0, 1]);
    expect(s.display).toBe('inline');
    expect(s.direction).toBe('rtl');
  });
});

describe('generated content', () => {
  it('parses content lists', () => {
    const s = styleDocument('<p id="t">x</p>', String.raw`#t::before { content: "a\"b\41 " attr(title) counter(chapter, upper-roman) counters(item, ".") open-quote close-quote no-open-quote url(x.png) }`);
    expect(s.pseudo('#t', 'before')!.content).toEqual([
      { type: 'string', value: 'a"bA' },
      { type: 'attr', name: 'title' },
      { type: 'counter', name: 'chapter', style: 'upper-roman' },
      { type: 'counters', name: 'item', separator: '.', style: 'decimal' },
      { type: 'open-quote' },
      { type: 'close-quote' },
      { type: 'no-open-quote' },
      { type: 'url', url: 'x.png' },
    ]);
  });

  it('parses the paged-media content functions', () => {
    const s = styleDocument(
      '<p id="t">x</p>',
      '#t::after { content: element(header) string(title) element(h, last) string(t, first-except) target-counter(attr(href), page) target-counter(url(#c), page, lower-alpha) target-text(attr(href)) leader(dotted) leader(" ") }',
    );
    expect(s.pseudo('#t', 'after')!.content).toEqual([
      { type: 'element', name: 'header', policy: 'first' },
      { type: 'string-ref', name: 'title', policy: 'first' },
      { type: 'element', name: 'h', policy: 'last' },
      { type: 'string-ref', name: 't', policy: 'first-except' },
      { type: 'target-counter', url: { attr: 'href' }, name: 'page', style: 'decimal' },
      { type: 'target-counter', url: { url: '#c' }, name: 'page', style: 'lower-alpha' },
      { type: 'target-text', url: { attr: 'href' } },
      { type: 'leader', value: '.' },
      { type: 'leader', value: ' ' },
    ]);
  });

  it('counters with implied values, quotes, string-set, bookmarks, running elements', () => {
    const s = t('#t { counter-reset: chapter section 3; counter-increment: item; counter-set: x; quotes: "«" "»" "‹" "›"; string-set: title content(text), chapter "Ch. " counter(chapter); bookmark-level: 2; bookmark-label: content(text); position: running(header) }');
    expect(s.counterReset).toEqual([{ name: 'chapter', value: 0 }, { name: 'section', value: 3 }]);
    expect(s.counterIncrement).toEqual([{ name: 'item', value: 1 }]);
    expect(s.counterSet).toEqual([{ name: 'x', value: 0 }]);
    expect(s.quotes).toEqual([['«', '»'], ['‹', '›']]);
    expect(s.stringSet).toEqual([
      { name: 'title', content: [{ type: 'content', which: 'text' }] },
      { name: 'chapter', content: [{ type: 'string', value: 'Ch. ' }, { type: 'counter', name: 'chapter', style: 'decimal' }] },
    ]);
    expect([s.bookmarkLevel, s.bookmarkLabel]).toEqual([2, [{ type: 'content', which: 'text' }]]);
    expect([s.position, s.running]).toEqual(['static', 'header']);
    expect(t('#t { counter-increment: none }').counterIncrement).toEqual([]);
    expect(t('#t { quotes: none }').quotes).toBe('none');
  });
});

describe('other properties', () => {
  it('keywords, numbers and aliases', () => {
    const s = t(`#t { white-space: pre-wrap; vertical-align: super; text-align: -webkit-center; opacity: 50%;
      text-transform: uppercase; letter-spacing: 0.1em; font-size: 10px; word-spacing: normal; z-index: 5;
      visibility: hidden; box-sizing: border-box; width: max-content; max-width: none; max-height: 10px;
      hyphens: auto; word-break: break-all; tab-size: 4; direction: rtl; text-indent: 2em; table-layout: fixed;
      border-spacing: 1px 2px; caption-side: bottom; empty-cells: hide; border-collapse: collapse; order: -1;
      object-fit: cover; object-position: right top; orphans: 3; widows: 4; page: chapter; break-after: avoid-page;
      box-decoration-break: clone; text-align-last: justify; font-style: oblique 10deg; transform: rotate(45deg)  scale(2) }`);
    expect([s.whiteSpace, s.verticalAlign, s.textAlign, s.opacity]).toEqual(['pre-wrap', 'super', '-webkit-center', 0.5]);
    expect([s.textTransform, s.letterSpacing, s.wordSpacing, s.zIndex]).toEqual(['uppercase', 1, 0, 5]);
    expect([s.visibility, s.boxSizing, s.width, s.maxWidth, s.maxHeight]).toEqual(['hidden', 'border-box', 'auto', 'none', 10]);
    expect([s.hyphens, s.wordBreak, s.tabSize, s.direction, s.textIndent]).toEqual(['auto', 'break-all', 4, 'rtl', 20]);
    expect([s.tableLayout, s.borderSpacing, s.captionSide, s.emptyCells, s.borderCollapse, s.order]).toEqual(['fixed', [1, 2], 'bottom', 'hide', 'collapse', -1]);
    expect([s.objectFit, s.objectPosition, s.orphans, s.widows, s.page, s.breakAfter]).toEqual(['cover', [{ percent: 100 }, { percent: 0 }], 3, 4, 'chapter', 'avoid-page']);
    expect([s.boxDecorationBreak, s.textAlignLast, s.fontStyle]).toEqual(['clone', 'justify', 'oblique']);
    expect(s.transform?.map((f) => [f.a, f.b, f.c, f.d].map((v) => Math.round(v * 1000) / 1000))).toEqual([[0.707, 0.707, -0.707, 0.707], [2, 0, 0, 2]]);
    expect(t('#t { vertical-align: -2px }').verticalAlign).toBe(-2);
    expect(t('#t { vertical-align: 50% }').verticalAlign).toEqual({ percent: 50 });
    expect(t('#t { opacity: 3 }').opacity).toBe(1);
  });

  it('box-shadow lists', () => {
    expect(t('#t { box-shadow: 1px 2px 3px 4px rgba(0,0,0,.5), inset 0 0 5px red }').boxShadow).toEqual([
      { inset: false, offsetX: 1, offsetY: 2, blur: 3, spread: 4, color: { r: 0, g: 0, b: 0, a: 0.5 } },
      { inset: true, offsetX: 0, offsetY: 0, blur: 5, spread: 0, color: { r: 255, g: 0, b: 0, a: 1 } },
    ]);
    expect(t('#t { box-shadow: none }').boxShadow).toEqual([]);
  });

  it('font-family lists are lower-cased with quotes stripped', () => {
    expect(t(`#t { font-family: 'Open Sans', "DejaVu Sans", Courier New, MONOSPACE }`).fontFamily).toEqual([
      'open sans', 'dejavu sans', 'courier new', 'monospace',
    ]);
  });

  it('display values, including two-keyword forms and blockification', () => {
    expect(t('#t { display: block flex }').display).toBe('flex');
    expect(t('#t { display: inline flow-root }').display).toBe('inline-block');
    expect(t('#t { display: inline list-item }').display).toBe('list-item');
    expect(t('#t { display: -webkit-box }').display).toBe('flex');
    expect(t('#t { display: inline; float: left }').display).toBe('block');
    expect(t('#t { display: inline-table; position: absolute; float: left }')).toMatchObject({ display: 'table', float: 'none' });
    expect(t('#p { display: flex } #t { display: inline; float: right }')).toMatchObject({ display: 'block', float: 'none' });
    expect(t('#p { display: grid } #t { display: inline-flex }').display).toBe('flex');
    expect(styleDocument('<p>x</p>', 'html { display: inline }').style('html').display).toBe('block');
  });
});
