// Where an upright glyph hangs from in vertical text: its vertical origin's height over the
// horizontal baseline, in font units, found as HarfBuzz (and so Chromium) finds it: the VORG table
// of CFF faces, else the glyph's top side bearing from vmtx over the top of its outline. fontkit
// reads vhea 1.1 (Google's Noto CJK builds) with the wrong layout, so vmtx is read here.
import type { Font as FontkitFont } from 'fontkit';

interface TableEntry {
  readonly offset: number;
  readonly length: number;
}

interface FontkitInternals {
  readonly directory?: { readonly tables: Record<string, TableEntry | undefined> };
  readonly stream?: { readonly buffer: Uint8Array };
  readonly VORG?: { readonly defaultVertOriginY: number; readonly metrics?: readonly { readonly glyphIndex: number; readonly vertOriginY: number }[] };
}

interface VerticalMetrics {
  readonly vmtx: DataView;
  readonly longMetrics: number;
}

const vmtxByFont = new WeakMap<FontkitFont, VerticalMetrics | null>();

function verticalMetrics(fk: FontkitFont): VerticalMetrics | null {
  let metrics = vmtxByFont.get(fk);
  if (metrics === undefined) {
    metrics = null;
    const internals = fk as unknown as FontkitInternals;
    const vhea = internals.directory?.tables.vhea;
    const vmtx = internals.directory?.tables.vmtx;
    const buffer = internals.stream?.buffer;
    if (vhea !== undefined && vmtx !== undefined && buffer !== undefined && vhea.length >= 36 && vhea.offset + 36 <= buffer.length && vmtx.offset + vmtx.length <= buffer.length) {
      const longMetrics = new DataView(buffer.buffer, buffer.byteOffset + vhea.offset, 36).getUint16(34);
      if (longMetrics > 0 && longMetrics * 4 <= vmtx.length) metrics = { vmtx: new DataView(buffer.buffer, buffer.byteOffset + vmtx.offset, vmtx.length), longMetrics };
    }
    vmtxByFont.set(fk, metrics);
  }
  return metrics;
}

function topSideBearing(metrics: VerticalMetrics, gid: number): number | null {
  const { vmtx, longMetrics } = metrics;
  const at = gid < longMetrics ? gid * 4 + 2 : longMetrics * 4 + (gid - longMetrics) * 2;
  return at + 2 <= vmtx.byteLength ? vmtx.getInt16(at) : null;
}

/** The vertical origin's height of glyph `gid` in font units, or null when the face has no vertical metrics. */
export function glyphVerticalOrigin(fk: FontkitFont, gid: number): number | null {
  const vorg = (fk as unknown as FontkitInternals).VORG;
  if (vorg !== undefined) return vorg.metrics?.find((m) => m.glyphIndex === gid)?.vertOriginY ?? vorg.defaultVertOriginY;
  const metrics = verticalMetrics(fk);
  if (metrics === null) return null;
  const tsb = topSideBearing(metrics, gid);
  if (tsb === null) return null;
  const box = fk.getGlyph(gid).bbox;
  // A glyph without an outline (a space) has no top: its origin is the em's.
  return Number.isFinite(box.maxY) && box.maxY > box.minY ? tsb + box.maxY : null;
}
