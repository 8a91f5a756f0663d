import { useCallback, useSyncExternalStore } from 'react';
import {
  playSoundEffect,
  readSoundEnabled,
  type SoundEffect,
  soundStorageKey,
  writeSoundEnabled,
} from '../sound';

const listeners = new Set<() => void>();
let enabled = readSoundEnabled(globalThis.localStorage);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== soundStorageKey) return;
    enabled = readSoundEnabled(globalThis.localStorage);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The sound toggle shared by every game, remembered in localStorage. */
export function useGameSound() {
  const isEnabled = useSyncExternalStore(
    subscribe,
    () => enabled,
    () => enabled,
  );

  const setEnabled = useCallback((next: boolean) => {
    enabled = next;
    writeSoundEnabled(globalThis.localStorage, next);
    for (const listener of listeners) listener();
  }, []);

  const play = useCallback((effect: SoundEffect) => {
    if (enabled) playSoundEffect(effect);
  }, []);

  return { enabled: isEnabled, setEnabled, play };
}
