// Floats of one block formatting context: where the next float goes, how much of a line band they
// leave, and how far down `clear` must move.
import type { FloatShape } from './float-shape.js';

interface PlacedFloat {
  readonly side: 'left' | 'right';
  /** Margin box, page px. */
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** Its `shape-outside`, the float area lines wrap around (placement and clearance keep the margin box). */
  readonly shape: FloatShape | null;
}

export class FloatContext {
  private readonly floats: PlacedFloat[] = [];

  get empty(): boolean {
    return this.floats.length === 0;
  }

  /**
   * The free band between `left` and `right` over [y, y + height), and the first bottom of the floats
   * narrowing it; `shaped` for a line box, which wraps around the floats' shapes rather than their margin boxes.
   */
  band(y: number, height: number, left: number, right: number, shaped = false): { left: number; right: number; below?: number } {
    let l = left;
    let r = right;
    let below = Infinity;
    for (const f of this.floats) {
      if (f.bottom <= y + 0.01 || f.top >= y + Math.max(height, 0.01) - 0.01) continue;
      if (f.right > left && f.left < right) below = Math.min(below, f.bottom);
      const extent = shaped && f.shape ? f.shape(y - f.top, y + Math.max(height, 0.01) - f.top) : f;
      if (extent === null) continue;
      const offset = extent === f ? 0 : f.left;
      if (f.side === 'left') l = Math.max(l, offset + extent.right);
      else r = Math.min(r, offset + extent.left);
    }
    return { left: l, right: Math.max(l, r), ...(below < Infinity ? { below } : {}) };
  }

  /** Places a float's margin box of `width` by `height` no higher than `y`; returns its top-left. */
  place(side: 'left' | 'right', width: number, height: number, y: number, left: number, right: number, shape: FloatShape | null = null): { x: number; y: number } {
    let top = y;
    // Floats stack in order: not above an earlier float's top.
    for (const f of this.floats) top = Math.max(top, f.top);
    for (let guard = 0; guard < 1000; guard++) {
      const band = this.band(top, height, left, right);
      if (band.right - band.left >= width - 0.01 || band.left === left && band.right === right) {
        const x = side === 'left' ? band.left : band.right - width;
        this.floats.push({ side, left: x, right: x + width, top, bottom: top + height, shape });
        return { x, y: top };
      }
      // Move below the float that ends first among those in the way.
      const next = Math.min(...this.floats.filter((f) => f.bottom > top + 0.01).map((f) => f.bottom));
      if (!Number.isFinite(next)) break;
      top = next;
    }
    const x = side === 'left' ? left : right - width;
    this.floats.push({ side, left: x, right: x + width, top, bottom: top + height, shape });
    return { x, y: top };
  }

  /** How many floats are placed: a mark to go back to with `truncate`. */
  get count(): number {
    return this.floats.length;
  }

  /** Takes back the floats placed after `count` were (a box laid out again). */
  truncate(count: number): void {
    this.floats.length = Math.min(this.floats.length, count);
  }

  /** Takes back the float placed last (one that moves to the next page, or is placed again cut at the page's end). */
  removeLast(): void {
    this.floats.pop();
  }

  /** Adds a float already placed (its margin box), as one carried onto a new page on its line. */
  add(side: 'left' | 'right', left: number, right: number, top: number, bottom: number, shape: FloatShape | null = null): void {
    this.floats.push({ side, left, right, top, bottom, shape });
  }

  /** The y below every float on the cleared side(s). */
  clearance(clear: 'left' | 'right' | 'both'): number {
    let y = Number.NEGATIVE_INFINITY;
    for (const f of this.floats) if (clear === 'both' || clear === f.side) y = Math.max(y, f.bottom);
    return y;
  }

  /** The bottom of the lowest float (a formatting context root grows to contain its floats). */
  bottom(): number {
    return this.clearance('both');
  }
}
