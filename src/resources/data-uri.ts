// Decodes `data:` URIs (base64 and percent-encoded) as the Fetch standard's data: URL processor does.
import { loaded, refused, type LoadOutcome } from './outcome.js';

const BASE64 = /^[A-Za-z0-9+/]*$/;
const MIME_ESSENCE = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(;|$)/;

/** Decodes `url` (which starts with `data:`) into bytes and its MIME type essence, within `maxBytes`. */
export function loadDataUri(url: string, maxBytes: number): LoadOutcome {
  const input = url.replace(/[\t\n\r]/g, '');
  const comma = input.indexOf(',');
  if (!/^data:/i.test(input) || comma < 0) return refused('malformed data: URI (no comma)');
  let header = input.slice(5, comma);
  const body = input.slice(comma + 1);
  const base64 = /;\s*base64\s*$/i.test(header);
  if (base64) header = header.replace(/;\s*base64\s*$/i, '');
  const estimate = base64 ? Math.floor((body.length * 3) / 4) : body.length;
  // Percent escapes shrink a body at most threefold, so refuse early what cannot fit, before decoding it.
  if (estimate > maxBytes * 3 + 16) return refused(`data: URI larger than ${maxBytes} bytes`);
  let bytes = percentDecode(body);
  if (base64) {
    const decoded = forgivingBase64(Buffer.from(bytes).toString('latin1'));
    if (decoded === null) return refused('malformed base64 in data: URI');
    bytes = decoded;
  }
  if (bytes.byteLength > maxBytes) return refused(`data: URI larger than ${maxBytes} bytes`);
  const essence = MIME_ESSENCE.exec(header.startsWith(';') ? `text/plain${header}` : header);
  return loaded(input, bytes, essence ? essence[1].toLowerCase() : 'text/plain');
}

function percentDecode(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[length++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

function forgivingBase64(text: string): Uint8Array | null {
  let data = text.replace(/[\t\n\f\r ]/g, '');
  if (data.length % 4 === 0) data = data.replace(/==?$/, '');
  if (data.length % 4 === 1 || !BASE64.test(data)) return null;
  return new Uint8Array(Buffer.from(data, 'base64'));
}
