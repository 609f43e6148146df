// Cascade layers (CSS Cascade 5 §6.4): layer order against unlayered rules, sublayers, anonymous layers, !important reversed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { styleDocument } from './test-utils.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const colorOf = (css: string, html = '<p id="t" class="c">x</p>') => styleDocument(html, css).style('#t').color;

describe('cascade layers', () => {
  it('lets unlayered rules win over layered ones whatever their order and specificity', () => {
    expect(colorOf('p { color: green } @layer a { #t.c { color: red } }')).toEqual(green);
    expect(colorOf('@layer a { #t { color: red } } p { color: green }')).toEqual(green);
  });

  it('orders layers by their first naming, not by where their rules are', () => {
    expect(colorOf('@layer base, theme; @layer theme { p { color: green } } @layer base { #t { color: red } }')).toEqual(green);
    expect(colorOf('@layer theme { p { color: red } } @layer base { p { color: green } }')).toEqual(green);
  });

  it("puts a layer's sublayers before its own rules, and each anonymous layer on its own", () => {
    expect(colorOf('@layer a { p { color: green } @layer b { #t { color: red } } }')).toEqual(green);
    expect(colorOf('@layer a.b { #t { color: red } } @layer a { p { color: green } }')).toEqual(green);
    expect(colorOf('@layer { #t { color: red } } @layer { p { color: green } }')).toEqual(green);
  });

  it('reverses the order for !important: earlier layers win, and beat unlayered important rules', () => {
    expect(colorOf('@layer a, b; @layer a { p { color: green !important } } @layer b { #t { color: red !important } }')).toEqual(green);
    expect(colorOf('#t { color: red !important } @layer a { p { color: green !important } }')).toEqual(green);
    expect(colorOf('@layer a { p { color: green !important } }', '<p id="t" style="color: red">x</p>')).toEqual(green);
  });

  it('lays nested rules inside layers out as the layer holds them', () => {
    expect(colorOf('.c { color: green } @layer a { .c { &#t { color: red } } }')).toEqual(green);
    expect(colorOf('@layer a { .c { color: red } } @layer b { p { &.c { color: green } } }')).toEqual(green);
  });

  it('lets the last layer named win whatever the source order of the rules', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('l1', 'l2', 'l3', 'l4'), { minLength: 2, maxLength: 4 }), fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }), (order, shuffle) => {
        const rules = order.map((name, i) => `@layer ${name} { p { color: ${i === order.length - 1 ? 'green' : 'red'} } }`);
        for (let i = rules.length - 1; i > 0; i--) {
          const j = (shuffle[i] ?? 0) % (i + 1);
          [rules[i], rules[j]] = [rules[j]!, rules[i]!];
        }
        expect(colorOf(`@layer ${order.join(', ')}; ${rules.join(' ')}`)).toEqual(green);
      }),
    );
  });
});
