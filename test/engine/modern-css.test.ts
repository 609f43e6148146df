// CSS the stylesheets of the last five years write (issue 28): each mechanism checked against the geometry Chromium prints.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

describe('custom properties in @page rules', () => {
  it('resolves var() in page descriptors from the root element, as Chromium does', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>:root { --page-margin: 50px; --paper: 400px 600px }
      @page { size: var(--paper); margin: var(--page-margin) var(--missing, 30px) }
      body { margin: 0 }</style><div id=a style="height:10px"></div>`);
    expect([pages[0]!.width, pages[0]!.height]).toEqual([400, 600]);
    expect(findBox(pages, '#a')).toMatchObject({ x: 30, y: 50, width: 340 });
  });

  it('takes custom properties the @page rule sets itself, and ignores a descriptor whose var() is missing', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { --m: 20px; size: 400px 600px; margin: var(--m) }
      @page :first { margin-left: var(--nowhere) }
      body { margin: 0 }</style><div id=a style="height:10px"></div>`);
    expect(findBox(pages, '#a')).toMatchObject({ x: 20, y: 20, width: 360 });
  });
});
