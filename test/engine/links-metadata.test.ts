// The PDF itself: link annotations (external and internal), document metadata from <title> and
// <meta>, page sizes in points, extractable text, and deterministic output.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { renderPdf } from '../../src/testing/render.js';

const pdfOf = async (html: string) => readPdf(await renderPdf(html));

describe('links', () => {
  it('turns <a href> into a URI link annotation', async () => {
    const pdf = await pdfOf('<p><a href="https://example.com/path?q=1">example</a></p>');
    expect(pdf.pages[0].links).toEqual([{ url: 'https://example.com/path?q=1' }]);
  });

  it('links mailto: and tel: addresses', async () => {
    const pdf = await pdfOf('<p><a href="mailto:someone@example.com">mail</a> <a href="tel:+123456">call</a></p>');
    expect(pdf.pages[0].links.map((l) => l.url)).toEqual(['mailto:someone@example.com', 'tel:+123456']);
  });

  it('makes one annotation per line an inline link spans', async () => {
    const pdf = await pdfOf('<div style="width:60px"><a href="https://example.com">one two three four</a></div>');
    expect(pdf.pages[0].links.length).toBeGreaterThan(1);
    expect(new Set(pdf.pages[0].links.map((l) => l.url))).toEqual(new Set(['https://example.com/']));
  });

  it('links a block-level <a> over its whole box', async () => {
    const pdf = await pdfOf('<a href="https://example.com" style="display:block;height:50px"></a>');
    expect(pdf.pages[0].links).toHaveLength(1);
  });

  it('links the block inside an inline <a> (the inline is split around it)', async () => {
    const pdf = await pdfOf('<div><a href="https://example.com"><div style="height:20px">block</div></a></div>');
    expect(pdf.pages[0].links.map((l) => l.url)).toEqual(['https://example.com/']);
  });

  it('links an image inside <a> and an inline-block <a>', async () => {
    const png = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const pdf = await pdfOf(`<p><a href="https://example.com"><img src="${png}"></a></p><a href="https://example.org" style="display:inline-block;width:50px;height:20px"></a>`);
    expect(pdf.pages[0].links.map((l) => l.url)).toEqual(['https://example.com/', 'https://example.org/']);
  });

  it('does not link javascript: or empty hrefs', async () => {
    const pdf = await pdfOf('<p><a href="javascript:alert(1)">js</a> <a href="">empty</a> <a>none</a></p>');
    expect(pdf.pages[0].links).toEqual([]);
  });

  it('turns <a href="#id"> into a link to the page holding the element with that id', async () => {
    const pdf = await pdfOf(`<style>@page { size: 300px 200px; margin: 10px }</style>
      <p><a href="#target">go</a></p><div style="height:500px"></div><h2 id=target>Target</h2>`);
    expect(pdf.pageCount).toBeGreaterThan(2);
    const [link] = pdf.pages[0].links;
    expect(link.dest).toBe('target');
    expect(link.destPage).toBe(pdf.pageCount);
  });

  it('links to <a name> anchors too', async () => {
    const pdf = await pdfOf(`<!DOCTYPE html><style>@page { size: 300px 200px; margin: 10px }</style>
      <p><a href="#old">go</a></p><div style="height:100px"></div><p><a name=old>here</a></p>`);
    expect(pdf.pages[0].links[0]).toMatchObject({ dest: 'old', destPage: 2 });
  });

  it('decodes percent-escapes in a fragment', async () => {
    const pdf = await pdfOf('<p><a href="#a%20b">go</a></p><p id="a b">x</p>');
    expect(pdf.pages[0].links[0]).toMatchObject({ dest: 'a b', destPage: 1 });
  });

  it('links to an empty element', async () => {
    const pdf = await pdfOf('<p><a href="#x">go</a></p><div id=x></div><p>after</p>');
    expect(pdf.pages[0].links[0]).toMatchObject({ dest: 'x', destPage: 1 });
  });

  it('links to an empty element inside an otherwise empty wrapper', async () => {
    const pdf = await pdfOf('<p><a href="#x">go</a></p><section><div id=x></div></section><p>after</p>');
    expect(pdf.pages[0].links[0]).toMatchObject({ dest: 'x', destPage: 1 });
  });

  it('renders a link to a missing id without failing', async () => {
    const pdf = await pdfOf('<p><a href="#nowhere">go</a></p>');
    expect(pdf.pageCount).toBe(1);
  });
});

