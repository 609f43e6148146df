// injectExtraCss: where extra CSS lands in an HTML document.
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
});
