import { describe, expect, it } from 'vitest';
import { styleDocument } from '../test-utils.js';
import type { ComputedStyle } from '../types.js';

/** The computed style of `#t` (font-size 10px) with `css` in its rule. */
function style(css: string): ComputedStyle {
  return styleDocument('<!doctype html><html><body><div id="t">x</div></body></html>', `#t { font-size: 10px; ${css} }`).style('#t');
}

const round = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** The computed functions as [a, b, c, d, e, f], numbers rounded. */
function transform(value: string): unknown {
  const t = style(`transform: ${value}`).transform;
  return t?.map((f) => [f.a, f.b, f.c, f.d].map(round).concat([f.e, f.f] as never[]));
}

describe('transform', () => {
  it.each([
    ['none', undefined],
    ['translate(10px)', [[1, 0, 0, 1, 10, 0]]],
    ['translate(1em, 50%)', [[1, 0, 0, 1, 10, { percent: 50 }]]],
    ['translateX(-5px) translateY(2pt)', [[1, 0, 0, 1, -5, 0], [1, 0, 0, 1, 0, 8 / 3]]],
    ['scale(2)', [[2, 0, 0, 2, 0, 0]]],
    ['scale(2, 50%)', [[2, 0, 0, 0.5, 0, 0]]],
    ['scaleX(3) scaleY(-1)', [[3, 0, 0, 1, 0, 0], [1, 0, 0, -1, 0, 0]]],
    ['rotate(90deg)', [[0, 1, -1, 0, 0, 0]]],
    ['rotate(0.5turn)', [[-1, 0, 0, -1, 0, 0]]],
    ['ROTATE(-100grad)', [[0, -1, 1, 0, 0, 0]]],
    ['skew(45deg)', [[1, 0, 1, 1, 0, 0]]],
    ['skewX(45deg) skewY(45deg)', [[1, 0, 1, 1, 0, 0], [1, 1, 0, 1, 0, 0]]],
    ['matrix(1, 2, 3, 4, 5, 6)', [[1, 2, 3, 4, 5, 6]]],
  ])('%s', (value, expected) => {
    expect(transform(value) ?? undefined).toEqual(expected);
  });

  it('flattens 3D functions to what they show on the page, and ignores perspective()', () => {
    expect(transform('translate3d(1px, 2px, 30px) translateZ(4px) scale3d(2, 3, 4) scaleZ(2) perspective(100px)')).toEqual([
      [1, 0, 0, 1, 1, 2], [1, 0, 0, 1, 0, 0], [2, 0, 0, 3, 0, 0], [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0],
    ]);
    expect(transform('rotateZ(90deg) rotate3d(0, 0, 2, 90deg)')).toEqual([[0, 1, -1, 0, 0, 0], [0, 1, -1, 0, 0, 0]]);
    // Turned about the x axis, a box looks shorter; about the y axis, narrower.
    expect(transform('rotateX(60deg) rotateY(60deg)')).toEqual([[1, 0, 0, 0.5, 0, 0], [0.5, 0, 0, 1, 0, 0]]);
    expect(transform('matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,0, 7,8,9,1)')).toEqual([[1, 0, 0, 1, 7, 8]]);
  });

  it.each(['rotate(10px)', 'translate(1px, 2px, 3px)', 'scale()', 'foo(1)', 'rotate(45deg) 3px', 'matrix(1, 2, 3)', 'translateX(1)'])(
    'drops the invalid %s', (value) => {
      expect(style(`transform: rotate(5deg); transform: ${value}`).transform).toHaveLength(1);
    },
  );

  it('is not inherited and takes the -webkit- alias', () => {
    const s = styleDocument('<!doctype html><div id="p"><div id="t"></div></div>', '#p { -webkit-transform: scale(2) }');
    expect(s.style('#p').transform).toHaveLength(1);
    expect(s.style('#t').transform).toBeNull();
  });
});

describe('translate, rotate and scale', () => {
  const one = (css: string, field: 'translate' | 'rotate' | 'scale') => {
    const f = style(css)[field];
    return f && [f.a, f.b, f.c, f.d].map(round).concat([f.e, f.f] as never[]);
  };

  it.each([
    ['translate: 10px', 'translate', [1, 0, 0, 1, 10, 0]],
    ['translate: 50% 1em 3px', 'translate', [1, 0, 0, 1, { percent: 50 }, 10]],
    ['rotate: 90deg', 'rotate', [0, 1, -1, 0, 0, 0]],
    ['rotate: z 90deg', 'rotate', [0, 1, -1, 0, 0, 0]],
    ['rotate: 60deg x', 'rotate', [1, 0, 0, 0.5, 0, 0]],
    ['rotate: 0 0 1 -90deg', 'rotate', [0, -1, 1, 0, 0, 0]],
    ['scale: 2', 'scale', [2, 0, 0, 2, 0, 0]],
    ['scale: 50% 3 7', 'scale', [0.5, 0, 0, 3, 0, 0]],
    ['scale: none', 'scale', null],
  ] as const)('%s', (css, field, expected) => {
    expect(one(css, field)).toEqual(expected);
  });

  it.each([['translate: 1px 2px 3%', 'translate'], ['rotate: x y 4deg', 'rotate'], ['rotate: 45', 'rotate'], ['scale: 1px', 'scale']] as const)(
    'drops the invalid %s', (css, field) => {
      expect(style(css)[field]).toBeNull();
    },
  );
});

describe('transform-origin', () => {
  const origin = (value: string) => style(`transform-origin: ${value}`).transformOrigin;

  it.each([
    ['left', [{ percent: 0 }, { percent: 50 }]],
    ['bottom', [{ percent: 50 }, { percent: 100 }]],
    ['10px', [10, { percent: 50 }]],
    ['right top', [{ percent: 100 }, { percent: 0 }]],
    ['top right', [{ percent: 100 }, { percent: 0 }]],
    ['center bottom', [{ percent: 50 }, { percent: 100 }]],
    ['2em 25%', [20, { percent: 25 }]],
    ['left 5px 10px', [{ percent: 0 }, 5]],
  ])('%s', (value, expected) => {
    expect(origin(value)).toEqual(expected);
  });

  it('defaults to the centre and drops invalid values', () => {
    expect(origin('top 10px')).toEqual([{ percent: 50 }, { percent: 50 }]);
    expect(origin('left right')).toEqual([{ percent: 50 }, { percent: 50 }]);
    expect(origin('1px 2px 3%')).toEqual([{ percent: 50 }, { percent: 50 }]);
  });
});
