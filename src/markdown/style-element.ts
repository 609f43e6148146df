// A `<style>` element whose CSS cannot close it early and spill into the markup.

export function styleElement(css: string): string {
  return `<style>\n${css.replace(/<\/(style)/gi, '<\\/$1')}\n</style>`;
}
