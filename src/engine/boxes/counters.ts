// CSS counters with their scopes: a reset creates an instance seen by the element, its
// descendants and its following siblings; counters() lists every instance, outermost first.
import type { ComputedStyle, ListStyleType } from '../css/types.js';
import { type CounterStyles, predefinedCounterStyles } from './counter-style.js';

interface Instance {
  readonly name: string;
  value: number;
}

export class CounterScopes {
  /** One frame per open element; a frame holds the instances created among that element's children. */
  private readonly frames: Instance[][] = [[]];

  /** `styles`: the counter styles the document's `counter()` and `counters()` name. */
  constructor(readonly styles: CounterStyles = predefinedCounterStyles()) {}

  enterElement(): void {
    this.frames.push([]);
  }

  leaveElement(): void {
    if (this.frames.length > 1) this.frames.pop();
  }

  /** counter-reset, then counter-increment, then counter-set, as CSS orders them. */
  apply(style: ComputedStyle): void {
    // Most elements name no counter: indexed loops, as this runs for every element.
    for (let i = 0; i < style.counterReset.length; i++) this.reset(style.counterReset[i].name, style.counterReset[i].value);
    for (let i = 0; i < style.counterIncrement.length; i++) this.increment(style.counterIncrement[i].name, style.counterIncrement[i].value);
    for (let i = 0; i < style.counterSet.length; i++) this.set(style.counterSet[i].name, style.counterSet[i].value);
  }

  reset(name: string, value: number): void {
    // The new instance lives in the parent's frame, so following siblings see it too.
    const frame = this.frames[Math.max(0, this.frames.length - 2)];
    const existing = frame.find((i) => i.name === name);
    if (existing) existing.value = value;
    else frame.push({ name, value });
  }

  increment(name: string, by: number): void {
    const instance = this.find(name) ?? this.create(name);
    instance.value += by;
  }

  set(name: string, value: number): void {
    const instance = this.find(name) ?? this.create(name);
    instance.value = value;
  }

  value(name: string): number {
    return this.find(name)?.value ?? 0;
  }

  values(name: string): number[] {
    const out: number[] = [];
    for (const frame of this.frames) {
      for (const instance of frame) if (instance.name === name) out.push(instance.value);
    }
    return out.length > 0 ? out : [0];
  }

  /** What `counter(name, style)` shows. */
  text(name: string, style: ListStyleType): string {
    return this.styles.format(this.value(name), style);
  }

  /** What `counters(name, separator, style)` shows. */
  texts(name: string, style: ListStyleType, separator: string): string {
    return this.values(name).map((v) => this.styles.format(v, style)).join(separator);
  }

  /** Every counter in scope with its values, outermost first (for target-counter()). */
  snapshot(): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const frame of this.frames) {
      for (const instance of frame) out.set(instance.name, [...(out.get(instance.name) ?? []), instance.value]);
    }
    return out;
  }

  private find(name: string): Instance | undefined {
    for (let f = this.frames.length - 1; f >= 0; f--) {
      const instance = this.frames[f].find((i) => i.name === name);
      if (instance) return instance;
    }
    return undefined;
  }

  private create(name: string): Instance {
    const instance = { name, value: 0 };
    this.frames[Math.max(0, this.frames.length - 2)].push(instance);
    return instance;
  }
}
