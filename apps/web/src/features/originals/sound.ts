/**
 * The games' sound effects, synthesised with the Web Audio API: short oscillator notes with an
 * envelope, so there is nothing to download. The player's choice (on or off) is remembered.
 */

export type SoundEffect =
  | 'bet'
  | 'tick'
  | 'reveal'
  | 'peg'
  | 'reel-stop'
  | 'win'
  | 'big-win'
  | 'lose'
  | 'mine'
  | 'cashout';

interface Note {
  /** Hz */
  frequency: number;
  /** seconds after the effect starts */
  at: number;
  /** seconds */
  duration: number;
  type: OscillatorType;
  /** peak gain, 0..1 */
  gain: number;
  /** Hz the note glides to, when it slides */
  slideTo?: number;
}

/** Each effect as notes: rising arpeggios for wins, a falling buzz for a loss or a mine. */
export const soundNotes: Record<SoundEffect, readonly Note[]> = {
  bet: [{ frequency: 520, at: 0, duration: 0.06, type: 'triangle', gain: 0.18 }],
  tick: [{ frequency: 1200, at: 0, duration: 0.025, type: 'square', gain: 0.05 }],
  reveal: [{ frequency: 880, at: 0, duration: 0.09, type: 'sine', gain: 0.2, slideTo: 1320 }],
  peg: [{ frequency: 1500, at: 0, duration: 0.03, type: 'triangle', gain: 0.07 }],
  'reel-stop': [{ frequency: 180, at: 0, duration: 0.08, type: 'square', gain: 0.08 }],
  win: [
    { frequency: 660, at: 0, duration: 0.1, type: 'triangle', gain: 0.2 },
    { frequency: 880, at: 0.09, duration: 0.14, type: 'triangle', gain: 0.2 },
  ],
  'big-win': [
    { frequency: 523, at: 0, duration: 0.1, type: 'triangle', gain: 0.2 },
    { frequency: 659, at: 0.1, duration: 0.1, type: 'triangle', gain: 0.2 },
    { frequency: 784, at: 0.2, duration: 0.1, type: 'triangle', gain: 0.2 },
    { frequency: 1047, at: 0.3, duration: 0.28, type: 'triangle', gain: 0.22 },
  ],
  lose: [{ frequency: 260, at: 0, duration: 0.22, type: 'sawtooth', gain: 0.08, slideTo: 140 }],
  mine: [
    { frequency: 140, at: 0, duration: 0.35, type: 'sawtooth', gain: 0.16, slideTo: 50 },
    { frequency: 90, at: 0.02, duration: 0.3, type: 'square', gain: 0.08 },
  ],
  cashout: [
    { frequency: 988, at: 0, duration: 0.07, type: 'sine', gain: 0.18 },
    { frequency: 1319, at: 0.07, duration: 0.16, type: 'sine', gain: 0.18 },
  ],
};

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  // Browsers start the context suspended until a gesture; every effect follows a click.
  if (context.state === 'suspended') void context.resume();
  return context;
}

export function playSoundEffect(effect: SoundEffect): void {
  const audio = audioContext();
  if (!audio) return;
  const start = audio.currentTime + 0.005;
  for (const note of soundNotes[effect]) {
    const oscillator = audio.createOscillator();
    const envelope = audio.createGain();
    oscillator.type = note.type;
    oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
    if (note.slideTo) {
      oscillator.frequency.exponentialRampToValueAtTime(
        note.slideTo,
        start + note.at + note.duration,
      );
    }
    envelope.gain.setValueAtTime(0.0001, start + note.at);
    envelope.gain.exponentialRampToValueAtTime(note.gain, start + note.at + 0.008);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
    oscillator.connect(envelope).connect(audio.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + note.duration + 0.02);
  }
}

export const soundStorageKey = 'originals_sound';

export function readSoundEnabled(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(soundStorageKey) !== 'off';
  } catch {
    return true;
  }
}

export function writeSoundEnabled(
  storage: Pick<Storage, 'setItem'> | undefined,
  enabled: boolean,
): void {
  try {
    storage?.setItem(soundStorageKey, enabled ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
}
