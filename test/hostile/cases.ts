// The hostile cases: named bombs from the attack run of issue 30 and the families around them.
// Each is a request body for the quick-generate route and what may come back: a PDF, or a typed
// failure with the spec's envelope. None may crash the server, hang, leak a file or reach the network.
import { deflateSync } from 'node:zlib';

export interface HostileCase {
  readonly name: string;
  readonly family: 'template' | 'nesting' | 'fan-out' | 'long runs' | 'selectors' | 'huge values' | 'images' | 'escape' | 'body';
  /** A JSON value sent as the body, or raw text sent as is. */
  readonly body: unknown;
  readonly raw?: string;
  /** Statuses that are right for it. */
  readonly statuses: readonly number[];
  /** Text the PDF must not hold (a file's or a private address's content). */
  readonly mustNotPrint?: readonly string[];
}

const html = (content: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ html: content, data: {}, response_type: 'pdf', ...extra });
const nest = (open: string, close: string, n: number, inner = 'deep'): string => `${open.repeat(n)}${inner}${close.repeat(n)}`;

/** A PNG whose header claims `width` × `height` pixels, with a few bytes of deflated data. */
function pngClaiming(width: number, height: number): string {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // A deflate stream of zeros that expands a thousandfold.
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(4 * 1024 * 1024))), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const PDF = [200];
const TEMPLATE_ERROR = [500];
const TOO_MUCH = [422];
/** A PDF, or the engine's typed limits: pages, nesting or heap (422), time (500). */
const PDF_OR_LIMIT = [200, 422, 500];

