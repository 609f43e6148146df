// Functions templates can call (builtins, bound methods) and how their arguments are matched to parameters, with Python's TypeErrors.
import { JinjaRuntimeError } from './jinja-errors.js';
import type { PyCallable } from './python-operators.js';

export type Kwargs = Map<string, unknown>;

/** A function written in TypeScript that templates call: a global, or a method bound to a value. */
export class Builtin implements PyCallable {
  constructor(
    readonly name: string,
    private readonly body: (args: readonly unknown[], kwargs: Kwargs) => unknown,
    readonly pythonType = 'builtin_function_or_method',
    /** The value a method is bound to, for `describe()`. */
    private readonly owner?: string,
  ) {}

  call(args: readonly unknown[], kwargs: Kwargs): unknown {
    return this.body(args, kwargs);
  }

  describe(): string {
    return this.owner === undefined ? `<built-in function ${this.name}>` : `<built-in method ${this.name} of ${this.owner} object>`;
  }
}

/** A parameter list: names in order, with defaults for the optional ones (`undefined` = required). */
export type Parameters = readonly (readonly [string, unknown?])[];

/**
 * Matches positional and keyword arguments to `parameters` as Python does, raising its TypeError
 * for too many, unknown, repeated or missing arguments. Returns the values in parameter order.
 */
export function bindArguments(functionName: string, parameters: Parameters, args: readonly unknown[], kwargs: Kwargs): unknown[] {
  if (args.length > parameters.length) {
    throw new JinjaRuntimeError('TypeError', `${functionName}() takes ${parameters.length === 0 ? 'no' : `at most ${parameters.length}`} argument${parameters.length === 1 ? '' : 's'} (${args.length} given)`);
  }
  const values: unknown[] = [...args];
  for (const [key] of kwargs) {
    const index = parameters.findIndex(([name]) => name === key);
    if (index === -1) throw new JinjaRuntimeError('TypeError', `${functionName}() got an unexpected keyword argument '${key}'`);
    if (index < args.length) throw new JinjaRuntimeError('TypeError', `${functionName}() got multiple values for argument '${key}'`);
  }
  for (let index = args.length; index < parameters.length; index++) {
    const [name, ...fallback] = parameters[index] as readonly [string, unknown?];
    if (kwargs.has(name)) values.push(kwargs.get(name));
    else if (fallback.length > 0) values.push(fallback[0]);
    else throw new JinjaRuntimeError('TypeError', `${functionName}() missing required argument: '${name}'`);
  }
  return values;
}
