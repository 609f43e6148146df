import { selectAll } from 'css-select';
import { type Element, isTag } from 'domhandler';
import { findAll } from 'domutils';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './parse.js';

const elements = (html: string): Element[] => findAll(() => true, parseHtml(html).children);
const byName = (html: string, name: string): Element => elements(html).find((e) => isTag(e) && e.name === name)!;

describe('parseHtml', () => {
  it('gives attribute maps that inherit nothing, so only real attributes match', () => {
    const doc = parseHtml('<p constructor="c">one</p><p>two</p><p data-x="1" toString="t">three</p>');
    const [first, second, third] = findAll((e) => e.name === 'p', doc.children);
    expect(first.attribs.constructor).toBe('c');
    expect(second.attribs.constructor).toBeUndefined();
    expect(second.attribs.toString).toBeUndefined();
    expect(Object.keys(third.attribs)).toEqual(['data-x', 'tostring']);
    expect(selectAll('[constructor]', doc)).toEqual([first]);
    expect(selectAll('[tostring]', doc)).toEqual([third]);
  });

  it('keeps the prefixes and namespaces of foreign attributes only', () => {
    const use = byName('<svg><use xlink:href="#a" xml:lang="en" fill="red"/></svg>', 'use');
    const foreign = use as Element & { 'x-attribsPrefix': Record<string, string>; 'x-attribsNamespace': Record<string, string> };
    // parse5 keeps the local name and records the prefix and namespace beside it.
    expect(use.attribs).toEqual({ href: '#a', lang: 'en', fill: 'red' });
    expect(foreign['x-attribsPrefix'].href).toBe('xlink');
    expect(foreign['x-attribsPrefix'].lang).toBe('xml');
    expect(foreign['x-attribsNamespace'].href).toBe('http://www.w3.org/1999/xlink');
    expect(foreign['x-attribsPrefix'].fill).toBeUndefined();
    const div = byName('<div class="a"></div>', 'div') as Element & { 'x-attribsPrefix': Record<string, string> };
    expect(div['x-attribsPrefix'].class).toBeUndefined();
  });

  it('merges the attributes of a second <html> or <body> tag into the first, as browsers do', () => {
    const body = byName('<body class="a"><p>x</p><body class="b" id="late"><svg><a xlink:href="#x"/></svg>', 'body');
    expect(body.attribs).toEqual({ class: 'a', id: 'late' });
    expect(byName('<html lang="en"><html dir="rtl" lang="fr">', 'html').attribs).toEqual({ lang: 'en', dir: 'rtl' });
  });
});
