// LiquidJS's own stringification of what a template outputs (Drops by their value, arrays joined, nil empty).
import { toValue } from 'liquidjs';

export function stringifyOutput(value: unknown): string {
  const resolved: unknown = toValue(value);
  if (typeof resolved === 'string') return resolved;
  if (resolved === null || resolved === undefined) return '';
  if (Array.isArray(resolved)) return resolved.map((item) => stringifyOutput(item)).join('');
  return String(resolved);
}
