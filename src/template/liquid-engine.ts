// Builds the locked-down LiquidJS instances templates render with, one per output mode.
import { Liquid } from 'liquidjs';
import { escapeMarkdownText } from './escape-markdown.js';
import { stringifyOutput } from './stringify-output.js';
import { applyBudget } from './template-budget.js';
import { installFastTokenPositions } from './token-positions.js';
import { parseLinearly } from './linear-parse.js';

export type TemplateMode = 'html' | 'markdown';

/** Tags that read other templates; there is no file system for templates to reach. */
const FILE_TAGS = ['include', 'render', 'layout'] as const;

const instances = new Map<string, Liquid>();

export function liquidFor(mode: TemplateMode, parseLimit: number): Liquid {
  const key = `${mode}:${parseLimit}`;
  let liquid = instances.get(key);
  if (!liquid) {
    liquid = createLiquid(mode, parseLimit);
    instances.set(key, liquid);
  }
  return liquid;
}

function createLiquid(mode: TemplateMode, parseLimit: number): Liquid {
  installFastTokenPositions();
  const liquid = new Liquid({
    strictVariables: true,
    strictFilters: true,
    lenientIf: true,
    ownPropertyOnly: true,
    outputEscape: mode === 'html' ? 'escape' : escapeMarkdownOutput,
    // An empty in-memory file map: nothing on disk is reachable even if a file tag slipped through.
    templates: {},
    dynamicPartials: false,
    parseLimit,
    timezoneOffset: 0,
    locale: 'en-US',
  });
  for (const tag of FILE_TAGS) delete liquid.tags[tag];
  parseLinearly(liquid);
  applyBudget(liquid);
  return liquid;
}

interface FilterThis {
  readonly context?: { readonly memoryLimit?: { use(count: number): void } };
}

function escapeMarkdownOutput(this: FilterThis, value: unknown): string {
  const text = stringifyOutput(value);
  this.context?.memoryLimit?.use(text.length);
  return escapeMarkdownText(text);
}

