// The sandbox's attribute and item lookup: dict keys, list and str items, the methods of Python's types and Jinja's runtime objects, never a JavaScript property, prototype or function of the data.
import { JinjaRuntimeError } from './jinja-errors.js';
import { defined, hashKey } from './python-operators.js';
import { DictView, Markup, Namespace, PyRange, Undefined, codePoints, hasAstral, isDict, isGroupTuple, isNumber, isString, isTuple, numberOf, objectTypeRepr, pyRepr, textOf } from './python-values.js';

/** A Jinja runtime object with attributes of its own (loop, macro, cycler, joiner, bound method). */
export interface HasAttributes {
  readonly pythonType: string;
  /** The attribute's value, or undefined when it has none. */
  attribute(name: string): unknown;
}

export function hasAttributes(value: unknown): value is HasAttributes {
  return typeof value === 'object' && value !== null && typeof (value as { attribute?: unknown }).attribute === 'function';
}

/** The methods of a Python value by name (str, list, dict…), bound to it; undefined when there is none. */
export type MethodLookup = (value: unknown, name: string) => unknown;

/** Python attributes every object has; the sandbox refuses them (they begin with `_`). */
const OBJECT_ATTRIBUTES = new Set([
  '__class__', '__doc__', '__init__', '__new__', '__dict__', '__module__', '__repr__', '__str__', '__eq__', '__ne__', '__lt__', '__le__', '__gt__', '__ge__',
  '__hash__', '__getattribute__', '__setattr__', '__delattr__', '__dir__', '__reduce__', '__reduce_ex__', '__sizeof__', '__subclasshook__', '__init_subclass__',
  '__format__', '__getitem__', '__len__', '__iter__', '__contains__', '__add__', '__mul__', '__rmul__', '__mod__', '__rmod__', '__getstate__', '__class_getitem__',
]);

export class SandboxLookup {
  constructor(private readonly methods: MethodLookup) {}

  /** `obj.name`: an attribute first, then an item, as the sandbox's `getattr` does. */
  getattr(value: unknown, name: string, offset: number): unknown {
    defined(value);
    const attribute = this.attribute(value, name, offset);
    if (attribute !== undefined) return attribute;
    if (isDict(value)) {
      const key = hashKey(name);
      if (value.has(key)) return value.get(key);
    }
    return missingAttribute(value, name, offset);
  }

  /** `getattr(obj, name)` through the sandbox, without falling back to items (the `attr` filter). */
  attributeOf(value: unknown, name: string, offset: number): unknown {
    defined(value);
    return this.attribute(value, name, offset) ?? missingAttribute(value, name, offset);
  }

  /** `obj[key]`: an item first, then (for a string key) an attribute, as the sandbox's `getitem` does. */
  getitem(value: unknown, key: unknown, offset: number): unknown {
    defined(value);
    defined(key);
    const item = this.item(value, key);
    if (item !== undefined) return item;
    if (isString(key)) {
      const attribute = this.attribute(value, textOf(key), offset);
      if (attribute !== undefined) return attribute;
      return missingAttribute(value, textOf(key), offset);
    }
    return new Undefined(`${objectTypeRepr(value)} has no element ${pyRepr(key)}`, offset);
  }

  /** The item at `key`, or undefined where Python's `obj[key]` raises. */
  private item(value: unknown, key: unknown): unknown {
    if (isDict(value)) {
      if (Array.isArray(key) && !isTuple(key)) throw new JinjaRuntimeError('TypeError', "unhashable type: 'list'");
      const hashed = hashKey(key);
      return value.has(hashed) ? value.get(hashed) : undefined;
    }
    if (!(isNumber(key) && Number.isInteger(numberOf(key)) && typeof key !== 'object')) return undefined;
    const index = numberOf(key);
    if (Array.isArray(value)) return value[index < 0 ? value.length + index : index];
    if (isString(value)) {
      const text = textOf(value);
      const chars = hasAstral(text) ? codePoints(text) : null;
      const length = chars ? chars.length : text.length;
      const at = index < 0 ? length + index : index;
      if (at < 0 || at >= length) return undefined;
      const char = chars ? (chars[at] as string) : (text[at] as string);
      return value instanceof Markup ? new Markup(char) : char;
    }
    if (value instanceof PyRange) {
      const at = index < 0 ? value.length + index : index;
      return at >= 0 && at < value.length ? value.at(at) : undefined;
    }
    return undefined;
  }

  /** A named attribute of the value (a method, a runtime object's attribute), or undefined. */
  private attribute(value: unknown, name: string, offset: number): unknown {
    if (name.startsWith('_')) {
      if (OBJECT_ATTRIBUTES.has(name) || (name.startsWith('__') && name.endsWith('__') && !isDict(value))) {
        return new Undefined(`access to attribute ${pyRepr(name)} of ${pyRepr(objectTypeRepr(value).replace(/ object$/, ''))} object is unsafe.`, offset, 'strict', 'security');
      }
      return undefined;
    }
    if (value instanceof Namespace) return value.attributes.get(name);
    if (isGroupTuple(value)) {
      if (name === 'grouper') return value[0];
      if (name === 'list') return value[1];
    }
    if (hasAttributes(value)) return value.attribute(name);
    if (value instanceof DictView) return undefined;
    return this.methods(value, name);
  }
}

function missingAttribute(value: unknown, name: string, offset: number): Undefined {
  return new Undefined(`${pyRepr(objectTypeRepr(value))} has no attribute ${pyRepr(name)}`, offset);
}
