import { describe, expect, it } from 'vitest';
import { readSoundEnabled, soundNotes, soundStorageKey, writeSoundEnabled } from './sound';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('sound preference', () => {
  it('is on until the player turns it off, and remembers the choice', () => {
    const storage = memoryStorage();
    expect(readSoundEnabled(storage)).toBe(true);
    writeSoundEnabled(storage, false);
    expect(storage.values.get(soundStorageKey)).toBe('off');
    expect(readSoundEnabled(storage)).toBe(false);
    writeSoundEnabled(storage, true);
    expect(readSoundEnabled(storage)).toBe(true);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSoundEnabled(broken)).toBe(true);
    expect(() => writeSoundEnabled(broken, false)).not.toThrow();
  });

  it('keeps every effect short and audible', () => {
    for (const notes of Object.values(soundNotes)) {
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        expect(note.at + note.duration).toBeLessThanOrEqual(0.6);
        expect(note.gain).toBeGreaterThan(0);
        expect(note.gain).toBeLessThanOrEqual(0.25);
      }
    }
  });
});