export const HOSTILE_CASES: readonly HostileCase[] = [
  // Templates.
  { name: 'a 40-letter misspelt placeholder', family: 'template', body: html(`<p>{{ ${'a'.repeat(40)} }}</p>`), statuses: TEMPLATE_ERROR },
  { name: 'a 5 000-letter misspelt placeholder', family: 'template', body: html(`<p>{{ ${'a'.repeat(5000)} }}</p>`), statuses: TEMPLATE_ERROR },
  { name: 'the misspelt placeholder in Markdown', family: 'template', body: html(`# {{ ${'a'.repeat(40)} }}`, { content_type: 'markdown' }), statuses: TEMPLATE_ERROR },
  { name: 'a tablerow of 10⁶ iterations', family: 'template', body: html('{% tablerow i in (1..1000000) %}{{ i }}{% endtablerow %}', { template_language: 'liquid' }), statuses: TEMPLATE_ERROR },
  { name: 'a literal-tag loop of 10⁶ iterations', family: 'template', body: html('{% for i in (1..1000000) %}<p>x</p>{% endfor %}', { template_language: 'liquid' }), statuses: TEMPLATE_ERROR },
  { name: '100 MB of template output', family: 'template', body: { html: '{% for i in (1..100000) %}{{ big }}{% endfor %}', data: { big: 'x'.repeat(1000) }, response_type: 'pdf', template_language: 'liquid' }, statuses: TEMPLATE_ERROR },
  { name: 'nested loops of 10³ × 10³ × 10³', family: 'template', body: html('{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}.{% endfor %}{% endfor %}{% endfor %}', { template_language: 'liquid' }), statuses: TEMPLATE_ERROR },
  { name: 'a filter chain building a huge string', family: 'template', body: html('{% assign s = "xxxxxxxxxx" %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}', { template_language: 'liquid' }), statuses: TEMPLATE_ERROR },
  { name: 'a prototype reach in a placeholder', family: 'escape', body: html("{{ constructor.constructor('return process')() }}"), statuses: TEMPLATE_ERROR },
  { name: 'a prototype path in data access', family: 'escape', body: { html: '{{ x.__proto__.polluted }}{{ x.constructor.name }}', data: { x: {} }, response_type: 'pdf' }, statuses: [200, 500] },
  { name: 'an include of a file', family: 'escape', body: html("{% include '/etc/passwd' %}"), statuses: TEMPLATE_ERROR, mustNotPrint: ['root:x:'] },
  // The same in Jinja2 (the default language): loops, output and doubling bounded, the sandbox closed.
  { name: 'Jinja2: a loop of 10⁶ iterations', family: 'template', body: html('{% for i in range(1000) %}{% for j in range(1000) %}<p>x</p>{% endfor %}{% endfor %}'), statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: 100 MB of template output', family: 'template', body: { html: '{% for i in range(100000) %}{{ big }}{% endfor %}', data: { big: 'x'.repeat(1000) }, response_type: 'pdf' }, statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: a range of 10⁹', family: 'template', body: html('{% for i in range(1000000000) %}.{% endfor %}'), statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: a string doubled 30 times', family: 'template', body: html("{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}"), statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: a string repeated 10⁹ times', family: 'template', body: html("{{ ('x' * 1000000000) | length }}"), statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: reaching Python internals', family: 'escape', body: html("{{ ''.__class__.__mro__[1].__subclasses__() }}{{ cycler.__init__.__globals__ }}"), statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: a prototype path in data access', family: 'escape', body: { html: '{{ x.__proto__ }}{{ x.constructor }}', data: { x: {} }, response_type: 'pdf' }, statuses: TEMPLATE_ERROR },
  { name: 'Jinja2: an import of a file', family: 'escape', body: html("{% from '/etc/passwd' import x %}{% extends '/etc/passwd' %}"), statuses: TEMPLATE_ERROR, mustNotPrint: ['root:x:'] },
  { name: 'Liquid: an include of a file', family: 'escape', body: html("{% include '/etc/passwd' %}", { template_language: 'liquid' }), statuses: TEMPLATE_ERROR, mustNotPrint: ['root:x:'] },

  // Nesting.
  { name: '16 nested inline-blocks', family: 'nesting', body: html(nest('<span style="display: inline-block">a ', '</span>', 16)), statuses: PDF },
  { name: '12 nested inline tables', family: 'nesting', body: html(nest('<span style="display: inline-table">a ', '</span>', 12)), statuses: PDF },
  { name: '10 nested multi-column containers', family: 'nesting', body: html(nest('<div style="columns: 2">', '</div>', 10)), statuses: PDF },
  { name: '10⁴ nested inline-blocks', family: 'nesting', body: html(nest('<span style="display: inline-block">', '</span>', 10_000)), statuses: TOO_MUCH },
  { name: '10⁴ nested flex containers', family: 'nesting', body: html(nest('<div style="display: flex">', '</div>', 10_000)), statuses: TOO_MUCH },
  { name: '10⁴ nested floats', family: 'nesting', body: html(nest('<div style="float: left">', '</div>', 10_000)), statuses: TOO_MUCH },
  { name: '10⁴ nested grid containers', family: 'nesting', body: html(nest('<div style="display: grid">', '</div>', 10_000)), statuses: TOO_MUCH },
  { name: '10⁴ nested tables', family: 'nesting', body: html(nest('<table><tr><td>', '</td></tr></table>', 10_000)), statuses: TOO_MUCH },
  // Parsed 512 deep with the rest beside (as Blink's parser does): 10⁵ inline boxes each inside 511 others.
  { name: '10⁵ nested spans', family: 'nesting', body: html(`<p>${nest('<span>', '</span>', 100_000)}</p>`), statuses: PDF_OR_LIMIT },
  { name: 'deep nesting in SVG', family: 'nesting', body: html(`<svg width="100" height="100">${nest('<g>', '</g>', 10_000, '<rect width="10" height="10"/>')}</svg>`), statuses: PDF },

  // Fan-out and long runs.
  { name: '10⁵ spans on one line', family: 'long runs', body: html(`<p>${'<span>a</span>'.repeat(100_000)}</p>`), statuses: PDF_OR_LIMIT },
  { name: '10⁵ words in one paragraph', family: 'long runs', body: html(`<p>${'word '.repeat(100_000)}</p>`), statuses: PDF_OR_LIMIT },
  { name: 'one word of 10⁶ letters', family: 'long runs', body: html(`<p>${'x'.repeat(1_000_000)}</p>`), statuses: PDF_OR_LIMIT },
  { name: '5 000 forced page breaks', family: 'fan-out', body: html('<p style="break-after: page">x</p>'.repeat(5000)), statuses: TOO_MUCH },
  { name: 'a 10 000-row table', family: 'fan-out', body: html(`<table>${'<tr><td>a</td><td>b</td></tr>'.repeat(10_000)}</table>`), statuses: PDF_OR_LIMIT },
  { name: 'a table of 10⁴ columns', family: 'fan-out', body: html(`<table><tr>${'<td>a</td>'.repeat(10_000)}</tr></table>`), statuses: PDF_OR_LIMIT },
  { name: '10⁵ distinct inline styles', family: 'fan-out', body: html(Array.from({ length: 100_000 }, (_, i) => `<p style="margin-left:${i % 300}px;color:#${((i * 7919) % 0xffffff).toString(16).padStart(6, '0')}">x</p>`).join('')), statuses: PDF_OR_LIMIT },
  { name: 'an SVG <use> bomb', family: 'fan-out', body: html(`<svg width="100" height="100"><defs><g id="a0"><rect width="1" height="1"/></g>${Array.from({ length: 20 }, (_, i) => `<g id="a${i + 1}"><use href="#a${i}"/><use href="#a${i}"/><use href="#a${i}"/></g>`).join('')}</defs><use href="#a20"/></svg><p>after</p>`), statuses: PDF },
  { name: 'a custom-property expansion bomb', family: 'fan-out', body: html(`<style>:root { --a0: xxxxxxxxxx; ${Array.from({ length: 30 }, (_, i) => `--a${i + 1}: var(--a${i}) var(--a${i});`).join(' ')} } p::before { content: "x"; font-family: var(--a30) }</style><p>after</p>`), statuses: PDF },

  // Selectors.
  { name: 'a quadratic :has()', family: 'selectors', body: html(`<style>:has(~ p) { color: red } p:has(+ p) { color: blue } div:has(div div span) span { color: red }</style>${'<p>x</p>'.repeat(10_000)}`), statuses: PDF_OR_LIMIT },
  { name: '10⁴ rules over 10⁴ elements', family: 'selectors', body: html(`<style>${Array.from({ length: 10_000 }, (_, i) => `.c${i} div { color: red }`).join('\n')}</style>${'<div>x</div>'.repeat(10_000)}`), statuses: PDF_OR_LIMIT },
  { name: 'deeply nested :is() and :not()', family: 'selectors', body: html(`<style>${nest(':is(', ')', 500, 'p')} { color: red } ${nest(':not(', ')', 500, 'div')} { color: blue }</style><p>x</p>`), statuses: PDF },
  // Flattened, each level's selector holds every level above it: 10⁸ characters of selectors.
  { name: 'CSS nested 10⁴ levels', family: 'selectors', body: html(`<style>${nest('div { ', ' }', 10_000, 'color: red;')}</style><div>x</div>`), statuses: PDF_OR_LIMIT },

  // Huge values.
  { name: 'a 10⁹ px font size', family: 'huge values', body: html('<p style="font-size: 1000000000px">x</p><p>after</p>'), statuses: PDF_OR_LIMIT },
  { name: 'a 10³⁰ px wide box', family: 'huge values', body: html('<div style="width: 1e30px; height: 1e30px; border: 1e20px solid red">x</div>'), statuses: PDF_OR_LIMIT },
  { name: 'a page 10⁶ px tall', family: 'huge values', body: html('<style>@page { size: 100px 1000000px }</style><p>x</p>'), statuses: PDF_OR_LIMIT },
  { name: 'letter-spacing of 10⁹ px', family: 'huge values', body: html('<p style="letter-spacing: 1000000000px">spread</p>'), statuses: PDF_OR_LIMIT },
  { name: 'counters incremented 10⁹ at a time', family: 'huge values', body: html('<style>li { counter-increment: n 1000000000 } li::before { content: counter(n, upper-roman) }</style><ol>' + '<li>x</li>'.repeat(1000) + '</ol>'), statuses: PDF },
  { name: 'data nested 10⁴ deep', family: 'body', body: null, raw: `{"html":"x","response_type":"pdf","data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`, statuses: TOO_MUCH },

  // Images.
  { name: 'a PNG claiming 10⁵ × 10⁵ pixels', family: 'images', body: html(`<img src="${pngClaiming(100_000, 100_000)}"><p>after</p>`), statuses: PDF_OR_LIMIT },
  { name: 'a PNG whose data inflates a thousandfold', family: 'images', body: html(`<img src="${pngClaiming(1024, 1024)}"><p>after</p>`), statuses: PDF_OR_LIMIT },
  { name: 'an SVG image 10⁹ px wide', family: 'images', body: html(`<img src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1000000000" height="1000000000"><rect width="100%" height="100%"/></svg>')}"><p>after</p>`), statuses: PDF_OR_LIMIT },

  // Escapes: files and the network.
  { name: 'an image from a file', family: 'escape', body: html('<img src="file:///etc/passwd"><img src="/etc/passwd"><p>after</p>'), statuses: PDF, mustNotPrint: ['root:x:'] },
  { name: 'a stylesheet from a file and from the network', family: 'escape', body: html('<link rel="stylesheet" href="file:///etc/passwd"><link rel="stylesheet" href="http://169.254.169.254/latest/meta-data/"><style>@import url("http://127.0.0.1:1/x.css");</style><p>after</p>'), statuses: PDF },
  { name: 'a font from a file', family: 'escape', body: html('<style>@font-face { font-family: X; src: url(file:///etc/passwd) } p { font-family: X }</style><p>after</p>'), statuses: PDF },
  { name: 'an iframe, object and script', family: 'escape', body: html('<iframe src="file:///etc/passwd"></iframe><object data="file:///etc/passwd"></object><script>while(true){}</script><p>after</p>'), statuses: PDF, mustNotPrint: ['root:x:'] },
  { name: 'an SVG image reaching a file', family: 'escape', body: html(`<img src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>')}"><p>after</p>`), statuses: PDF },

  // Bodies.
  { name: 'malformed JSON', family: 'body', body: null, raw: '{"html": "<p>', statuses: [400, 422] },
  { name: 'a JSON array', family: 'body', body: [1, 2, 3], statuses: [400, 422] },
  { name: 'wrong types everywhere', family: 'body', body: { html: 5, data: 'x', response_type: ['pdf'], password: {}, save_template: 'yes' }, statuses: [422] },
  { name: 'a password of 10⁵ characters', family: 'body', body: html('<p>x</p>', { password: 'p'.repeat(100_000) }), statuses: [200, 422] },
];
