// Markdown (CommonMark + GFM) to an HTML fragment with micromark.
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Tables, strikethrough, task lists, autolinks and footnotes are on. Raw HTML passes through,
 * since templates are HTML anyway; GFM's tag filter still neutralises `<script>`, `<style>` and kin.
 */
export function markdownToHtml(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}
