// Rewrites CSS for printers older than some of it: nesting into the flat rules it stands for
// (postcss-nesting), and var() of custom properties set on :root into their values
// (postcss-custom-properties). Debian's WeasyPrint 57 drops nested rules and does not resolve var()
// in @page rules, so its reference would not show what the document's CSS says.
import postcss from 'postcss';
import postcssCustomProperties from 'postcss-custom-properties';
import postcssNesting from 'postcss-nesting';

const processor = postcss([postcssNesting(), postcssCustomProperties({ preserve: true })]);

/** The stylesheet with every nested rule written out flat and :root custom properties resolved. */
export async function flattenNesting(css: string): Promise<string> {
  return (await processor.process(css, { from: undefined })).css;
}

/** The HTML with the stylesheets of its `<style>` elements rewritten the same way. */
export async function flattenStyleElements(html: string): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi)) {
    parts.push(html.slice(last, match.index), match[1], await flattenNesting(match[2]), match[3]);
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return parts.join('');
}
