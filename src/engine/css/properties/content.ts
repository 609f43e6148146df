// Longhands of lists, generated content, counters, fragmentation and paged media.
import { type PropertyDef, keywordProperty, simple } from '../property.js';
import type { CV } from '../syntax.js';
import type { BreakValue, ContentItem, ListStyleType } from '../types.js';
import {
  parseContent, parseContentList, parseCounterChanges, parseCounterStyle, parseQuotes, parseStringSet,
} from '../values/content.js';
import { parseInteger } from '../values/length.js';

export function parseListStyleType(values: readonly CV[]): ListStyleType | undefined {
  return values.length === 1 ? parseCounterStyle(values[0]) : undefined;
}

export function parseListStyleImage(values: readonly CV[]): string | null | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return v.lower === 'none' ? null : undefined;
  if (v.type === 'url') return v.value;
  // Gradients as list markers are not supported: they fall back to list-style-type.
  if (v.type === 'function' && v.name.includes('gradient')) return null;
  return undefined;
}

const BREAK_VALUES: readonly BreakValue[] = [
  'auto', 'avoid', 'avoid-page', 'page', 'left', 'right', 'recto', 'verso', 'column', 'avoid-column',
];

function positiveInteger(values: readonly CV[]): number | undefined {
  const n = values.length === 1 ? parseInteger(values[0]) : undefined;
  return n !== undefined && n >= 1 ? n : undefined;
}

function parsePage(values: readonly CV[]): string | undefined {
  if (values.length !== 1 || values[0].type !== 'ident') return undefined;
  return values[0].lower === 'auto' ? 'auto' : values[0].value;
}

function parseBookmarkLevel(values: readonly CV[]): number | 'none' | undefined {
  if (values.length === 1 && values[0].type === 'ident') return values[0].lower === 'none' ? 'none' : undefined;
  return positiveInteger(values);
}

function parseBookmarkLabel(values: readonly CV[]): readonly ContentItem[] | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  return parseContentList(values);
}

export function contentProperties(): PropertyDef[] {
  return [
    simple('list-style-type', 'listStyleType', true, parseListStyleType),
    keywordProperty('list-style-position', 'listStylePosition', true, ['inside', 'outside'] as const),
    simple('list-style-image', 'listStyleImage', true, parseListStyleImage),
    simple('content', 'content', false, parseContent),
    simple('quotes', 'quotes', true, parseQuotes),
    simple('counter-reset', 'counterReset', false, (v) => parseCounterChanges(v, 0)),
    simple('counter-increment', 'counterIncrement', false, (v) => parseCounterChanges(v, 1)),
    simple('counter-set', 'counterSet', false, (v) => parseCounterChanges(v, 0)),
    keywordProperty('break-before', 'breakBefore', false, BREAK_VALUES, { always: 'page', all: 'page' }),
    keywordProperty('break-after', 'breakAfter', false, BREAK_VALUES, { always: 'page', all: 'page' }),
    keywordProperty('break-inside', 'breakInside', false, ['auto', 'avoid', 'avoid-page', 'avoid-column'] as const, {
      'avoid-region': 'avoid',
    }),
    simple('orphans', 'orphans', true, positiveInteger),
    simple('widows', 'widows', true, positiveInteger),
    simple('page', 'page', false, parsePage),
    simple('string-set', 'stringSet', false, parseStringSet),
    simple('bookmark-level', 'bookmarkLevel', false, parseBookmarkLevel),
    simple('bookmark-label', 'bookmarkLabel', false, parseBookmarkLabel),
  ];
}
