// CSS colour spaces (CSS Color 4 §17, its sample code): sRGB colours to the coordinates of a space
// and back, for colours written in a space (lab(), oklch(), …) and for mixing in one.
import type { Color } from '../types.js';

export type ColorSpace =
  | 'srgb' | 'srgb-linear' | 'xyz-d65' | 'xyz-d50' | 'lab' | 'lch' | 'oklab' | 'oklch' | 'hsl' | 'hwb';

export type Triple = [number, number, number];

const linearize = (c: number): number => {
  const abs = Math.abs(c);
  return abs <= 0.04045 ? c / 12.92 : Math.sign(c) * ((abs + 0.055) / 1.055) ** 2.4;
};
const gammaEncode = (c: number): number => {
  const abs = Math.abs(c);
  return abs > 0.0031308 ? Math.sign(c) * (1.055 * abs ** (1 / 2.4) - 0.055) : 12.92 * c;
};
const multiply = (m: readonly number[], [x, y, z]: Triple): Triple => [
  m[0]! * x + m[1]! * y + m[2]! * z, m[3]! * x + m[4]! * y + m[5]! * z, m[6]! * x + m[7]! * y + m[8]! * z,
];

const LINEAR_SRGB_TO_XYZ = [0.41239079926595934, 0.357584339383878, 0.1804807884018343, 0.21263900587151027, 0.715168678767756, 0.07219231536073371, 0.01933081871559182, 0.11919477979462598, 0.9505321522496607];
const XYZ_TO_LINEAR_SRGB = [3.2409699419045226, -1.537383177570094, -0.4986107602930034, -0.9692436362808796, 1.8759675015077202, 0.04155505740717559, 0.05563007969699366, -0.20397695888897652, 1.0569715142428786];
const D65_TO_D50 = [1.0479298208405488, 0.022946793341019088, -0.05019222954313557, 0.029627815688159344, 0.990434484573249, -0.01707382502938514, -0.009243058152591178, 0.015055144896577895, 0.7518742899580008];
const D50_TO_D65 = [0.9554734527042182, -0.023098536874261423, 0.0632593086610217, -0.028369706963208136, 1.0099954580058226, 0.021041398966943008, 0.012314001688319899, -0.020507696433477912, 1.3303659366080753];
const D50_WHITE: Triple = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];
const KAPPA = 24389 / 27;
const EPSILON = 216 / 24389;

function xyzD50ToLab(xyz: Triple): Triple {
  const [fx, fy, fz] = xyz.map((v, i) => {
    const t = v / D50_WHITE[i]!;
    return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
  }) as Triple;
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

function labToXyzD50([L, a, b]: Triple): Triple {
  const fy = (L + 16) / 116;
  const fx = a / 500 + fy;
  const fz = fy - b / 200;
  return [
    (fx ** 3 > EPSILON ? fx ** 3 : (116 * fx - 16) / KAPPA) * D50_WHITE[0],
    L > KAPPA * EPSILON ? fy ** 3 : L / KAPPA,
    (fz ** 3 > EPSILON ? fz ** 3 : (116 * fz - 16) / KAPPA) * D50_WHITE[2],
  ];
}

function linearToOklab([r, g, b]: Triple): Triple {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToLinear([L, a, b]: Triple): Triple {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const toPolar = ([l, a, b]: Triple): Triple => {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return [l, Math.hypot(a, b), h < 0 ? h + 360 : h];
};
const fromPolar = ([l, c, h]: Triple): Triple => [l, c * Math.cos((h * Math.PI) / 180), c * Math.sin((h * Math.PI) / 180)];

function srgbToHsl([r, g, b]: Triple): Triple {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = l === 0 || l === 1 ? 0 : (max - l) / Math.min(l, 1 - l);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToSrgb([h, s, l]: Triple): Triple {
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function srgbToHwb(rgb: Triple): Triple {
  const [h] = srgbToHsl(rgb);
  return [h, Math.min(...rgb), 1 - Math.max(...rgb)];
}

function hwbToSrgb([h, w, b]: Triple): Triple {
  if (w + b >= 1) {
    const gray = w / (w + b);
    return [gray, gray, gray];
  }
  return hslToSrgb([h, 1, 0.5]).map((c) => c * (1 - w - b) + w) as Triple;
}

/** A colour's coordinates in `space` (hues in degrees; hsl and hwb as fractions). */
export function toSpace(color: Color, space: ColorSpace): Triple {
  const srgb: Triple = [color.r / 255, color.g / 255, color.b / 255];
  if (space === 'srgb') return srgb;
  if (space === 'hsl') return srgbToHsl(srgb);
  if (space === 'hwb') return srgbToHwb(srgb);
  const linear = srgb.map(linearize) as Triple;
  switch (space) {
    case 'srgb-linear': return linear;
    case 'oklab': return linearToOklab(linear);
    case 'oklch': return toPolar(linearToOklab(linear));
    case 'xyz-d65': return multiply(LINEAR_SRGB_TO_XYZ, linear);
    case 'xyz-d50': return multiply(D65_TO_D50, multiply(LINEAR_SRGB_TO_XYZ, linear));
    case 'lab': return xyzD50ToLab(multiply(D65_TO_D50, multiply(LINEAR_SRGB_TO_XYZ, linear)));
    case 'lch': return toPolar(xyzD50ToLab(multiply(D65_TO_D50, multiply(LINEAR_SRGB_TO_XYZ, linear))));
  }
}

/** The sRGB colour at `coords` in `space`, each channel clipped to the gamut. */
export function fromSpace(coords: Triple, space: ColorSpace, alpha: number): Color {
  let srgb: Triple;
  if (space === 'srgb') srgb = coords;
  else if (space === 'hsl') srgb = hslToSrgb(coords);
  else if (space === 'hwb') srgb = hwbToSrgb(coords);
  else {
    let linear: Triple;
    switch (space) {
      case 'srgb-linear': linear = coords; break;
      case 'oklab': linear = oklabToLinear(coords); break;
      case 'oklch': linear = oklabToLinear(fromPolar(coords)); break;
      case 'xyz-d65': linear = multiply(XYZ_TO_LINEAR_SRGB, coords); break;
      case 'xyz-d50': linear = multiply(XYZ_TO_LINEAR_SRGB, multiply(D50_TO_D65, coords)); break;
      case 'lab': linear = multiply(XYZ_TO_LINEAR_SRGB, multiply(D50_TO_D65, labToXyzD50(coords))); break;
      case 'lch': linear = multiply(XYZ_TO_LINEAR_SRGB, multiply(D50_TO_D65, labToXyzD50(fromPolar(coords)))); break;
    }
    srgb = linear.map(gammaEncode) as Triple;
  }
  const channel = (c: number): number => Math.round(Math.min(1, Math.max(0, c)) * 255);
  return Object.freeze({ r: channel(srgb[0]), g: channel(srgb[1]), b: channel(srgb[2]), a: Math.min(1, Math.max(0, alpha)) });
}
