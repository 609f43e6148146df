// Types for omggif (MIT), which ships none: a GIF reader (and writer, used by the tests).
declare module 'omggif' {
  export interface GifFrameInfo {
    x: number;
    y: number;
    width: number;
    height: number;
    has_local_palette: boolean;
    palette_offset: number | null;
    palette_size: number | null;
    data_offset: number;
    data_length: number;
    transparent_index: number | null;
    interlaced: boolean;
    delay: number;
    disposal: number;
  }
  export class GifReader {
    constructor(buf: Uint8Array);
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    loopCount(): number | null;
    frameInfo(frame: number): GifFrameInfo;
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
  export interface GifWriterOptions {
    palette?: number[];
    loop?: number;
    background?: number;
  }
  export interface GifFrameOptions {
    palette?: number[];
    delay?: number;
    disposal?: number;
    transparent?: number;
  }
  export class GifWriter {
    constructor(buf: Uint8Array, width: number, height: number, options?: GifWriterOptions);
    addFrame(x: number, y: number, w: number, h: number, indexedPixels: ArrayLike<number>, options?: GifFrameOptions): number;
    end(): number;
  }
}
