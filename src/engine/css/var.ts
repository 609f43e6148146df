// var(): custom property values substituted into declaration text, with fallbacks and cycle detection.
import { TT, tokenName, tokenizeCss } from './syntax.js';

/** Literal text and var() references, parsed once per value text. */
type Template = readonly (string | { readonly name: string; readonly fallback: Template | null })[];

const templates = new Map<string, Template>();

function template(text: string): Template {
  let t = templates.get(text);
  if (t === undefined) {
    try {
      t = buildTemplate(text);
    } catch {
      t = [{ name: '', fallback: null }]; // nesting deep enough to exhaust the stack: never valid
    }
    if (templates.size > 20_000) templates.clear();
    templates.set(text, t);
  }
  return t;
}

function buildTemplate(text: string): Template {
  const toks = tokenizeCss(text);
  const parts: (string | { name: string; fallback: Template | null })[] = [];
  let literalStart = 0;
  for (let i = 0; i < toks.length; i++) {
    if (toks.type[i] !== TT.Function || tokenName(toks, i).toLowerCase() !== 'var') continue;
    const close = toks.close[i];
    let j = i + 1;
    while (j < close && toks.type[j] === TT.WhiteSpace) j++;
    if (j >= close || toks.type[j] !== TT.Ident) continue; // malformed: left as text (and invalid later)
    const name = tokenName(toks, j);
    let k = j + 1;
    while (k < close && toks.type[k] === TT.WhiteSpace) k++;
    let fallback: Template | null = null;
    if (k < close && toks.type[k] === TT.Comma) {
      const from = toks.end[k];
      const to = close < toks.length ? toks.start[close] : text.length;
      fallback = buildTemplate(text.slice(from, to).trim());
    } else if (k < close) continue;
    parts.push(text.slice(literalStart, toks.start[i]));
    parts.push({ name, fallback });
    literalStart = close < toks.length ? toks.end[close] : text.length;
    i = close;
  }
  parts.push(text.slice(literalStart));
  return parts.filter((p) => p !== '');
}

/**
 * The longest value var() substitution may make: past it the value is invalid at computed-value
 * time, as CSS Variables §3 lets UAs do against "billion laughs" (each custom property twice the
 * one before: thirty of them made 10 GB, and the render failed on a string too long).
 */
export const MAX_SUBSTITUTED_LENGTH = 1 << 20;

function render(t: Template, lookup: (name: string) => string | null): string | null {
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') {
      out += part;
    } else {
      const v = lookup(part.name);
      if (v !== null) out += v;
      else if (part.fallback !== null) {
        const f = render(part.fallback, lookup);
        if (f === null) return null;
        out += f;
      } else return null;
    }
    if (out.length > MAX_SUBSTITUTED_LENGTH) return null;
  }
  return out;
}

/** Does the text contain a var() function (not merely the letters, e.g. in a string)? */
export function containsVar(text: string): boolean {
  if (!/var\(/i.test(text)) return false;
  return template(text).some((p) => typeof p !== 'string');
}

/** Substitute var() references; null when one is missing without a fallback (invalid at computed-value time). */
export function substituteVars(text: string, props: ReadonlyMap<string, string>): string | null {
  return render(template(text), (name) => props.get(name) ?? null);
}

/**
 * Computed custom properties: `declared` values (already cascaded; null = guaranteed-invalid,
 * i.e. `initial`) over the inherited map. References among them resolve in dependency order;
 * every property in a reference cycle becomes invalid, even with a fallback (CSS Variables §2.3).
 */
export function computeCustomProperties(
  declared: ReadonlyMap<string, string | null>,
  inherited: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const result = new Map(inherited);
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cyclic = new Set<string>();

  const resolve = (name: string): string | null => {
    if (!declared.has(name)) return result.get(name) ?? null;
    const st = state.get(name);
    if (st === 'done') return result.get(name) ?? null;
    if (st === 'visiting') {
      for (let i = stack.lastIndexOf(name); i < stack.length; i++) cyclic.add(stack[i]);
      return null;
    }
    const raw = declared.get(name)!;
    state.set(name, 'visiting');
    stack.push(name);
    const value = raw === null ? null : containsVar(raw) ? render(template(raw), resolve) : raw;
    stack.pop();
    state.set(name, 'done');
    if (value === null || cyclic.has(name)) result.delete(name);
    else result.set(name, value);
    return cyclic.has(name) ? null : value;
  };

  for (const name of declared.keys()) resolve(name);
  return result;
}
