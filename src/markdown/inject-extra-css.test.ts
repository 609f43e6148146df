// injectExtraCss: where extra CSS lands in an HTML document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { injectExtraCss } from './inject-extra-css.js';

describe('injectExtraCss', () => {
  it('adds the CSS as the last thing in <head>', () => {
    const html = '<html><head><style>p{color:red}</style></HEAD><body><p>x</p></body></html>';
    expect(injectExtraCss(html, 'p{color:blue}')).toBe(
      '<html><head><style>p{color:red}</style><style>\np{color:blue}\n</style></HEAD><body><p>x</p></body></html>',
    );
  });

  it('goes after <html> or the doctype when there is no head', () => {
    expect(injectExtraCss('<!doctype html><html lang="en"><p>x</p></html>', 'a{}')).toBe(
      '<!doctype html><html lang="en"><style>\na{}\n</style><p>x</p></html>',
    );
    expect(injectExtraCss('<!DOCTYPE html><p>x</p>', 'a{}')).toBe('<!DOCTYPE html><style>\na{}\n</style><p>x</p>');
  });

  it('is prepended to a fragment', () => {
    expect(injectExtraCss('<p>x</p>', '@page { margin: 1cm }')).toBe('<style>\n@page { margin: 1cm }\n</style><p>x</p>');
  });

  it('leaves the HTML alone without CSS', () => {
    expect(injectExtraCss('<p>x</p>', null)).toBe('<p>x</p>');
    expect(injectExtraCss('<p>x</p>', '')).toBe('<p>x</p>');
  });

  it('finds where to insert in one pass over hostile markup', () => {
    // Each `<html` with no `>` after it used to send the pattern to the end of the document.
    const html = '<html'.repeat(200_000);
    expect(injectExtraCss(html, 'a{}')).toBe(`<style>\na{}\n</style>${html}`);
    const doctypes = `${'<!doctype '.repeat(100_000)}>`;
    expect(injectExtraCss(doctypes, 'a{}')).toBe(`${doctypes}<style>\na{}\n</style>`);
  }, 10_000);

  it('matches what the old patterns found', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('<html', '<HTML ', '<!doctype', '<!DOCTYPE x', '>', '</head', '</head >', 'x', ' '), { maxLength: 12 }), (pieces) => {
        const html = pieces.join('');
        const old = /<\/head\s*>/i.exec(html) ? null : (/<html\b[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html));
        const expected = old ? html.slice(0, old.index + old[0].length) + '<style>\nc\n</style>' + html.slice(old.index + old[0].length) : undefined;
        if (expected !== undefined) expect(injectExtraCss(html, 'c')).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
