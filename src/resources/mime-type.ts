// Guesses a MIME type from a file name's extension, for resources read from disk.

const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  css: 'text/css',
};

/** The MIME type for a path's extension, or null when it is not one the engine reads. */
export function mimeTypeFromPath(path: string): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(path);
  return match ? (BY_EXTENSION[match[1].toLowerCase()] ?? null) : null;
}
