import { describe, expect, it } from 'vitest';
import { parseDeclarationList, parseStylesheet, parseUnicodeRange } from './stylesheet.js';

const selectors = (css: string): string[] => parseStylesheet(css, 'author').rules.map((r) => r.selectorText);
const decls = (css: string) => parseStylesheet(css, 'author').rules.map((r) => r.declarations.map((d) => `${d.property}:${d.value}${d.important ? '!' : ''}`));

describe('parseStylesheet', () => {
  it('parses rules, declarations and !important', () => {
    const sheet = parseStylesheet('p, .a > b { color: red; margin: 0 auto !important }', 'author');
    expect(sheet.origin).toBe('author');
    expect(sheet.rules).toHaveLength(1);
    expect(sheet.rules[0].selectors.map((s) => s.text)).toEqual(['p', '.a > b']);
    expect(decls('p { color: red; margin: 0 auto ! IMPORTANT }')).toEqual([['color:red', 'margin:0 auto!']]);
  });

  it('never throws and drops what it cannot read', () => {
    const css = 'p { color: red; ;; foo: ; : bar; width } @unknown x { a { b: c } } } div { color: blue } @media { ';
    expect(() => parseStylesheet(css, 'author')).not.toThrow();
    expect(decls('p { color: red; ;; foo: ; : bar; width; top: 1px }')).toEqual([['color:red', 'top:1px']]);
    expect(selectors('@unknown x { a { b: c } } div { color: blue }')).toEqual(['div']);
    expect(selectors('p { color: red } garbage')).toEqual(['p']);
    expect(parseStylesheet('}}}{{{', 'author').rules).toEqual([]);
  });

  it('drops selectors that cannot match here but keeps the others', () => {
    const sheet = parseStylesheet('p::first-line, p::selection, li::marker, q::before, p:first-letter { color: red }', 'author');
    expect(sheet.rules[0].selectors.map((s) => [s.text, s.pseudo])).toEqual([
      ['p', 'first-line'],
      ['li', 'marker'],
      ['q', 'before'],
      ['p', 'first-letter'],
    ]);
    expect(parseStylesheet('a:before, ::after { x: y }', 'author').rules[0].selectors.map((s) => [s.text, s.pseudo])).toEqual([
      ['a', 'before'],
      ['*', 'after'],
    ]);
  });

  it('computes specificity', () => {
    const spec = (sel: string) => {
      const s = parseStylesheet(`${sel} { color: red }`, 'author').rules[0].selectors[0].specificity;
      return [s >> 20, (s >> 10) & 1023, s & 1023];
    };
    expect(spec('*')).toEqual([0, 0, 0]);
    expect(spec('li')).toEqual([0, 0, 1]);
    expect(spec('ul li')).toEqual([0, 0, 2]);
    expect(spec('ul ol+li')).toEqual([0, 0, 3]);
    expect(spec('h1 + *[rel=up]')).toEqual([0, 1, 1]);
    expect(spec('ul ol li.red')).toEqual([0, 1, 3]);
    expect(spec('li.red.level')).toEqual([0, 2, 1]);
    expect(spec('#x34y')).toEqual([1, 0, 0]);
    expect(spec('#s12:not(FOO)')).toEqual([1, 0, 1]);
    expect(spec(':is(#a, .b) p')).toEqual([1, 0, 1]);
    expect(spec(':where(#a, .b) p')).toEqual([0, 0, 1]);
    expect(spec('li:nth-child(2n of .x)')).toEqual([0, 2, 1]);
    expect(spec('p::before')).toEqual([0, 0, 2]);
    expect(spec('a:hover')).toEqual([0, 1, 1]);
  });

  it('indexes selectors by their rightmost id, class or tag', () => {
    const keys = parseStylesheet('#a .b, div p.c#d, ul li, .x > *, [title], a.b.c, .x :is(em, b.y), :is(ol, ul) :where(ol, ul), :is(a b, i), p :is(*)  { x: 1 }', 'author')
      .rules[0].selectors.map((s) => s.keys.join(' '));
    expect(keys).toEqual(['.b', '#d', 'li', '*', '*', '.c', 'em .y', 'ol ul', '*', '*']);
  });

  describe('nesting', () => {
    it('resolves & and implicit descendant nesting', () => {
      const css = `.a { color: red; & .b { color: blue } > .c { x: 1px } .d & { q: 1 } &.e { y: 1 } &:hover { z: 1 } .f { g: 1 } }`;
      expect(selectors(css)).toEqual(['.a', '.a .b', '.a > .c', '.d .a', '.a.e', '.a:hover', '.a .f']);
    });

    it('wraps parent selector lists in :is()', () => {
      expect(selectors('.a, .b { & c { x: 1 } d & { x: 1 } }')).toEqual([':is(.a, .b) c', 'd :is(.a, .b)']);
      expect(parseStylesheet('.a, .b { & c { color: red } }', 'author').rules[0].selectors[0].specificity).toBe(1025);
    });

    it('nests deeply, with declarations after nested rules coming later', () => {
      const sheet = parseStylesheet('.a { color: red; .b { .c { top: 1px } } color: blue }', 'author');
      expect(sheet.rules.map((r) => [r.selectorText, r.declarations.map((d) => d.value).join()])).toEqual([
        ['.a', 'red'],
        ['.a .b .c', '1px'],
        ['.a', 'blue'],
      ]);
    });

    it('applies nested @media and @supports to the parent selector', () => {
      const sheet = parseStylesheet('.a { color: red; @media print { color: green } @media screen { color: pink } @supports (display: grid) { top: 0 } }', 'author');
      expect(sheet.rules.map((r) => [r.selectorText, r.declarations[0].value])).toEqual([
        ['.a', 'red'],
        ['.a', 'green'],
        ['.a', '0'],
      ]);
    });

    it('keeps element nested rules (a:hover {…}) apart from declarations', () => {
      expect(selectors('div { a:hover { color: red } color: blue; p { x: 1 } }')).toEqual(['div a:hover', 'div', 'div p']);
      expect(decls('div { a:hover { color: red } color: blue; }')).toEqual([['color:red'], ['color:blue']]);
    });
  });

  describe('@media', () => {
    it('keeps print, all and matching features, drops screen', () => {
      const css = `
        @media print { .print { x: 1 } }
        @media all { .all { x: 1 } }
        @media screen { .screen { x: 1 } }
        @media not print { .notprint { x: 1 } }
        @media not screen { .notscreen { x: 1 } }
        @media (min-width: 600px) { .wide { x: 1 } }
        @media (min-width: 1000px) { .huge { x: 1 } }
        @media screen, print and (orientation: portrait) { .list { x: 1 } }
        @media only screen and (max-width: 600px) { .mobile { x: 1 } }
        @media print { @media (max-width: 800px) { .nested { x: 1 } } }`;
      expect(selectors(css)).toEqual(['.print', '.all', '.notscreen', '.wide', '.list', '.nested']);
    });
  });

  describe('@supports', () => {
    it('evaluates declarations this engine parses', () => {
      const css = `
        @supports (display: grid) { .grid { x: 1 } }
        @supports not (display: grid) { .nogrid { x: 1 } }
        @supports (display: frobnicate) { .bad { x: 1 } }
        @supports (color: red) and (not (foo: bar)) { .and { x: 1 } }
        @supports (foo: bar) or (margin: 0) { .or { x: 1 } }
        @supports selector(a > b) { .sel { x: 1 } }`;
      expect(selectors(css)).toEqual(['.grid', '.and', '.or', '.sel']);
    });
  });

  describe('@import', () => {
    it('records imports with their media, resolved against the base URL', () => {
      const sheet = parseStylesheet(
        '@charset "utf-8"; @import "a.css"; @import url(b.css) print; @import url("c.css") layer(x) screen and (color); p { x: 1 } @import "late.css";',
        'author',
        'https://example.com/css/main.css',
      );
      expect(sheet.imports).toEqual([
        { url: 'https://example.com/css/a.css', media: '' },
        { url: 'https://example.com/css/b.css', media: 'print' },
        { url: 'https://example.com/css/c.css', media: 'screen and (color)' },
      ]);
    });

    it('drops imports whose supports() condition fails', () => {
      const sheet = parseStylesheet('@import "a.css" supports(display: grid); @import "b.css" supports(display: nonsense);', 'author');
      expect(sheet.imports.map((i) => i.url)).toEqual(['a.css']);
    });
  });

  describe('@page', () => {
    it('parses selectors, declarations and margin boxes', () => {
      const sheet = parseStylesheet(
        `@page { size: A4; margin: 2cm }
         @page :first { margin-top: 4cm; @top-center { content: "Title"; color: gray } }
         @page chapter:left, :right { @bottom-right-corner { content: counter(page) } @bottom-left { content: "x" } }
         @page :nth(2) { margin: 0 }
         @page { @top-left { content: "a" } @nonsense { content: "b" } margin: 1in }`,
        'author',
      );
      const rules = sheet.pageRules;
      expect(rules).toHaveLength(4);
      expect(rules[0].selectors).toEqual([{ name: null, pseudoClasses: [], specificity: 0 }]);
      expect(rules[0].declarations.map((d) => `${d.property}:${d.value}`)).toEqual(['size:A4', 'margin:2cm']);
      expect(rules[1].selectors[0].pseudoClasses).toEqual(['first']);
      expect(rules[1].marginBoxes).toEqual([
        {
          name: 'top-center',
          declarations: [
            { property: 'content', value: '"Title"', important: false },
            { property: 'color', value: 'gray', important: false },
          ],
        },
      ]);
      expect(rules[2].selectors.map((s) => [s.name, s.pseudoClasses])).toEqual([
        ['chapter', ['left']],
        [null, ['right']],
      ]);
      expect(rules[2].selectors[0].specificity).toBeGreaterThan(rules[2].selectors[1].specificity);
      expect(rules[2].marginBoxes.map((m) => m.name)).toEqual(['bottom-right-corner', 'bottom-left']);
      expect(rules[3].marginBoxes.map((m) => m.name)).toEqual(['top-left']);
      expect(rules[3].declarations.map((d) => d.property)).toEqual(['margin']);
    });
  });

  describe('@font-face', () => {
    it('reads family, sources, weight range, style and unicode-range', () => {
      const sheet = parseStylesheet(
        `@font-face { font-family: "Open Sans"; src: url(fonts/os.woff2) format("woff2"), url('fonts/os.ttf') format(truetype), local(Open Sans Regular), local("OpenSans");
           font-weight: 300 700; font-style: italic; unicode-range: U+0000-00FF, U+0131, U+4?? }
         @font-face { font-family: NoSource }
         @font-face { font-family: Plain; src: url(p.ttf); font-weight: bold }`,
        'author',
        'file:///site/style.css',
      );
      expect(sheet.fontFaces).toEqual([
        {
          family: 'open sans',
          sources: [
            { kind: 'url', url: 'file:///site/fonts/os.woff2', format: 'woff2' },
            { kind: 'url', url: 'file:///site/fonts/os.ttf', format: 'truetype' },
            { kind: 'local', name: 'Open Sans Regular' },
            { kind: 'local', name: 'OpenSans' },
          ],
          weight: [300, 700],
          style: 'italic',
          unicodeRange: [
            [0, 0xff],
            [0x131, 0x131],
            [0x400, 0x4ff],
          ],
        },
        { family: 'plain', sources: [{ kind: 'url', url: 'file:///site/p.ttf', format: null }], weight: [700, 700], style: 'normal', unicodeRange: null },
      ]);
    });

    it('parses unicode ranges', () => {
      expect(parseUnicodeRange('U+26')).toEqual([[0x26, 0x26]]);
      expect(parseUnicodeRange('nonsense')).toBeNull();
    });
  });

  it('resolves url()s in declarations against the base URL, leaving data: and fragments alone', () => {
    const sheet = parseStylesheet(
      'p { background: url(img/a.png) no-repeat, url("../b.png"); list-style-image: url(data:image/png;base64,AAAA); x: url(#frag) }',
      'author',
      'https://example.com/css/site.css',
    );
    expect(sheet.rules[0].declarations.map((d) => d.value)).toEqual([
      'url("https://example.com/css/img/a.png") no-repeat, url("https://example.com/b.png")',
      'url("data:image/png;base64,AAAA")',
      'url("#frag")',
    ]);
  });

  it('reads the rules of @layer and @container blocks and ignores @keyframes', () => {
    expect(selectors('@layer base { p { x: 1 } } @layer a, b; @keyframes k { from { x: 1 } } @container (width > 1px) { q { x: 1 } } em { x: 1 }')).toEqual(['p', 'q', 'em']);
  });

  it('keeps custom property values as written', () => {
    expect(decls(':root { --Brand-Color: #336699 ; --empty:; --json: { "a": 1 } }')).toEqual([
      ['--Brand-Color:#336699', '--empty:', '--json:{ "a": 1 }'],
    ]);
  });
});

describe('parseDeclarationList', () => {
  it('reads style attributes', () => {
    expect(parseDeclarationList('color: red; MARGIN-TOP: 2px !important; bogus; width: 1px')).toEqual([
      { property: 'color', value: 'red', important: false },
      { property: 'margin-top', value: '2px', important: true },
      { property: 'width', value: '1px', important: false },
    ]);
  });
});

describe('pathological input', () => {
  it('does not throw on deep nesting', () => {
    const deep = 'a { '.repeat(20000) + 'color: red' + ' }'.repeat(20000);
    expect(() => parseStylesheet(deep, 'author')).not.toThrow();
    const parens = `p { width: ${'calc('.repeat(20000)}1px${')'.repeat(20000)} } q { color: red }`;
    const sheet = parseStylesheet(parens, 'author');
    expect(sheet.rules.map((r) => r.selectorText)).toContain('q');
    const is = `${':is('.repeat(5000)}a${')'.repeat(5000)} { color: red }`;
    expect(() => parseStylesheet(is, 'author')).not.toThrow();
  });
});
