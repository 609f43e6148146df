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
  /**
   * True for a size that is only HTML's default object size (an iframe's, a video's without a
   * poster): no natural ratio, so a width set alone leaves the height at its default, and the
   * picture is stretched to the box whatever `object-fit` says.
   */
  readonly noNaturalRatio?: boolean;
  /**
   * The same picture drawn for another content box size (a range slider's thumb stays round at
   * any width) instead of these bytes stretched; only with noNaturalRatio.
   */
  readonly redraw?: (width: number, height: number) => ImageResource;
  /** The URL it was loaded from (stable key for PDF XObject reuse). */
  readonly url: string;
}
