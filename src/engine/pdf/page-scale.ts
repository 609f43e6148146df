// The scale from CSS px to pt as Chromium's PDFs write it (decision 0350): Skia's device unit of 0.24pt
// in its float digits, then 3.125 device units per px. Their product is 0.74999996875, not 0.75, and
// readers rasterising or extracting text compute with these numbers.

/** The two scales a page's content starts with, as written. */
export const PAGE_SCALES = ['0.23999999', '3.125'] as const;

/** How much smaller than 0.75 pt per px the written scales make a page's content. */
export const PAGE_SCALE_FACTOR = (Number(PAGE_SCALES[0]) * Number(PAGE_SCALES[1])) / 0.75;