describe('metadata', () => {
  it('takes the title from <title>, trimmed', async () => {
    const pdf = await pdfOf('<title>  Quarterly  report </title><p>x</p>');
    expect(pdf.info.Title).toBe('Quarterly  report');
  });

  it('takes author, subject and keywords from <meta>', async () => {
    const pdf = await pdfOf(`<head><meta name="author" content="Ada Lovelace"><meta name="description" content="About engines">
      <meta name="keywords" content="pdf, css"></head><p>x</p>`);
    expect(pdf.info).toMatchObject({ Author: 'Ada Lovelace', Subject: 'About engines', Keywords: 'pdf, css' });
  });

  it('matches meta names case-insensitively and ignores empty content', async () => {
    const pdf = await pdfOf('<meta name="AUTHOR" content="Grace"><meta name="description" content=""><p>x</p>');
    expect(pdf.info.Author).toBe('Grace');
    expect(pdf.info.Subject).toBeUndefined();
  });

  it('keeps non-ASCII text in metadata', async () => {
    const pdf = await pdfOf('<title>Ünïcødé — 日本</title><p>x</p>');
    expect(pdf.info.Title).toBe('Ünïcødé — 日本');
  });

  it('names pagesmith as the producer and leaves out what the document does not say', async () => {
    const pdf = await pdfOf('<p>x</p>');
    expect(pdf.info.Producer).toBe('pagesmith');
    expect(pdf.info.Title).toBeUndefined();
    expect(pdf.info.Author).toBeUndefined();
  });
});

describe('pages and text in the PDF', () => {
  it('sizes pages in points (0.75pt per CSS px)', async () => {
    const a4 = await pdfOf('<p>x</p>');
    expect(a4.pages[0].width).toBeCloseTo(596, 1);
    expect(a4.pages[0].height).toBeCloseTo(843, 1);
    const letter = await pdfOf('<style>@page { size: letter landscape }</style><p>x</p>');
    expect(letter.pages[0].width).toBeCloseTo(792, 3);
    expect(letter.pages[0].height).toBeCloseTo(612, 3);
  });

  it('writes one PDF page per laid-out page, with their text', async () => {
    const pdf = await pdfOf('<style>@page { size: 300px 200px }</style><p>first</p><p style="break-before:page">second</p>');
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0].text).toBe('first');
    expect(pdf.pages[1].text).toBe('second');
  });

  it('keeps spaces, punctuation and non-ASCII text extractable', async () => {
    const pdf = await pdfOf('<p>Grüße, naïve café — 10 € “quoted”</p>');
    expect(pdf.pages[0].text).toBe('Grüße, naïve café — 10 € “quoted”');
  });

  it('does not write hidden text', async () => {
    const pdf = await pdfOf('<p>shown <span style="visibility:hidden">hidden</span> <span style="display:none">gone</span></p>');
    expect(pdf.pages[0].text).toBe('shown');
  });
});

describe('deterministic output', () => {
  const html = '<title>T</title><p>Same input, same bytes. <a href="https://example.com">link</a></p>';

  it('gives byte-identical PDFs for the same input with deterministic: true', async () => {
    const a = await renderPdf(html, { deterministic: true });
    const b = await renderPdf(html, { deterministic: true });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('still differs when the input differs', async () => {
    const a = await renderPdf(html, { deterministic: true });
    const b = await renderPdf(html.replace('Same', 'Other'), { deterministic: true });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('gives identical bytes with images and several fonts', async () => {
    const rich = `<p style="font-family:Arimo">a <b>b</b> <i>c</i></p><pre>code</pre>
      <img src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>')}">`;
    const a = await renderPdf(rich, { deterministic: true });
    const b = await renderPdf(rich, { deterministic: true });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
