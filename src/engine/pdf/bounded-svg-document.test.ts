import { describe, expect, it } from 'vitest';
import { drawWithBudget, SvgBudgetExceededError } from './bounded-svg-document.js';

class FakeDocument {
  readonly ops: string[] = [];
  save(): this {
    this.ops.push('q');
    return this;
  }
  restore(): this {
    this.ops.push('Q');
    return this;
  }
  rect(): this {
    this.ops.push('re');
    return this;
  }
}

describe('drawWithBudget', () => {
  it('passes calls through to the document, as the document', () => {
    const doc = new FakeDocument();
    drawWithBudget(doc, { remaining: 10 }, (d) => d.save().rect().restore());
    expect(doc.ops).toEqual(['q', 're', 'Q']);
  });

  it('stops a drawing past its budget and closes the states it left open', () => {
    const doc = new FakeDocument();
    expect(() =>
      drawWithBudget(doc, { remaining: 100 }, (d) => {
        d.save();
        d.save();
        for (;;) d.rect();
      }),
    ).toThrow(SvgBudgetExceededError);
    expect(doc.ops.filter((op) => op === 'q')).toHaveLength(2);
    expect(doc.ops.slice(-2)).toEqual(['Q', 'Q']);
  });

  it('shares one budget between drawings', () => {
    const doc = new FakeDocument();
    const budget = { remaining: 5 };
    drawWithBudget(doc, budget, (d) => d.save().rect().restore());
    expect(budget.remaining).toBe(2);
    expect(() => drawWithBudget(doc, budget, (d) => d.save().rect().restore())).toThrow(SvgBudgetExceededError);
    expect(doc.ops.slice(-3)).toEqual(['q', 're', 'Q']);
  });

  it('closes open states when the drawing throws for another reason', () => {
    const doc = new FakeDocument();
    expect(() => drawWithBudget(doc, { remaining: 10 }, (d) => {
      d.save();
      throw new Error('broken');
    })).toThrow('broken');
    expect(doc.ops).toEqual(['q', 'Q']);
  });
});
