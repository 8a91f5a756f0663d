import { useId } from 'react';

/** Vector art of the games, drawn in the repository (no image files, no emoji). */

export function GemIcon({ className }: { className?: string }) {
  const face = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={face} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#6ee7b7" />
          <stop offset="100%" stopColor="#059669" />
        </linearGradient>
      </defs>
      <path d="M14 22 L24 10 H40 L50 22 L32 54 Z" fill={`url(#${face})`} />
      <path d="M14 22 H50 L32 54 Z" fill="#10b981" opacity="0.55" />
      <path
        d="M24 10 L28 22 L32 10 L36 22 L40 10"
        fill="none"
        stroke="#d1fae5"
        strokeWidth="1.5"
        opacity="0.7"
      />
      <path
        d="M28 22 L32 54 L36 22"
        fill="none"
        stroke="#d1fae5"
        strokeWidth="1.2"
        opacity="0.45"
      />
    </svg>
  );
}

export function MineIcon({ className }: { className?: string }) {
  const body = useId();
  const spikes = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <radialGradient id={body} cx="0.4" cy="0.35" r="0.7">
          <stop offset="0%" stopColor="#fca5a5" />
          <stop offset="45%" stopColor="#ef4444" />
          <stop offset="100%" stopColor="#7f1d1d" />
        </radialGradient>
      </defs>
      {spikes.map((angle) => (
        <rect
          key={angle}
          x="30"
          y="8"
          width="4"
          height="12"
          rx="2"
          fill="#b91c1c"
          transform={`rotate(${angle} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="16" fill={`url(#${body})`} />
      <circle cx="26" cy="26" r="4" fill="#fee2e2" opacity="0.75" />
    </svg>
  );
}
