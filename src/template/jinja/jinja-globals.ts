// The globals a Jinja template starts with: range (bounded as the sandbox bounds it), dict, namespace, cycler, joiner.
import { Builtin, bindArguments, type Kwargs } from './jinja-callables.js';
import { JinjaRuntimeError } from './jinja-errors.js';
import type { HasAttributes } from './jinja-lookup.js';
import { defined, hashKey, toList } from './python-operators.js';
import { Namespace, PyRange, isDict, typeName } from './python-values.js';

/** The sandbox's MAX_RANGE: `range()` may not make more items. */
export const MAX_RANGE = 100_000;

function integer(value: unknown): number {
  defined(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new JinjaRuntimeError('TypeError', `'${typeName(value)}' object cannot be interpreted as an integer`);
}

function range(args: readonly unknown[], kwargs: Kwargs): PyRange {
  if (kwargs.size > 0) throw new JinjaRuntimeError('TypeError', 'range() takes no keyword arguments');
  if (args.length === 0 || args.length > 3) throw new JinjaRuntimeError('TypeError', `range expected at least 1 argument, got ${args.length}`);
  const [start, stop, step] = args.length === 1 ? [0, integer(args[0]), 1] : [integer(args[0]), integer(args[1]), args.length === 3 ? integer(args[2]) : 1];
  if (step === 0) throw new JinjaRuntimeError('ValueError', 'range() arg 3 must not be zero');
  const result = new PyRange(start, stop, step);
  if (result.length > MAX_RANGE) throw new JinjaRuntimeError('OverflowError', `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${MAX_RANGE}).`);
  return result;
}

function dict(args: readonly unknown[], kwargs: Kwargs): Map<unknown, unknown> {
  if (args.length > 1) throw new JinjaRuntimeError('TypeError', `dict expected at most 1 argument, got ${args.length}`);
  const result = new Map<unknown, unknown>();
  if (args.length === 1) {
    const source = defined(args[0]);
    if (isDict(source)) for (const [key, value] of source) result.set(key, value);
    else for (const pair of toList(source)) {
      const items = toList(pair);
      if (items.length !== 2) throw new JinjaRuntimeError('ValueError', `dictionary update sequence element has length ${items.length}; 2 is required`);
      result.set(hashKey(items[0]), items[1]);
    }
  }
  for (const [key, value] of kwargs) result.set(key, value);
  return result;
}

function namespace(args: readonly unknown[], kwargs: Kwargs): Namespace {
  const result = new Namespace();
  for (const [key, value] of dict(args, kwargs)) result.attributes.set(String(key), value);
  return result;
}

/** `cycler(a, b, c)`: `next()` gives the items in turn. */
class Cycler implements HasAttributes {
  readonly pythonType = 'Cycler';
  private position = 0;

  constructor(private readonly items: readonly unknown[]) {
    if (items.length === 0) throw new JinjaRuntimeError('RuntimeError', 'at least one item has to be provided');
  }

  attribute(name: string): unknown {
    if (name === 'current') return this.items[this.position];
    if (name === 'next') {
      return new Builtin('next', () => {
        const value = this.items[this.position];
        this.position = (this.position + 1) % this.items.length;
        return value;
      });
    }
    if (name === 'reset') {
      return new Builtin('reset', () => {
        this.position = 0;
        return null;
      });
    }
    return undefined;
  }
}

/** `joiner(sep)`: '' the first time it is called, `sep` after. */
function joiner(args: readonly unknown[], kwargs: Kwargs): Builtin {
  const [separator] = bindArguments('joiner', [['sep', ', ']], args, kwargs);
  let used = false;
  return new Builtin('joiner', () => {
    if (!used) {
      used = true;
      return '';
    }
    return separator;
  }, 'Joiner');
}

/** The global names every render starts with. */
export function makeGlobals(): Map<string, unknown> {
  return new Map<string, unknown>([
    ['range', new Builtin('range', range, 'function')],
    ['dict', new Builtin('dict', dict, 'type')],
    ['namespace', new Builtin('namespace', namespace, 'type')],
    ['cycler', new Builtin('cycler', (args) => new Cycler(args), 'type')],
    ['joiner', new Builtin('joiner', joiner, 'type')],
  ]);
}

