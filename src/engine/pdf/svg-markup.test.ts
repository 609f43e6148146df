import { describe, expect, it } from 'vitest';
import { decodeSvgEntities, parseSvgMarkup, SvgFontCascade, svgTextContent, type SvgMarkupElement, type SvgMarkupNode } from './svg-markup.js';

const elements = (node: SvgMarkupNode): SvgMarkupElement[] =>
  node.kind === 'element' ? [node, ...node.children.flatMap(elements)] : [];

function byId(root: SvgMarkupElement, id: string): SvgMarkupElement {
  const found = elements(root).find((e) => e.attributes.id === id);
  if (found === undefined) throw new Error(`no #${id}`);
  return found;
}

describe('parseSvgMarkup', () => {
  it('keeps where tags and texts are in the trimmed source, with entities decoded', () => {
    const { source, root } = parseSvgMarkup('  <svg a="1"><text x="1">a &amp; b<![CDATA[ <c> ]]></text><!-- c --></svg> ');
    expect(source.startsWith('<svg')).toBe(true);
    expect(source.slice(0, root!.nameEnd)).toBe('<svg');
    expect(source.slice(0, root!.openEnd)).toBe('<svg a="1">');
    const text = root!.children[0] as SvgMarkupElement;
    expect(text.children.map((c) => c.kind)).toEqual(['text', 'cdata']);
    const [plain, cdata] = text.children as Extract<SvgMarkupNode, { kind: 'text' | 'cdata' }>[];
    expect(plain.value).toBe('a & b');
    expect(source.slice(plain.start, plain.end)).toBe('a &amp; b');
    expect(cdata.value).toBe(' <c> ');
    expect(svgTextContent(text)).toBe('a & b <c> ');
  });

  it('recovers from errors as svg-to-pdfkit does: what follows a duplicate attribute or a stray closing tag is marked', () => {
    const { root } = parseSvgMarkup('<svg><text a="1" a="2">x</text><text>y</g><text>z</text></svg>');
    const [first, second] = root!.children as SvgMarkupElement[];
    expect(first.attributes.a).toBe('1');
    expect(first.error).toBe(false);
    expect(first.children[0].error).toBe(true);
    expect(second.error).toBe(true);
  });

  it('decodes the entities svg-to-pdfkit knows and leaves the others', () => {
    expect(decodeSvgEntities('&lt;&#65;&#x42;&Omega;&nope;&amp;lt;')).toBe('<ABΩ&nope;&lt;');
  });
});

describe('SvgFontCascade', () => {
  const cascade = (svg: string): { root: SvgMarkupElement; fonts: SvgFontCascade } => {
    const markup = parseSvgMarkup(svg);
    return { root: markup.root!, fonts: new SvgFontCascade(markup, { family: 'serif' }) };
  };

  it('inherits, and takes the initial family when nothing sets one', () => {
    const { root, fonts } = cascade('<svg><g font-family="Arial" font-weight="700"><text id="t">a</text></g><text id="u" font-style="oblique">b</text></svg>');
    expect(fonts.get(byId(root, 't'), 'font-family')).toBe('Arial');
    expect(fonts.get(byId(root, 't'), 'font-weight')).toBe('bold');
    expect(fonts.get(byId(root, 'u'), 'font-family')).toBe('serif');
    expect(fonts.get(byId(root, 'u'), 'font-style')).toBe('italic');
    expect(fonts.get(byId(root, 'u'), 'font-weight')).toBe('normal');
  });

  it('lets stylesheet rules win over the style attribute, which wins over attributes (svg-to-pdfkit\'s order)', () => {
    const { root, fonts } = cascade('<svg><style>text.x { font-family: Courier } #t2 { font: italic bold 12px Times New Roman }</style>'
      + '<text id="t1" class="x" style="font-family: Arial" font-family="Verdana">a</text>'
      + '<text id="t2" class="x">b</text><text id="t3" style="font-family: Arial" font-family="Verdana">c</text></svg>');
    expect(fonts.get(byId(root, 't1'), 'font-family')).toBe('Courier');
    expect(fonts.get(byId(root, 't2'), 'font-family')).toBe('Times New Roman');
    expect(fonts.get(byId(root, 't2'), 'font-weight')).toBe('bold');
    expect(fonts.get(byId(root, 't3'), 'font-family')).toBe('Arial');
  });

  it('skips values it does not know, and does not inherit alignment-baseline', () => {
    const { root, fonts } = cascade('<svg font-weight="bold" alignment-baseline="middle"><text id="t" font-weight="heavy" direction="rtl">a</text></svg>');
    expect(fonts.get(byId(root, 't'), 'font-weight')).toBe('bold');
    expect(fonts.get(byId(root, 't'), 'alignment-baseline')).toBeUndefined();
    expect(fonts.get(root, 'alignment-baseline')).toBe('middle');
    expect(fonts.get(byId(root, 't'), 'direction')).toBe('rtl');
  });
});
