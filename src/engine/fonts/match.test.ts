import { describe, expect, it } from 'vitest';
import { matchFace, type FaceDescriptors } from './match.js';

const face = (weight: number, style: FaceDescriptors['style'] = 'normal'): FaceDescriptors => ({ weight: [weight, weight], style });

describe('matchFace (CSS Fonts §5.2)', () => {
  const family = [face(300), face(400), face(600), face(700), face(400, 'italic'), face(700, 'oblique')];

  it('picks the exact weight when present', () => {
    expect(matchFace(family, 600, 'normal')?.face).toBe(family[2]);
  });

  it('goes up to 500 first for 400..500, then down', () => {
    expect(matchFace([face(300), face(500), face(700)], 400, 'normal')?.face.weight[0]).toBe(500);
    expect(matchFace([face(300), face(700)], 450, 'normal')?.face.weight[0]).toBe(300);
  });

  it('goes lighter first below 400 and heavier first above 500', () => {
    expect(matchFace([face(200), face(400)], 300, 'normal')?.face.weight[0]).toBe(200);
    expect(matchFace([face(400), face(900)], 600, 'normal')?.face.weight[0]).toBe(900);
    expect(matchFace([face(400), face(500)], 800, 'normal')?.face.weight[0]).toBe(500);
  });

  it('prefers italic, then oblique, then normal, and flags synthesis', () => {
    expect(matchFace(family, 400, 'italic')).toMatchObject({ face: family[4], syntheticItalic: false, syntheticBold: false });
    const onlyNormal = matchFace([face(400)], 700, 'italic');
    expect(onlyNormal).toMatchObject({ syntheticItalic: true, syntheticBold: true });
    expect(matchFace([face(400), face(700, 'oblique')], 700, 'italic')).toMatchObject({ syntheticItalic: false, syntheticBold: false });
  });

  it('matches weight ranges of variable faces', () => {
    const variable = { weight: [100, 900] as const, style: 'normal' as const };
    expect(matchFace([face(400), variable], 650, 'normal')).toMatchObject({ face: variable, syntheticBold: false });
  });

  it('returns null for no faces', () => {
    expect(matchFace([], 400, 'normal')).toBeNull();
  });
});
