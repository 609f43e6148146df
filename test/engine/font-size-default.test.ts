// Chromium's default font size is 13px instead of 16px for the generic `monospace` alone: keyword
// sizes (from Chromium's table for 13px), and em and % of them, follow the family; sizes set in px do not.
import { describe, expect, it } from 'vitest';
import { layoutHtml, textRuns } from '../../src/testing/render.js';

const sizes = async (body: string): Promise<Record<string, number>> => {
  const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0 }</style>${body}`);
  return Object.fromEntries(textRuns(pages).map((r) => [r.text.trim(), r.size]));
};

describe('the default monospace size', () => {
  it('is 13px for <pre> and <code> at the default size, and em of it scales from 13', async () => {
    const s = await sizes('<p>text <code>code</code></p><pre>pre</pre><p><code style="font-size: .9em">em</code><tt style="font-size: 50%">half</tt></p>');
    expect(s).toMatchObject({ text: 16, code: 13, pre: 13, em: 13 * 0.9, half: 6.5 });
  });

  it('keeps sizes set in px, `monospace, monospace`, and other families inside monospace at 16', async () => {
    const s = await sizes('<p style="font-size: 14px"><code>px</code></p><p><code style="font-family: monospace, monospace">double</code></p><pre><span style="font-family: Arial">arial</span></pre><p style="font-size: large"><code>large</code></p>');
    expect(s).toMatchObject({ px: 14, double: 16, arial: 16, large: 16 });
  });

  it('takes the keyword sizes from Chromium\'s table for 13px, not the 16px ones scaled down', async () => {
    const keywords = ['xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];
    const s = await sizes(keywords.map((k) => `<pre style="font-size: ${k}">${k}</pre>`).join(''));
    expect(keywords.map((k) => s[k])).toEqual([9, 10, 12, 13, 16, 20, 26, 39]);
  });

  it('scales em from the parent\'s size, and by 13/16 where the family becomes monospace, as Chromium does', async () => {
    const s = await sizes('<pre style="font-size: large"><span style="font-size: 2em">inside</span></pre><p style="font-size: large"><code style="font-size: 2em">into</code></p><pre style="font-size: large"><span style="font-family: Arial">out</span></pre>');
    expect(s).toMatchObject({ inside: 32, into: 18 * 2 * 13 / 16, out: 18 });
  });
});
