// A PaintBackend that records every call, so paint tests assert draw calls instead of pixels.
import type { Color } from '../engine/css/types.js';
import type { ImageResource } from '../engine/images/types.js';
import type { LinkTarget, PaintBackend, PathCommand, StrokeStyle, TextRun } from '../engine/paint/backend.js';

export type PaintCall =
  | { readonly method: 'beginPage'; readonly args: readonly [width: number, height: number] }
  | { readonly method: 'save'; readonly args: readonly [] }
  | { readonly method: 'restore'; readonly args: readonly [] }
  | { readonly method: 'setOpacity'; readonly args: readonly [opacity: number] }
  | { readonly method: 'beginGroup'; readonly args: readonly [opacity: number] }
  | { readonly method: 'endGroup'; readonly args: readonly [] }
  | { readonly method: 'transform'; readonly args: readonly [matrix: readonly [number, number, number, number, number, number]] }
  | { readonly method: 'clip'; readonly args: readonly [path: readonly PathCommand[]] }
  | { readonly method: 'clipText'; readonly args: readonly [runs: readonly TextRun[]] }
  | { readonly method: 'fillPath'; readonly args: readonly [path: readonly PathCommand[], color: Color, rule: 'nonzero' | 'evenodd'] }
  | { readonly method: 'strokePath'; readonly args: readonly [path: readonly PathCommand[], stroke: StrokeStyle] }
  | { readonly method: 'text'; readonly args: readonly [run: TextRun] }
  | { readonly method: 'image'; readonly args: readonly [image: ImageResource, x: number, y: number, width: number, height: number] }
  | { readonly method: 'link'; readonly args: readonly [x: number, y: number, width: number, height: number, target: LinkTarget] }
  | { readonly method: 'destination'; readonly args: readonly [name: string, x: number, y: number] };

export type PaintMethod = PaintCall['method'];
type CallOf<M extends PaintMethod> = Extract<PaintCall, { method: M }>;

export class PaintSpy implements PaintBackend {
  readonly calls: PaintCall[] = [];

  beginPage(width: number, height: number): void {
    this.calls.push({ method: 'beginPage', args: [width, height] });
  }
  save(): void {
    this.calls.push({ method: 'save', args: [] });
  }
  restore(): void {
    this.calls.push({ method: 'restore', args: [] });
  }
  setOpacity(opacity: number): void {
    this.calls.push({ method: 'setOpacity', args: [opacity] });
  }
  beginGroup(opacity: number): void {
    this.calls.push({ method: 'beginGroup', args: [opacity] });
  }
  endGroup(): void {
    this.calls.push({ method: 'endGroup', args: [] });
  }
  transform(matrix: readonly [number, number, number, number, number, number]): void {
    this.calls.push({ method: 'transform', args: [matrix] });
  }
  clip(path: readonly PathCommand[]): void {
    this.calls.push({ method: 'clip', args: [path] });
  }
  clipText(runs: readonly TextRun[]): void {
    this.calls.push({ method: 'clipText', args: [runs] });
  }
  fillPath(path: readonly PathCommand[], color: Color, rule: 'nonzero' | 'evenodd' = 'nonzero'): void {
    this.calls.push({ method: 'fillPath', args: [path, color, rule] });
  }
  strokePath(path: readonly PathCommand[], stroke: StrokeStyle): void {
    this.calls.push({ method: 'strokePath', args: [path, stroke] });
  }
  text(run: TextRun): void {
    this.calls.push({ method: 'text', args: [run] });
  }
  image(image: ImageResource, x: number, y: number, width: number, height: number): void {
    this.calls.push({ method: 'image', args: [image, x, y, width, height] });
  }
  link(x: number, y: number, width: number, height: number, target: LinkTarget): void {
    this.calls.push({ method: 'link', args: [x, y, width, height, target] });
  }
  destination(name: string, x: number, y: number): void {
    this.calls.push({ method: 'destination', args: [name, x, y] });
  }

  /** The recorded calls of one method, in order. */
  callsOf<M extends PaintMethod>(method: M): CallOf<M>[] {
    return this.calls.filter((c): c is CallOf<M> => c.method === method);
  }

  /** Method names in call order (handy for asserting paint order). */
  methods(): PaintMethod[] {
    return this.calls.map((c) => c.method);
  }

  clear(): void {
    this.calls.length = 0;
  }
}
