// Document white space as HTML and CSS mean it, which is narrower than JavaScript's.

const ONLY_SPACES = /^[ \t\n\r\f]*$/;

/**
 * Whether `text` holds only document white space (space, tab, line feed, carriage return, form
 * feed). A no-break space is not white space there, though `String.prototype.trim` removes it: a
 * cell or paragraph of `&nbsp;` keeps its line.
 */
export function onlyWhiteSpace(text: string): boolean {
  return ONLY_SPACES.test(text);
}
