// Types for wawoff2 (WOFF2 <-> TTF through a WebAssembly build of Google's woff2), which ships none.
declare module 'wawoff2' {
  export function compress(ttf: Uint8Array): Promise<Uint8Array>;
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
