// Test images made in code: PNG files of any size and colour, a tiny JPEG, an EXIF-rotated JPEG.
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE as SIGNATURE, pngChunk as chunk } from '../engine/images/png-encode.js';

function ihdr(width: number, height: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = colorType;
  return chunk('IHDR', data);
}

/** An 8-bit PNG filled with one colour; RGBA when `rgba[3]` is given and below 255. */
export function solidPng(width: number, height: number, rgba: readonly number[] = [255, 0, 0, 255]): Uint8Array {
  const alpha = rgba.length > 3 && rgba[3] < 255;
  const channels = alpha ? 4 : 3;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) row[1 + x * channels + c] = rgba[c];
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return new Uint8Array(Buffer.concat([SIGNATURE, ihdr(width, height, alpha ? 6 : 2), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]));
}

/** A PNG whose header claims `width`×`height` but carries almost no pixel data. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  return new Uint8Array(Buffer.concat([SIGNATURE, ihdr(width, height, 6), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', new Uint8Array())]));
}

/** An RGBA PNG whose pixel stream is cut short (a valid header and chunk layout around broken zlib data). */
export function truncatedPng(width: number, height: number): Uint8Array {
  const good = deflateSync(Buffer.alloc(height * (1 + width * 4)));
  return new Uint8Array(Buffer.concat([SIGNATURE, ihdr(width, height, 6), chunk('IDAT', good.subarray(0, Math.max(2, good.length >> 1))), chunk('IEND', new Uint8Array())]));
}

/** An 8×4 baseline JPEG (left half red, right half blue). */
export const TINY_JPEG = new Uint8Array(Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDmb/8A5Z/j/SiiivqMn/3KHz/NnRmv+9z+X5I//9k=',
  'base64',
));

/** TINY_JPEG with an EXIF APP1 segment giving `orientation` (6 = rotate 90° clockwise). */
export function jpegWithOrientation(orientation: number): Uint8Array {
  // TIFF header (big-endian), one IFD with one SHORT entry: 0x0112 Orientation.
  const tiff = Buffer.from([
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
    0x00, 0x01,
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00,
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1[0] = 0xff;
  app1[1] = 0xe1;
  app1.writeUInt16BE(payload.length + 2, 2);
  return new Uint8Array(Buffer.concat([Buffer.from(TINY_JPEG.subarray(0, 2)), app1, payload, Buffer.from(TINY_JPEG.subarray(2))]));
}
