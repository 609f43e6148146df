// The parts of form controls Chromium paints from its theme (check boxes, radio buttons, the
// select arrow, progress and meter bars), drawn as small SVG images with Chromium's geometry.
import type { Color } from '../css/types.js';
import type { ImageResource } from '../images/types.js';

const BORDER = '#767676';
const ACCENT = '#0075ff';

const cache = new Map<string, ImageResource>();

function svgImage(key: string, width: number, height: number, body: string, stretch = false, redraw?: ImageResource['redraw']): ImageResource {
  let image = cache.get(key);
  if (image === undefined) {
    // Keys are few (colours and bar sizes vary with documents): a bound keeps a server's memory flat.
    if (cache.size >= 256) cache.clear();
    const fit = stretch ? ' preserveAspectRatio="none"' : '';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${fit}>${body}</svg>`;
    image = { format: 'svg', bytes: new TextEncoder().encode(svg), width, height, url: `pagesmith:form-control/${key}`, ...(redraw && { noNaturalRatio: true, redraw }) };
    cache.set(key, image);
  }
  return image;
}

/** Grey for a disabled control's mark and outline, as Chromium's theme fades them. */
const DISABLED = '#c5c5c5';

/** A 13×13 check box: an outlined rounded square, or a blue one holding a white check mark (Blink's theme); grey when disabled. */
export function checkboxImage(checked: boolean, disabled = false): ImageResource {
  const accent = disabled ? DISABLED : ACCENT;
  const border = disabled ? DISABLED : BORDER;
  return checked
    ? svgImage(`checkbox-checked${disabled ? '-disabled' : ''}`, 13, 13,
      `<rect x="0.2" y="0.2" width="12.6" height="12.6" rx="2" fill="#fff"/><rect width="13" height="13" rx="2" fill="${accent}"/>`
      + '<polyline points="2.6,6.5 5.2,9.1 10.4,2.6" fill="none" stroke="#fff" stroke-width="2.08"/>')
    : svgImage(`checkbox${disabled ? '-disabled' : ''}`, 13, 13,
      `<rect x="0.2" y="0.2" width="12.6" height="12.6" rx="2" fill="#fff"/><rect x="0.5" y="0.5" width="12" height="12" rx="2" fill="none" stroke="${border}"/>`);
}

/** A 13×13 radio button: an outlined circle, or a blue ring around a blue dot (Blink's theme); grey when disabled. */
export function radioImage(checked: boolean, disabled = false): ImageResource {
  const accent = disabled ? DISABLED : ACCENT;
  const border = disabled ? DISABLED : BORDER;
  return checked
    ? svgImage(`radio-checked${disabled ? '-disabled' : ''}`, 13, 13,
      `<circle cx="6.5" cy="6.5" r="6.3" fill="#fff"/><circle cx="6.5" cy="6.5" r="6" fill="none" stroke="${accent}"/><circle cx="6.5" cy="6.5" r="3.9" fill="${accent}"/>`)
    : svgImage(`radio${disabled ? '-disabled' : ''}`, 13, 13,
      `<circle cx="6.5" cy="6.5" r="6.3" fill="#fff"/><circle cx="6.5" cy="6.5" r="6" fill="none" stroke="${border}"/>`);
}

/** A textarea's resize grip, 10×10 against the padding box's corner: two grey hairlines over two white ones. */
export function resizeGripImage(): ImageResource {
  return svgImage('resize-grip', 10, 10,
    '<g fill="none" stroke-width="0.5"><path d="M8 1L1 8M8 5L5 8" stroke="#000" stroke-opacity="0.45"/><path d="M8 2L2 8M8 6L6 8" stroke="#fff"/></g>');
}

const hex = (c: Color): string => `rgb(${c.r},${c.g},${c.b})`;

/** The drop-down arrow of a select: an 8×4 chevron stroked 2px wide in the text colour. */
export function selectArrowImage(color: Color): ImageResource {
  const key = `select-arrow-${color.r}-${color.g}-${color.b}-${color.a}`;
  return svgImage(key, 8, 4, `<polyline points="0,0 4,4 8,0" fill="none" stroke="${hex(color)}" stroke-opacity="${color.a}" stroke-width="2"/>`);
}

/**
 * The picker icon of a date, month, week or date-and-time field: Chromium's 10×11 calendar, black
 * whatever the field's colour — two rings over a heavy top bar, a 1px outline with round corners.
 */
export function calendarImage(): ImageResource {
  return svgImage('calendar', 10, 11,
    '<path fill-rule="evenodd" d="M1,1 h8 a1,1 0 0 1 1,1 v8 a1,1 0 0 1 -1,1 h-8 a1,1 0 0 1 -1,-1 v-8 a1,1 0 0 1 1,-1 z M1,3.5 v6.5 h8 v-6.5 z"/>'
    + '<rect x="1.5" y="0" width="1" height="1"/><rect x="7.5" y="0" width="1" height="1"/>');
}

/** The picker icon of a time field: Chromium's 11×11 clock face, a 1px ring with its two hands, black. */
export function clockImage(): ImageResource {
  return svgImage('clock', 11, 11,
    '<circle cx="5.5" cy="5.5" r="5" fill="none" stroke="#000"/><polyline points="5.5,2.6 5.5,6 7.8,7.7" fill="none" stroke="#000"/>');
}

/**
 * A progress or meter box `width`×`height` px filled to `fraction`: as Blink's theme paints it, an
 * 8px rounded grey track centred in the box, holding a blue value (progress, full height) or a
 * green one inset by 1px (meter), outlined in half-transparent grey.
 */
export function barImage(kind: 'progress' | 'meter', width: number, height: number, fraction: number): ImageResource {
  const w = Math.max(1, Math.round(width * 100) / 100);
  const h = Math.max(1, Math.round(height * 100) / 100);
  const f = Math.min(1, Math.max(0, fraction));
  const bar = Math.min(8, h);
  const top = (h - bar) / 2;
  const r = bar / 2;
  const key = `${kind}-${w}-${h}-${Math.round(f * 10000)}`;
  const track = `<rect x="0" y="${top}" width="${w}" height="${bar}" rx="${r}"/>`;
  const value = kind === 'progress'
    ? `<rect x="0" y="${top}" width="${w * f}" height="${bar}" fill="${ACCENT}"/>`
    : `<rect x="1" y="${top + 1}" width="${Math.max(0, w - 2) * f}" height="${Math.max(0, bar - 2)}" fill="#107c10"/>`;
  return svgImage(key, w, h,
    `<defs><clipPath id="t">${track}</clipPath></defs>`
    + `<rect x="0" y="${top}" width="${w}" height="${bar}" rx="${r}" fill="#efefef"/>`
    + (f > 0 ? `<g clip-path="url(#t)">${value}</g>` : '')
    + `<rect x="0.5" y="${top + 0.5}" width="${w - 1}" height="${bar - 1}" rx="${r - 0.5}" fill="none" stroke="${BORDER}" stroke-opacity="0.5"/>`);
}

/** A part of a restyled progress bar: its background colour and corner radius (px). */
export interface BarPart {
  readonly color: Color;
  readonly radius: number;
}

/**
 * A progress bar the author restyled, as Blink paints it from its parts: the bar
 * (`::-webkit-progress-bar`) over the whole content box, the value (`::-webkit-progress-value`)
 * over `fraction` of it from the start; no value when the progress is indeterminate (null).
 */
export function styledBarImage(width: number, height: number, fraction: number | null, bar: BarPart, value: BarPart): ImageResource {
  const w = Math.max(1, Math.round(width * 100) / 100);
  const h = Math.max(1, Math.round(height * 100) / 100);
  const f = fraction === null ? 0 : Math.min(1, Math.max(0, fraction));
  const rect = (part: BarPart, partWidth: number): string => {
    const r = Math.min(part.radius, partWidth / 2, h / 2);
    return part.color.a > 0 && partWidth > 0 ? `<rect width="${partWidth}" height="${h}" rx="${r}" fill="${hex(part.color)}" fill-opacity="${part.color.a}"/>` : '';
  };
  const key = `progress-styled-${w}-${h}-${Math.round(f * 10000)}-${[bar, value].map((p) => `${p.color.r},${p.color.g},${p.color.b},${p.color.a},${p.radius}`).join('-')}`;
  return svgImage(key, w, h, rect(bar, w) + rect(value, w * f), true);
}

/** Blink's range slider, greyed when disabled. */
const RANGE = { thumb: 15, track: 8, fill: ACCENT, fillBorder: '#3b75ba', rest: '#efefef', restBorder: '#b2b2b2' } as const;
const DISABLED_RANGE = { fill: '#cbcbcb', fillBorder: '#b1b1b1', rest: '#fafafa', restBorder: '#d2d2d2', thumb: '#cbcbcb' } as const;

/**
 * A range input's slider for a content box `width` × `height` (129 × 16 by default): a rounded
 * track blue up to the thumb's centre, and a 15px round thumb travelling the width less 16px.
 * With `appearance: none` only the thumb is drawn, as Chromium does. Redrawn for the size the
 * box gets, so the thumb stays round at any width.
 */
export function rangeImage(width: number, height: number, fraction: number, track: boolean, disabled: boolean): ImageResource {
  const w = Math.max(1, Math.round(width * 100) / 100);
  const h = Math.max(1, Math.round(height * 100) / 100);
  const f = Math.min(1, Math.max(0, fraction));
  const colours = disabled ? DISABLED_RANGE : { ...RANGE, thumb: ACCENT };
  const cx = 8 + f * Math.max(0, w - 16);
  const cy = h / 2;
  const top = cy - RANGE.track / 2 + 0.5;
  const r = RANGE.track / 2 - 0.5;
  const trackBody = track
    ? `<rect x="1.5" y="${top}" width="${Math.max(0, w - 3)}" height="${RANGE.track - 1}" rx="${r}" fill="${colours.rest}" stroke="${colours.restBorder}"/>`
      + `<rect x="1.5" y="${top}" width="${Math.max(0, cx - 1.5)}" height="${RANGE.track - 1}" rx="${r}" fill="${colours.fill}" stroke="${colours.fillBorder}"/>`
    : '';
  const body = `${trackBody}<circle cx="${cx}" cy="${cy}" r="${RANGE.thumb / 2}" fill="${colours.thumb}"/>`;
  return svgImage(`range-${w}-${h}-${Math.round(f * 10000)}-${track ? 't' : 'n'}${disabled ? 'd' : ''}`, w, h, body, true,
    (drawnWidth, drawnHeight) => rangeImage(drawnWidth, drawnHeight, f, track, disabled));
}
