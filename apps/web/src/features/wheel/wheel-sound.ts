/**
 * The wheel's win chime, synthesised with the Web Audio API (no asset to download): a rising
 * major arpeggio with a soft envelope. Silent where the browser has no audio.
 */

interface Note {
  /** Hz */
  frequency: number;
  /** seconds after the chime starts */
  at: number;
  /** seconds */
  duration: number;
}

export const winChime: readonly Note[] = [
  { frequency: 523.25, at: 0, duration: 0.12 },
  { frequency: 659.25, at: 0.1, duration: 0.12 },
  { frequency: 783.99, at: 0.2, duration: 0.12 },
  { frequency: 1046.5, at: 0.3, duration: 0.35 },
];

const peakGain = 0.18;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  // A context starts suspended until a gesture; the chime always follows the spin click.
  if (context.state === 'suspended') void context.resume();
  return context;
}

export function playWinChime(): void {
  const audio = audioContext();
  if (!audio) return;
  const start = audio.currentTime + 0.005;
  for (const note of winChime) {
    const oscillator = audio.createOscillator();
    const envelope = audio.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
    envelope.gain.setValueAtTime(0.0001, start + note.at);
    envelope.gain.exponentialRampToValueAtTime(peakGain, start + note.at + 0.01);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
    oscillator.connect(envelope).connect(audio.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + note.duration + 0.02);
  }
}
