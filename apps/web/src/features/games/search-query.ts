import { minSearchLength } from '@casino/contract';

/** Spec §9: a search needs at least three characters and applies after 300 ms without typing. */
export const minimumSearchLength = minSearchLength;
export const searchDebounceMs = 300;

/** The search applies only past two characters (trimmed); shorter input means "all games". */
export function effectiveSearchQuery(input: string): string | null {
  const query = input.trim();
  return query.length >= minimumSearchLength ? query : null;
}

/**
 * The search modal's state: the text box and its filter tabs (one category or one provider at a
 * time, the tabs being alternatives).
 */
export interface SearchState {
  input: string;
  category: string | null;
  provider: string | null;
}

export type SearchAction =
  | { type: 'type'; input: string }
  | { type: 'category'; value: string | null }
  | { type: 'provider'; value: string | null }
  | { type: 'reset' };

export const initialSearchState: SearchState = { input: '', category: null, provider: null };

/** Spec §4: typing clears the category and provider filters; picking a tab keeps the text. */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'type':
      return { input: action.input, category: null, provider: null };
    case 'category':
      return { ...state, category: action.value, provider: null };
    case 'provider':
      return { ...state, category: null, provider: action.value };
    case 'reset':
      return initialSearchState;
  }
}

/**
 * Applies what the player typed once they stop typing for `delayMs`: each keystroke restarts
 * the wait, and the applied value is the effective query (null below three characters).
 */
export function createSearchDebouncer(
  apply: (query: string | null) => void,
  delayMs: number = searchDebounceMs,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    input(text: string) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        apply(effectiveSearchQuery(text));
      }, delayMs);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
