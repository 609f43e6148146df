// The css stage's surface: stylesheet parsing and loading, the cascade, computed styles.
export { anonymousStyle, initialStyle, StyleResolver } from './cascade.js';
export type { StyleResolverOptions } from './cascade.js';
export { documentBaseUrl, loadStylesheets } from './load.js';
export type { LoadStylesheetsOptions } from './load.js';
export { matchesMedia, PRINT_MEDIA } from './media.js';
export type { MediaEnvironment } from './media.js';
export { parseDeclarationList, parseStylesheet, resolveUrl } from './stylesheet.js';
export type {
  Declaration, FontFaceRule, FontFaceSource, MarginBoxName, MarginBoxRule, Origin, PageRule, PagePseudoClass,
  PageSelector, StyleRule, Stylesheet, StylesheetImport, StylesheetOptions,
} from './stylesheet.js';
export type { Selector } from './selector.js';
export { userAgentStylesheet } from './ua.js';
export type * from './types.js';
