// The nodes a parsed Jinja template is made of, each with the offset in the template where it starts.

interface At {
  /** Offset in the template's text of the node's first token. */
  readonly at: number;
}

export interface CallArguments {
  readonly args: readonly Expression[];
  readonly kwargs: readonly (readonly [string, Expression])[];
  readonly dynArgs: Expression | null;
  readonly dynKwargs: Expression | null;
}

export type Expression =
  | (At & { readonly kind: 'const'; readonly value: unknown })
  | (At & { readonly kind: 'name'; readonly name: string })
  | (At & { readonly kind: 'getattr'; readonly node: Expression; readonly attr: string })
  | (At & { readonly kind: 'getitem'; readonly node: Expression; readonly arg: Expression })
  | (At & { readonly kind: 'slice'; readonly start: Expression | null; readonly stop: Expression | null; readonly step: Expression | null })
  | (At & { readonly kind: 'call'; readonly node: Expression } & CallArguments)
  | (At & { readonly kind: 'filter'; readonly node: Expression | null; readonly name: string } & CallArguments)
  | (At & { readonly kind: 'test'; readonly node: Expression; readonly name: string } & CallArguments)
  | (At & { readonly kind: 'condexpr'; readonly test: Expression; readonly expr1: Expression; readonly expr2: Expression | null })
  | (At & { readonly kind: 'and' | 'or'; readonly left: Expression; readonly right: Expression })
  | (At & { readonly kind: 'not'; readonly node: Expression })
  | (At & { readonly kind: 'compare'; readonly expr: Expression; readonly ops: readonly (readonly [CompareOperator, Expression])[] })
  | (At & { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: Expression; readonly right: Expression })
  | (At & { readonly kind: 'unary'; readonly op: 'neg' | 'pos'; readonly node: Expression })
  | (At & { readonly kind: 'concat'; readonly nodes: readonly Expression[] })
  | (At & { readonly kind: 'list' | 'tuple'; readonly items: readonly Expression[] })
  | (At & { readonly kind: 'dict'; readonly pairs: readonly (readonly [Expression, Expression])[] });

export type CompareOperator = 'eq' | 'ne' | 'lt' | 'lteq' | 'gt' | 'gteq' | 'in' | 'notin';
export type BinaryOperator = 'add' | 'sub' | 'mul' | 'div' | 'floordiv' | 'mod' | 'pow';

/** What `for`, `set` and `with` assign to: names, tuples of them, or a namespace's attribute. */
export type Target =
  | (At & { readonly kind: 'name'; readonly name: string })
  | (At & { readonly kind: 'tuple'; readonly items: readonly Target[] })
  | (At & { readonly kind: 'nsref'; readonly name: string; readonly attr: string });

export type FilterExpression = Extract<Expression, { kind: 'filter' }>;
export type CallExpression = Extract<Expression, { kind: 'call' }>;

export interface MacroSignature {
  readonly params: readonly (At & { readonly name: string })[];
  readonly defaults: readonly Expression[];
}

export type Statement =
  | (At & { readonly kind: 'output'; readonly nodes: readonly (Expression | (At & { readonly kind: 'data'; readonly text: string }))[] })
  | (At & {
      readonly kind: 'for';
      readonly target: Target;
      readonly iter: Expression;
      readonly body: readonly Statement[];
      readonly else_: readonly Statement[];
      readonly test: Expression | null;
      readonly recursive: boolean;
    })
  | (At & { readonly kind: 'if'; readonly branches: readonly { readonly test: Expression; readonly body: readonly Statement[] }[]; readonly else_: readonly Statement[] })
  | (At & { readonly kind: 'assign'; readonly target: Target; readonly expr: Expression })
  | (At & { readonly kind: 'assignblock'; readonly target: Target; readonly filter: FilterExpression | null; readonly body: readonly Statement[] })
  | (At & { readonly kind: 'macro'; readonly name: string; readonly signature: MacroSignature; readonly body: readonly Statement[]; readonly uses: MacroUses })
  | (At & { readonly kind: 'callblock'; readonly call: CallExpression; readonly signature: MacroSignature; readonly body: readonly Statement[]; readonly uses: MacroUses })
  | (At & { readonly kind: 'filterblock'; readonly filter: FilterExpression; readonly body: readonly Statement[] })
  | (At & { readonly kind: 'with'; readonly targets: readonly Target[]; readonly values: readonly Expression[]; readonly body: readonly Statement[] })
  | (At & { readonly kind: 'autoescape'; readonly expr: Expression; readonly body: readonly Statement[] })
  | (At & { readonly kind: 'block'; readonly name: string; readonly scoped: boolean; readonly body: readonly Statement[] });

/** The special names a macro's body reads, which make the macro take them. */
export interface MacroUses {
  readonly caller: boolean;
  readonly varargs: boolean;
  readonly kwargs: boolean;
}

export interface TemplateAst {
  readonly body: readonly Statement[];
}
