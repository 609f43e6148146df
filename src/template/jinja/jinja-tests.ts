// Jinja's builtin tests (jinja2/tests.py): `is defined`, `is none`, `is number`, `is divisibleby(3)`, `is equalto(x)`…
import type { Parameters } from './jinja-callables.js';
import { bindArguments } from './jinja-callables.js';
import type { RenderEnvironment, Test } from './jinja-environment.js';
import { FILTERS } from './jinja-filters.js';
import { isCallable, pyBinary, pyCompare, pyContains, pyEquals, pyLen, pyText, toList } from './python-operators.js';
import { DictView, Markup, PyFloat, PyIterator, PyRange, Undefined, isDict, isFloat, isNumber, isString, numberOf, textOf } from './python-values.js';
import { percentFormat } from './python-format.js';

function test(name: string, parameters: Parameters, body: (environment: RenderEnvironment, value: unknown, values: unknown[]) => boolean): [string, Test] {
  return [name, (environment, value, args, kwargs) => body(environment, value, bindArguments(`test_${name}`, parameters, args, kwargs))];
}

function modulo(environment: RenderEnvironment, value: unknown, divisor: unknown): unknown {
  const charge = (units: number): void => environment.budget.allocate(units);
  return pyBinary('mod', value, divisor, charge, (format, args) => percentFormat(textOf(format), args, charge));
}

function isSequence(value: unknown): boolean {
  if (value instanceof Undefined) return false;
  try {
    pyLen(value);
    return isString(value) || Array.isArray(value) || isDict(value) || value instanceof PyRange;
  } catch {
    return false;
  }
}

function isIterable(value: unknown): boolean {
  if (value instanceof PyIterator || value instanceof DictView) return true;
  if (value instanceof Undefined) {
    toList(value);
    return false;
  }
  try {
    toList(value);
    return true;
  } catch {
    return false;
  }
}

const comparison = (op: 'eq' | 'ne' | 'lt' | 'lteq' | 'gt' | 'gteq'): ((environment: RenderEnvironment, value: unknown, values: unknown[]) => boolean) => (_, value, [other]) => {
  if (op === 'eq') return pyEquals(value, other);
  if (op === 'ne') return !pyEquals(value, other);
  return pyCompare(op, value, other);
};

/** Every builtin test by name. */
export const TESTS: ReadonlyMap<string, Test> = new Map<string, Test>([
  test('defined', [], (_, value) => !(value instanceof Undefined)),
  test('undefined', [], (_, value) => value instanceof Undefined),
  test('none', [], (_, value) => value === null),
  test('boolean', [], (_, value) => typeof value === 'boolean'),
  test('false', [], (_, value) => value === false),
  test('true', [], (_, value) => value === true),
  test('integer', [], (_, value) => typeof value === 'number' && Number.isInteger(value)),
  test('float', [], (_, value) => isFloat(value) || value instanceof PyFloat),
  test('number', [], (_, value) => isNumber(value)),
  test('string', [], (_, value) => isString(value)),
  test('mapping', [], (_, value) => isDict(value)),
  test('sequence', [], (_, value) => isSequence(value)),
  test('iterable', [], (_, value) => isIterable(value)),
  test('callable', [], (_, value) => isCallable(value) || value instanceof Undefined),
  test('odd', [], (environment, value) => pyEquals(modulo(environment, value, 2), 1)),
  test('even', [], (environment, value) => pyEquals(modulo(environment, value, 2), 0)),
  test('divisibleby', [['num']], (environment, value, [divisor]) => pyEquals(modulo(environment, value, divisor), 0)),
  test('escaped', [], (_, value) => value instanceof Markup),
  test('lower', [], (_, value) => {
    const text = pyText(value);
    return /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text);
  }),
  test('upper', [], (_, value) => {
    const text = pyText(value);
    return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
  }),
  test('sameas', [['other']], (_, value, [other]) => value === other || (isNumber(value) && isNumber(other) && typeof value === typeof other && numberOf(value) === numberOf(other) && !isFloat(value))),
  test('in', [['seq']], (_, value, [sequence]) => pyContains(sequence, value)),
  test('eq', [['other']], comparison('eq')),
  test('equalto', [['other']], comparison('eq')),
  test('==', [['other']], comparison('eq')),
  test('ne', [['other']], comparison('ne')),
  test('!=', [['other']], comparison('ne')),
  test('lt', [['other']], comparison('lt')),
  test('lessthan', [['other']], comparison('lt')),
  test('<', [['other']], comparison('lt')),
  test('le', [['other']], comparison('lteq')),
  test('<=', [['other']], comparison('lteq')),
  test('gt', [['other']], comparison('gt')),
  test('greaterthan', [['other']], comparison('gt')),
  test('>', [['other']], comparison('gt')),
  test('ge', [['other']], comparison('gteq')),
  test('>=', [['other']], comparison('gteq')),
  test('filter', [], (_, value) => isString(value) && FILTERS.has(String(value instanceof Markup ? value.value : value))),
  test('test', [], (_, value) => isString(value) && TEST_NAMES.has(String(value instanceof Markup ? value.value : value))),
]);

const TEST_NAMES = new Set(TESTS.keys());

