// Longhands of transforms: `transform` (a list of 2D matrices), `translate`, `rotate`, `scale` and `transform-origin`.
import { type PropertyDef, simple } from '../property.js';
import {
  computeTransform, computeTransformFunction, computeTransformOrigin, parseRotate, parseScale, parseTransform, parseTransformOrigin, parseTranslate,
} from '../values/transform.js';

export function transformProperties(): PropertyDef[] {
  return [
    simple('transform', 'transform', false, parseTransform, computeTransform),
    simple('translate', 'translate', false, parseTranslate, computeTransformFunction),
    simple('rotate', 'rotate', false, parseRotate, computeTransformFunction),
    simple('scale', 'scale', false, parseScale, computeTransformFunction),
    simple('transform-origin', 'transformOrigin', false, parseTransformOrigin, computeTransformOrigin),
  ];
}
