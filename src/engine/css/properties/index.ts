// The longhand registry: every supported property by name and by numeric id.
import type { PropertyDef } from '../property.js';
import { boxProperties } from './box.js';
import { contentProperties } from './content.js';
import { layoutProperties } from './layout.js';
import { paintProperties } from './paint.js';
import { textProperties } from './text.js';
import { transformProperties } from './transform.js';
import { truncationProperties } from './truncation.js';
import { writingModeProperties } from './writing-mode.js';

interface Registry {
  readonly list: readonly PropertyDef[];
  readonly ids: ReadonlyMap<string, number>;
}

let registry: Registry | null = null;

function build(): Registry {
  const list = [...boxProperties(), ...textProperties(), ...paintProperties(), ...contentProperties(), ...layoutProperties(), ...transformProperties(), ...writingModeProperties(), ...truncationProperties()];
  const ids = new Map<string, number>();
  list.forEach((p, i) => ids.set(p.name, i));
  return { list, ids };
}

export function longhands(): readonly PropertyDef[] {
  return (registry ??= build()).list;
}

/** The id of a longhand (lower-case name), or undefined when not supported. */
export function longhandId(name: string): number | undefined {
  return (registry ??= build()).ids.get(name);
}
