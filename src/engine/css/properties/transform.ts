// Longhands of transforms: `transform` (a list of 2D matrices) and `transform-origin`.
import { type PropertyDef, simple } from '../property.js';
import { computeTransform, computeTransformOrigin, parseTransform, parseTransformOrigin } from '../values/transform.js';

export function transformProperties(): PropertyDef[] {
  return [
    simple('transform', 'transform', false, parseTransform, computeTransform),
    simple('transform-origin', 'transformOrigin', false, parseTransformOrigin, computeTransformOrigin),
  ];
}
