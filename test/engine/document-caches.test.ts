// Layout and paint keep what they remember about a document's boxes in the document's
// LayoutContext (layout/context.ts, documentCache), never in module-level WeakMaps keyed by boxes,
// fragments or DOM nodes: V8's young-generation collections treat such a map's values as live, so
// every finished document would be kept and promoted until the next full collection (decision 0140).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheSlot, documentCache, newDocumentCaches, newNesting, type LayoutContext } from '../../src/engine/layout/context.js';

const ENGINE = fileURLToPath(new URL('../../src/engine', import.meta.url));
const PER_DOCUMENT = /\b(Box|BlockBox|InlineBox|TableBox|TextBox|ReplacedBox|Fragment|BoxFragment|LineFragment|PageFragment|Element|Document|PDFKit\.PDFDocument)\b/;

function sources(dir: string): string[] {
  return readdirSync(join(ENGINE, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(dir, f));
}

describe('per-document caches', () => {
  it('layout and paint have no module-level WeakMap keyed by a box, fragment or DOM node', () => {
    const found: string[] = [];
    for (const file of [...sources('layout'), ...sources('paint')]) {
      for (const line of readFileSync(join(ENGINE, file), 'utf8').split('\n')) {
        const key = /^const \w+ = new WeakMap<([^,]+),/.exec(line)?.[1];
        if (key !== undefined && PER_DOCUMENT.test(key)) found.push(`${file}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('a document cache belongs to its context: another document starts empty', () => {
    const slot = cacheSlot<object, number>('test');
    const fonts = {} as LayoutContext['fonts'];
    const one: LayoutContext = { fonts, pageContentHeight: 0, caches: newDocumentCaches(), nesting: newNesting() };
    const two: LayoutContext = { fonts, pageContentHeight: 0, caches: newDocumentCaches(), nesting: newNesting() };
    const key = {};
    documentCache(one, slot).set(key, 1);
    expect(documentCache(one, slot).get(key)).toBe(1);
    expect(documentCache({ ...one, pageContentHeight: 5 }, slot).get(key)).toBe(1);
    expect(documentCache(two, slot).get(key)).toBeUndefined();
  });
});
