// A pdfkit document as svg-to-pdfkit sees it, with a budget: SVG <use> chains can multiply the
// work exponentially (ten uses of a group of ten uses, nine deep, is a billion shapes from a few
// hundred bytes), and svg-to-pdfkit runs synchronously, so no deadline can stop it. Every call it
// makes on the document spends one unit of the document's budget; past it the drawing stops with
// an error, and the graphics states it left open are closed so that what follows is unaffected.

/**
 * Calls svg-to-pdfkit may make on one document's SVGs together. A 7 KB diagram makes about 550;
 * at roughly 25 µs a call, the budget bounds the SVG work of a document to a few seconds.
 */
export const SVG_CALL_BUDGET = 100_000;

export class SvgBudgetExceededError extends Error {
  constructor() {
    super('The SVG images of this document need too many drawing operations');
    this.name = 'SvgBudgetExceededError';
  }
}

/** What is left of a document's budget, shared by all its SVG drawings. */
export interface SvgBudget {
  remaining: number;
}

interface SavingDocument {
  save(): unknown;
  restore(): unknown;
}

/**
 * Runs `draw` with a proxy of `doc` that spends `budget` on every method call, throwing
 * SvgBudgetExceededError when it runs out. Whatever happens, the saves the drawing left
 * unmatched are restored.
 */
export function drawWithBudget<D extends SavingDocument>(doc: D, budget: SvgBudget, draw: (bounded: D) => void): void {
  let depth = 0;
  const bounded: D = new Proxy(doc, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (--budget.remaining < 0) throw new SvgBudgetExceededError();
        if (property === 'save') depth++;
        else if (property === 'restore' && depth > 0) depth--;
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        // pdfkit's methods chain (`doc.save().transform(…)`): keep the chain on the proxy.
        return result === target ? bounded : result;
      };
    },
  });
  try {
    draw(bounded);
  } finally {
    for (; depth > 0; depth--) doc.restore();
  }
}
