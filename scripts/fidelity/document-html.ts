// Produces the HTML the engine renders for a corpus document: the same input the reference was printed from.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import type { CorpusDocument } from './corpus.js';

/** `liquid`: plain LiquidJS, unescaped; `library`: pagesmith's own `renderTemplate` (HTML-escaped, strict). */
export type TemplateRenderer = 'liquid' | 'library';

/**
 * Markdown documents give `rendered.html` (the exact HTML the reference came from, so the
 * engine is measured and not the Markdown converter); template documents render
 * `template.html` with `data.json`; the rest give `source.html`.
 *
 * Templates default to plain LiquidJS without escaping because that reproduces `source.html`:
 * several corpus `data.json` files hold ready-made HTML (`&yen;`, `&#39;`, `<br />`), which
 * pagesmith's escaping template module would print literally, costing points that are not the
 * engine's. `library` is there to exercise the real template path on purpose.
 */
export async function documentHtml(document: CorpusDocument, renderer: TemplateRenderer = 'liquid'): Promise<string> {
  if (document.input === 'markdown') return readFile(join(document.dir, 'rendered.html'), 'utf8');
  if (document.input === 'html') return readFile(document.source ?? join(document.dir, 'source.html'), 'utf8');
  const [template, json] = await Promise.all([readFile(join(document.dir, 'template.html'), 'utf8'), readFile(join(document.dir, 'data.json'), 'utf8')]);
  const data = JSON.parse(json) as Record<string, unknown>;
  if (renderer === 'library') {
    // Imported only when asked for, so a template module mid-rewrite cannot break the default run.
    const { renderTemplate } = await import('../../src/template/index.js');
    // The corpus templates are written in Liquid.
    return renderTemplate(template, data, { language: 'liquid' });
  }
  return new Liquid({ strictVariables: false }).parseAndRender(template, data);
}
