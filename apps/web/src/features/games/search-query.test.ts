import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSearchDebouncer,
  effectiveSearchQuery,
  initialSearchState,
  searchDebounceMs,
  searchReducer,
} from './search-query';

describe('effectiveSearchQuery', () => {
  it('needs more than two characters', () => {
    expect(effectiveSearchQuery('ro')).toBeNull();
    expect(effectiveSearchQuery('  ro ')).toBeNull();
    expect(effectiveSearchQuery('rou')).toBe('rou');
    expect(effectiveSearchQuery(' Book of ')).toBe('Book of');
  });
});

describe('createSearchDebouncer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the text 300 ms after the last keystroke, once', () => {
    vi.useFakeTimers();
    const applied: (string | null)[] = [];
    const debouncer = createSearchDebouncer((query) => applied.push(query));
    debouncer.input('d');
    debouncer.input('di');
    vi.advanceTimersByTime(searchDebounceMs - 1);
    debouncer.input('dic');
    vi.advanceTimersByTime(searchDebounceMs - 1);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(['dic']);
    vi.advanceTimersByTime(searchDebounceMs * 3);
    expect(applied).toEqual(['dic']);
  });

  it('applies "no search" for two characters or fewer, and nothing after cancel', () => {
    vi.useFakeTimers();
    const applied: (string | null)[] = [];
    const debouncer = createSearchDebouncer((query) => applied.push(query));
    debouncer.input('di');
    vi.advanceTimersByTime(searchDebounceMs);
    expect(applied).toEqual([null]);
    debouncer.input('dice');
    debouncer.cancel();
    vi.advanceTimersByTime(searchDebounceMs);
    expect(applied).toEqual([null]);
  });
});

describe('searchReducer', () => {
  it('clears the category and provider filters when the player types', () => {
    const withCategory = searchReducer(initialSearchState, { type: 'category', value: 'slots' });
    expect(withCategory.category).toBe('slots');
    expect(searchReducer(withCategory, { type: 'type', input: 'bo' })).toEqual({
      input: 'bo',
      category: null,
      provider: null,
    });
    const withProvider = searchReducer(withCategory, { type: 'provider', value: 'house' });
    expect(withProvider).toEqual({ input: '', category: null, provider: 'house' });
    expect(searchReducer(withProvider, { type: 'type', input: 'boo' }).provider).toBeNull();
  });

  it('keeps the text when a filter tab is picked', () => {
    const typed = searchReducer(initialSearchState, { type: 'type', input: 'mines' });
    expect(searchReducer(typed, { type: 'provider', value: 'house' })).toEqual({
      input: 'mines',
      category: null,
      provider: 'house',
    });
    expect(searchReducer(typed, { type: 'reset' })).toEqual(initialSearchState);
  });
});
