// Track list parsing: sizes, minmax(), repeat(), named lines, auto repetition and template areas.
import { describe, expect, it } from 'vitest';
import { expandTracks, namesWithAreas, parseAreas, parseAutoTracks, parseTrackList } from './grid-template.js';

describe('parseTrackList', () => {
  it('reads lengths, percentages, fr and keywords', () => {
    const list = parseTrackList('10px 25% 1fr auto min-content max-content');
    expect(list.tracks.map((t) => t.max.kind)).toEqual(['length', 'length', 'fr', 'auto', 'min-content', 'max-content']);
    expect(list.tracks[2].min.kind).toBe('auto');
    expect(list.tracks[1].max).toEqual({ kind: 'length', value: { percent: 25 } });
  });

  it('reads minmax() and fit-content()', () => {
    const [a, b] = parseTrackList('minmax(min-content, 120px) fit-content(50px)').tracks;
    expect(a).toEqual({ min: { kind: 'min-content' }, max: { kind: 'length', value: 120 } });
    expect(b.fitContent).toBe(50);
  });

  it('keeps line names, merging names of repeated lines', () => {
    const list = parseTrackList('[a] 10px [b c] repeat(2, [d] 5px [e])');
    expect(list.tracks).toHaveLength(3);
    expect(list.names).toEqual([['a'], ['b', 'c', 'd'], ['e', 'd'], ['e']]);
  });

  it('treats invalid text as none', () => {
    expect(parseTrackList('10px banana').tracks).toHaveLength(0);
    expect(parseTrackList('minmax(1fr, 10px)').tracks).toHaveLength(0);
  });

  it('defaults grid-auto-* to one auto track', () => {
    expect(parseAutoTracks('nonsense(')).toHaveLength(1);
    expect(parseAutoTracks('10px 20px')).toHaveLength(2);
  });
});

describe('expandTracks', () => {
  it('repeats auto-fill tracks as often as they fit, at least once', () => {
    const list = parseTrackList('[s] 50px repeat(auto-fill, [r] 100px) [e]');
    expect(expandTracks(list, 370, 10).tracks).toHaveLength(3);
    expect(expandTracks(list, 380, 10).tracks).toHaveLength(4);
    expect(expandTracks(list, 370, 10).names).toEqual([['s'], ['r'], ['r'], ['e']]);
    expect(expandTracks(list, 20, 0).tracks).toHaveLength(2);
    expect(expandTracks(list, null, 0).tracks).toHaveLength(2);
  });

  it('marks auto-fit tracks so empty ones can collapse', () => {
    const out = expandTracks(parseTrackList('50px repeat(auto-fit, 100px) 1fr'), 400, 0);
    expect([...out.autoFit]).toEqual([1, 2, 3]);
  });
});

describe('grid-template-areas', () => {
  it('finds each area rectangle and its implicit line names', () => {
    const areas = parseAreas('"a a ." "b c c"')!;
    expect(areas.areas.get('a')).toEqual({ rowStart: 0, rowEnd: 1, colStart: 0, colEnd: 2 });
    expect(areas.areas.get('c')).toEqual({ rowStart: 1, rowEnd: 2, colStart: 1, colEnd: 3 });
    expect(namesWithAreas([[], [], [], []], areas, 'column', 4)[2]).toEqual(['a-end']);
  });

  it('rejects rows of different lengths', () => {
    expect(parseAreas('"a a" "b"')).toBeNull();
  });
});
