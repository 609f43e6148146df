import { describe, expect, it } from 'vitest';
import { parseHtml } from '../html/parse.js';
import type { LoadedResource, ResourceKind, ResourceLoader } from '../../resources/types.js';
import { documentBaseUrl, loadStylesheets } from './load.js';
import { quirksStylesheet, userAgentStylesheet } from './ua.js';

/** A loader over an in-memory map of absolute URLs, recording what was asked. */
function fakeLoader(files: Record<string, string>, documentBaseUrl: string | null = 'https://x.test/doc/'): ResourceLoader & { calls: string[] } {
  const calls: string[] = [];
  return {
    documentBaseUrl,
    calls,
    async load(url: string, kind: ResourceKind, baseUrl?: string): Promise<LoadedResource | null> {
      const abs = new URL(url, baseUrl ?? documentBaseUrl ?? undefined).href;
      calls.push(`${kind} ${abs}`);
      const text = files[abs];
      if (text === undefined) return null;
      return { url: abs, bytes: new TextEncoder().encode(text), mimeType: 'text/css' };
    },
  };
}

const firstSelectors = (sheets: Awaited<ReturnType<typeof loadStylesheets>>) =>
  sheets.filter((s) => s.origin !== 'user-agent').map((s) => s.rules.map((r) => r.selectorText).join(','));

describe('loadStylesheets', () => {
  it('adds the quirks-mode UA rules after the UA sheet when the document has no doctype (as Chromium)', async () => {
    const quirky = await loadStylesheets(parseHtml('<p>x'), { loader: null });
    expect(quirky.slice(0, 2)).toEqual([userAgentStylesheet(), quirksStylesheet()]);
    for (const html of ['<!DOCTYPE html><p>x', '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x']) {
      expect(await loadStylesheets(parseHtml(html), { loader: null })).not.toContain(quirksStylesheet());
    }
    expect(await loadStylesheets(parseHtml('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><p>x'), { loader: null })).toContain(quirksStylesheet());
  });

  it('puts the UA sheet first, then <style> and <link> in document order, then extraCss', async () => {
    const loader = fakeLoader({ 'https://x.test/doc/a.css': '.a {x:1}', 'https://x.test/doc/b.css': '.b {x:1}' });
    const doc = parseHtml(`<!DOCTYPE html><html><head><link rel="stylesheet" href="a.css"><style>.s1 {x:1}</style></head>
      <body><style>.s2 {x:1}</style><link rel="stylesheet" href="b.css"><link rel="alternate stylesheet" href="c.css"><link rel="icon" href="d.css"></body></html>`);
    const sheets = await loadStylesheets(doc, { loader, extraCss: '.extra {x:1}' });
    expect(sheets[0]).toBe(userAgentStylesheet());
    expect(firstSelectors(sheets)).toEqual(['.a', '.s1', '.s2', '.b', '.extra']);
    expect(loader.calls).toEqual(['stylesheet https://x.test/doc/a.css', 'stylesheet https://x.test/doc/b.css']);
    expect(sheets[1].baseUrl).toBe('https://x.test/doc/a.css');
  });

  it('skips missing resources and works without a loader', async () => {
    const doc = parseHtml('<link rel="stylesheet" href="missing.css"><style>p{x:1}</style>');
    expect(firstSelectors(await loadStylesheets(doc, { loader: fakeLoader({}) }))).toEqual(['p']);
    expect(firstSelectors(await loadStylesheets(doc, { loader: null }))).toEqual(['p']);
  });

  it('skips a loader that throws', async () => {
    const loader: ResourceLoader = { documentBaseUrl: null, load: () => Promise.reject(new Error('boom')) };
    const doc = parseHtml('<link rel="stylesheet" href="x.css"><style>p{x:1}</style>');
    expect(firstSelectors(await loadStylesheets(doc, { loader }))).toEqual(['p']);
  });

  it('follows @import recursively, imports first, relative to the importing sheet', async () => {
    const loader = fakeLoader({
      'https://x.test/doc/css/main.css': '@import "parts/one.css"; @import url(two.css) screen; @import "three.css" print; .main {x:1}',
      'https://x.test/doc/css/parts/one.css': '@import "../deep.css"; .one {x:1}',
      'https://x.test/doc/css/deep.css': '.deep {x:1}',
      'https://x.test/doc/css/two.css': '.two {x:1}',
      'https://x.test/doc/css/three.css': '.three {x:1}',
    });
    const doc = parseHtml('<link rel="stylesheet" href="css/main.css"><style>@import "css/deep.css"; .inline {x:1}</style>');
    const sheets = await loadStylesheets(doc, { loader });
    expect(firstSelectors(sheets)).toEqual(['.deep', '.one', '.three', '.main', '.deep', '.inline']);
    expect(loader.calls).not.toContain('stylesheet https://x.test/doc/css/two.css');
  });

  it('survives @import cycles', async () => {
    const loader = fakeLoader({
      'https://x.test/doc/a.css': '@import "b.css"; .a {x:1}',
      'https://x.test/doc/b.css': '@import "a.css"; @import "b.css"; .b {x:1}',
    });
    const doc = parseHtml('<link rel="stylesheet" href="a.css">');
    expect(firstSelectors(await loadStylesheets(doc, { loader }))).toEqual(['.b', '.a']);
  });

  it('honours <base href> and media attributes', async () => {
    const loader = fakeLoader({ 'https://cdn.test/styles/site.css': '.site {x:1}', 'https://cdn.test/styles/screen.css': '.screen {x:1}' });
    const doc = parseHtml(`<!DOCTYPE html><head><base href="https://cdn.test/styles/"><link rel="stylesheet" href="site.css" media="print, screen">
      <link rel="stylesheet" href="screen.css" media="screen"><style media="screen">.no {x:1}</style><style media="print">.yes {x:1}</style>
      <style>p { background: url(bg.png) }</style></head>`);
    const sheets = await loadStylesheets(doc, { loader });
    expect(firstSelectors(sheets)).toEqual(['.site', '.yes', 'p']);
    expect(sheets[3].rules[0].declarations[0].value).toBe('url("https://cdn.test/styles/bg.png")');
    expect(documentBaseUrl(doc, null)).toBe('https://cdn.test/styles/');
    expect(documentBaseUrl(parseHtml('<base href="sub/">'), 'file:///root/')).toBe('file:///root/sub/');
    expect(documentBaseUrl(parseHtml('<p>'), 'file:///root/')).toBe('file:///root/');
  });

  it('ignores styles inside <template> and non-CSS style types', async () => {
    const doc = parseHtml('<template><style>.tpl {x:1}</style></template><style type="text/less">.less {x:1}</style><style type="text/css">.css {x:1}</style>');
    expect(firstSelectors(await loadStylesheets(doc, { loader: null }))).toEqual(['.css']);
  });
});
