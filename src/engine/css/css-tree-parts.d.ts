// css-tree's tokenizer and string helpers as separate entry points: the package root also loads
// its lexer and grammar data (about 4 MB of heap) that pagesmith never uses.
declare module 'css-tree/tokenizer' {
  export { tokenize } from 'css-tree';
}
declare module 'css-tree/utils' {
  export { ident, string, url } from 'css-tree';
}
