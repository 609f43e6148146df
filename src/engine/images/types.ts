// Decoded-enough images: bytes plus intrinsic size, read from the header before any decoding.

export interface ImageResource {
  readonly format: 'png' | 'jpeg' | 'svg';
  readonly bytes: Uint8Array;
  /** Intrinsic size in CSS px (SVG: from width/height or viewBox; 300x150 when it has neither). */
  readonly width: number;
  readonly height: number;
  /**
   * True when width/height only carry a ratio (an inline `<svg>` with a viewBox alone): with
   * `width: auto`, it fills its containing block, as in Chromium.
   */
  readonly ratioOnly?: boolean;
  /** The URL it was loaded from (stable key for PDF XObject reuse). */
  readonly url: string;
}
