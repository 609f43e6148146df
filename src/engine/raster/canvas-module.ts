// @napi-rs/canvas (Skia), the optional peer that paints page images: loaded when page images are
// first asked for, never when pagesmith is imported; RasterUnavailableError when it is not installed.
import type * as NapiCanvas from '@napi-rs/canvas';
import { MissingPeerDependencyError } from '../../errors/missing-peer-dependency-error.js';
import { loadOptionalPeer } from '../../stores/optional-peer.js';
import { RasterUnavailableError } from '../errors.js';

export type CanvasModule = typeof NapiCanvas;
export type Canvas = NapiCanvas.Canvas;
export type CanvasContext = NapiCanvas.SKRSContext2D;
export type CanvasPath = NapiCanvas.Path2D;
export type CanvasImage = NapiCanvas.Image;

export const CANVAS_PACKAGE = '@napi-rs/canvas';

/** Loads a package by name (require from pagesmith's folder); tests pass one that fails. */
export type PeerLoader = (specifier: string) => unknown;

let loaded: CanvasModule | null = null;

/** The canvas module, loaded once per thread; `load` replaces how it is found (tests of the missing-peer path). */
export function canvasModule(load?: PeerLoader): CanvasModule {
  if (load === undefined && loaded !== null) return loaded;
  try {
    const module = loadOptionalPeer<CanvasModule>(CANVAS_PACKAGE, 'Page images', load);
    if (load === undefined) loaded = module;
    return module;
  } catch (error) {
    if (error instanceof MissingPeerDependencyError) throw new RasterUnavailableError({ detail: error.detail, cause: error.cause });
    throw error;
  }
}
