import { describe, expect, it } from 'vitest';
import { initialsOf, trophyDisplay, trophyIcons } from './display';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  mary ann  van der berg ')).toBe('MB');
    expect(initialsOf('plato')).toBe('P');
    expect(initialsOf('Élodie Ødegaard')).toBe('ÉØ');
    expect(initialsOf('')).toBe('?');
  });

  it('skips titles before the name, with or without a dot, in any case', () => {
    expect(initialsOf('Mr Rogers')).toBe('R');
    expect(initialsOf('Mrs. Ada Lovelace')).toBe('AL');
    expect(initialsOf('ms jane doe')).toBe('JD');
    expect(initialsOf('Miss Honey')).toBe('H');
    expect(initialsOf('Dr. Grace Hopper')).toBe('GH');
    expect(initialsOf('Prof Dr Marie Curie')).toBe('MC');
    expect(initialsOf('Mx. Sam Lee')).toBe('SL');
    expect(initialsOf('PROF. X')).toBe('X');
  });

  it('keeps a word that only looks like a title, and a name that is only a title', () => {
    expect(initialsOf('Mrsa Khan')).toBe('MK');
    expect(initialsOf('Drew Barrymore')).toBe('DB');
    expect(initialsOf('Miss')).toBe('M');
    expect(initialsOf('Ada Dr')).toBe('AD');
  });
});

describe('trophyDisplay', () => {
  it('draws one icon per trophy, at most 30, and keeps the total', () => {
    expect(trophyDisplay(0, 30)).toEqual({ icons: 0, total: 0 });
    expect(trophyDisplay(7, 30)).toEqual({ icons: 7, total: 7 });
    expect(trophyDisplay(30, 30)).toEqual({ icons: 30, total: 30 });
    expect(trophyDisplay(112, 30)).toEqual({ icons: 30, total: 112 });
    expect(trophyDisplay(-3, 30)).toEqual({ icons: 0, total: 0 });
    expect(trophyDisplay(Number.NaN, 30)).toEqual({ icons: 0, total: 0 });
  });
});

describe('trophyIcons', () => {
  const loaded = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}` }));
  it('pairs each icon with its trophy, newest first, and stops at the most shown', () => {
    const icons = trophyIcons(31, loaded(30), 30);
    expect(icons).toHaveLength(30);
    expect(icons[0]).toEqual({ key: 't0', trophy: { id: 't0' } });
    expect(icons[29]?.trophy).toEqual({ id: 't29' });
  });
  it('draws plain icons for a count ahead of the loaded list, and none for no trophies', () => {
    const icons = trophyIcons(3, loaded(1), 30);
    expect(icons.map((i) => i.key)).toEqual(['t0', 'pending-1', 'pending-2']);
    expect(icons[2]?.trophy).toBeNull();
    expect(trophyIcons(0, loaded(2), 30)).toEqual([]);
  });
});
