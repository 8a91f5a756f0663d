import { describe, expect, it } from 'vitest';
import { filterOptions, isOptionLocked, toggleSelection } from './select-options';

const options = [
  { value: 'en', label: 'English' },
  { value: 'ru', label: 'Русский' },
  { value: 'uk', label: 'Українська' },
  { value: 'pl', label: 'Polski' },
];

describe('filterOptions', () => {
  it('matches labels by case-insensitive substring', () => {
    expect(filterOptions(options, 'ENG').map((option) => option.value)).toEqual(['en']);
    expect(filterOptions(options, 'русс').map((option) => option.value)).toEqual(['ru']);
    expect(filterOptions(options, 'ськ').map((option) => option.value)).toEqual(['uk']);
  });

  it('returns every option for an empty or blank query', () => {
    expect(filterOptions(options, '')).toHaveLength(4);
    expect(filterOptions(options, '   ')).toHaveLength(4);
  });

  it('returns nothing when no label matches', () => {
    expect(filterOptions(options, 'xyz')).toEqual([]);
  });
});

describe('multi-select maximum', () => {
  it('locks the other options once the maximum is reached', () => {
    expect(isOptionLocked('pl', ['en', 'ru'], 2)).toBe(true);
    expect(isOptionLocked('en', ['en', 'ru'], 2)).toBe(false);
    expect(isOptionLocked('pl', ['en'], 2)).toBe(false);
    expect(isOptionLocked('pl', ['en', 'ru', 'uk'], undefined)).toBe(false);
  });

  it('toggles within the maximum', () => {
    expect(toggleSelection(['en'], 'ru', 2)).toEqual(['en', 'ru']);
    expect(toggleSelection(['en', 'ru'], 'pl', 2)).toEqual(['en', 'ru']);
    expect(toggleSelection(['en', 'ru'], 'en', 2)).toEqual(['ru']);
    expect(toggleSelection(['en', 'ru'], 'pl')).toEqual(['en', 'ru', 'pl']);
  });
});
