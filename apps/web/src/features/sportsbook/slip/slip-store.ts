import { useCallback, useSyncExternalStore } from 'react';
import { publishSlipCount } from './slip-count';
import {
  type NewSelection,
  readStoredSlip,
  type SlipAction,
  type SlipState,
  selectionKey,
  serializeSlip,
  slipReducer,
  slipStorageKey,
} from './slip-state';

/**
 * The app's one bet slip: the reducer's state kept in localStorage (so a reload, or another tab,
 * finds the same slip) and shared by every outcome button, the side panel and the drawer. The
 * shell's tab bar shows its count through `slip-count.ts`, which this store keeps told.
 */

function readStorage(): SlipState {
  try {
    return readStoredSlip(window.localStorage.getItem(slipStorageKey));
  } catch {
    return readStoredSlip(null);
  }
}

let current: SlipState | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function snapshot(): SlipState {
  if (current === null) {
    current = readStorage();
    // another tab's slip, whether or not a component shows this one now
    window.addEventListener('storage', (event) => {
      if (event.key !== slipStorageKey) return;
      current = readStoredSlip(event.newValue);
      publishSlipCount(current.selections.length);
      emit();
    });
  }
  return current;
}

export function dispatchSlip(action: SlipAction): void {
  const before = snapshot();
  const next = slipReducer(before, action);
  if (next === before) return;
  current = next;
  try {
    window.localStorage.setItem(slipStorageKey, serializeSlip(next));
  } catch {
    // private mode without storage: the slip lasts for this page only
  }
  publishSlipCount(next.selections.length);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSlip(): SlipState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For outcome buttons: whether an outcome is on the slip, and the click that toggles it. */
export function useSlipToggle() {
  const slip = useSlip();
  const selected = new Set(slip.selections.map(selectionKey));
  const isSelected = (marketId: number, outcomeId: string) =>
    selected.has(selectionKey({ marketId, outcomeId }));
  const toggle = useCallback((selection: NewSelection) => {
    dispatchSlip({ type: 'toggle', selection });
  }, []);
  return { isSelected, toggle, count: slip.selections.length };
}
