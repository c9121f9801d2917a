import { describe, expect, it } from 'vitest';
import { initialsOf, trophyDisplay } from './display';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  mary ann  van der berg ')).toBe('MB');
    expect(initialsOf('plato')).toBe('P');
    expect(initialsOf('Élodie Ødegaard')).toBe('ÉØ');
    expect(initialsOf('')).toBe('?');
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
