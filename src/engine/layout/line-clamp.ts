// `-webkit-line-clamp` on a vertical -webkit-box (decision 0318): the box ends after its Nth line,
// counted through its in-flow block descendants in order, and that line ends with an ellipsis when
// content follows it. As in Chromium, what follows is still laid out (an overflow clip hides it).
import type { ComputedStyle } from '../css/types.js';
import type { Fragment, LineFragment } from './fragments.js';
import type { LayoutContext } from './context.js';
import { isCarrierLine } from './inline.js';
import { endWithEllipsis } from './text-overflow.js';

/** The bottom of the box's `count`th line, its ellipsis placed; null when the box has no more lines than that. */
export function clampLines(children: readonly Fragment[], count: number, style: ComputedStyle, ctx: LayoutContext): number | null {
  const lines: LineFragment[] = [];
  collectLines(children, lines, count + 1);
  if (lines.length <= count) return null;
  const last = lines[count - 1];
  endWithEllipsis(last, last.x, last.x + last.width, style, ctx);
  return last.y + last.height;
}

/** The line boxes in flow, in order, up to `limit` of them. */
function collectLines(children: readonly Fragment[], out: LineFragment[], limit: number): void {
  for (const child of children) {
    if (out.length >= limit) return;
    if (child.kind === 'line') {
      if (!isCarrierLine(child) && child.children.length > 0) out.push(child);
    } else if (child.kind === 'box' && inFlowBlock(child.style) && child.box.kind === 'block' && !child.box.newFormattingContext) {
      collectLines(child.children, out, limit);
    }
  }
}

function inFlowBlock(style: ComputedStyle): boolean {
  return style.float === 'none' && style.position !== 'absolute' && style.position !== 'fixed';
}
