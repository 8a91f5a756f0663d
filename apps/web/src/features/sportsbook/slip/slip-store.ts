import { useCallback, useSyncExternalStore } from 'react';
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
 * finds the same slip) and shared by every outcome button, the side panel and the drawer.
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

function snapshot(): SlipState {
  current ??= readStorage();
  return current;
}

function emit() {
  for (const listener of listeners) listener();
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
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== slipStorageKey) return;
    current = readStoredSlip(event.newValue);
    emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
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

/** The phone's slip drawer: opened from the tab bar or the floating button, closed by Esc. */
let drawerOpen = false;
const drawerListeners = new Set<() => void>();

export function setSlipDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

export function useSlipDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      drawerListeners.add(listener);
      return () => drawerListeners.delete(listener);
    },
    () => drawerOpen,
    () => false,
  );
}
