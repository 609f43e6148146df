// <iframe>, <embed>, <object>, <video> and <audio>: what each prints as, after Chromium (decision 0435).
// No nested document, plugin or media is ever loaded: an image they name prints (an object's or
// embed's image, a video's poster), anything else is a box of HTML's default object size.
import type { Element } from 'domhandler';
import type { ImageResource } from '../images/types.js';

export const EMBEDDING_ELEMENTS: ReadonlySet<string> = new Set(['iframe', 'embed', 'object', 'video', 'audio']);

/** What an embedding element prints as: a picture, its fallback content (an object's children), or nothing. */
export type EmbeddedContent = ImageResource | 'fallback' | 'nothing';

const DEFAULT_WIDTH = 300;
const DEFAULT_HEIGHT = 150;
/** Chromium's audio controls: a light grey pill 54px high. */
const AUDIO_HEIGHT = 54;

const SVG = 'http://www.w3.org/2000/svg';
// Chromium's video controls over a video with nothing loaded: dark grey fading to black.
const VIDEO_CONTROLS = `<linearGradient id="g" x2="0" y2="1"><stop offset=".25" stop-color="#333"/><stop offset="1" stop-color="#000"/></linearGradient><rect width="${DEFAULT_WIDTH}" height="${DEFAULT_HEIGHT}" fill="url(#g)"/>`;
const AUDIO_CONTROLS = `<rect width="${DEFAULT_WIDTH}" height="${AUDIO_HEIGHT}" rx="${AUDIO_HEIGHT / 2}" fill="#f1f3f4"/>`;

function picture(name: string, height: number, content: string): ImageResource {
  const svg = `<svg xmlns="${SVG}" width="${DEFAULT_WIDTH}" height="${height}" viewBox="0 0 ${DEFAULT_WIDTH} ${height}" preserveAspectRatio="none">${content}</svg>`;
  // No natural ratio: a width set alone leaves the height at its default, as Chromium sizes these.
  return { format: 'svg', bytes: new TextEncoder().encode(svg), width: DEFAULT_WIDTH, height, url: `about:${name}`, noNaturalRatio: true };
}

const BLANK = picture('embedded-blank', DEFAULT_HEIGHT, '');
const VIDEO_WITH_CONTROLS = picture('video-controls', DEFAULT_HEIGHT, VIDEO_CONTROLS);
const AUDIO_WITH_CONTROLS = picture('audio-controls', AUDIO_HEIGHT, AUDIO_CONTROLS);

/**
 * What `element` (one of EMBEDDING_ELEMENTS) prints as, given the images the document loaded and
 * the objects' data that loaded as something else.
 */
export function embeddedContent(element: Element, images: ReadonlyMap<string, ImageResource>, documents?: ReadonlySet<string>): EmbeddedContent {
  const attribs = element.attribs;
  switch (element.name) {
    case 'iframe':
      return BLANK;
    case 'embed':
      if (!attribs.src) return 'nothing';
      return images.get(attribs.src) ?? BLANK;
    case 'object': {
      // Data that does not load (or no data) leaves the object's fallback content.
      if (!attribs.data) return 'fallback';
      return images.get(attribs.data) ?? (documents?.has(attribs.data) ? BLANK : 'fallback');
    }
    case 'video': {
      const poster = attribs.poster ? images.get(attribs.poster) : undefined;
      if (poster) return poster;
      return attribs.controls === undefined ? BLANK : VIDEO_WITH_CONTROLS;
    }
    default:
      // An <audio> without controls is display: none (the UA stylesheet).
      return AUDIO_WITH_CONTROLS;
  }
}

/** The URLs of images an embedding element may print: an embed's source, an object's data, a video's poster. */
export function embeddedImageUrl(element: Element): string | undefined {
  switch (element.name) {
    case 'embed': return element.attribs.src || undefined;
    case 'object': return element.attribs.data || undefined;
    case 'video': return element.attribs.poster || undefined;
    default: return undefined;
  }
}
