import { useId } from 'react';
import { cn } from '@/lib/cn';

/** Casino-home hero: a golden planet with an orbit of chips, cards and dice. */
export function HeroArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 360 260" className={cn('h-auto w-full', className)} aria-hidden="true">
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#8b5cf6" stopOpacity="0.55" />
          <stop offset="1" stopColor="#8b5cf6" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-planet`} x1="0.2" y1="0.1" x2="0.8" y2="0.95">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.55" stopColor="#f59e0b" />
          <stop offset="1" stopColor="#b45309" />
        </linearGradient>
        <linearGradient id={`${id}-ring`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#c4b5fd" stopOpacity="0.2" />
          <stop offset="0.5" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#7c3aed" stopOpacity="0.3" />
        </linearGradient>
        <linearGradient id={`${id}-card`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e2e8f0" />
        </linearGradient>
      </defs>
      <circle cx="180" cy="130" r="130" fill={`url(#${id}-glow)`} />
      {[
        [40, 40, 1.4],
        [310, 30, 1.1],
        [330, 200, 1.6],
        [24, 210, 1],
        [250, 18, 0.9],
        [90, 238, 1.2],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#ddd6fe" opacity="0.8" />
      ))}
      <ellipse
        cx="180"
        cy="130"
        rx="150"
        ry="44"
        fill="none"
        stroke={`url(#${id}-ring)`}
        strokeWidth="3"
        transform="rotate(-14 180 130)"
      />
      <circle cx="180" cy="130" r="62" fill={`url(#${id}-planet)`} />
      <path
        d="M138 104c14-18 40-26 64-18"
        stroke="#fff7d6"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
        opacity="0.55"
      />
      <circle cx="206" cy="152" r="9" fill="#b45309" opacity="0.35" />
      <circle cx="158" cy="160" r="5" fill="#b45309" opacity="0.3" />
      <path
        d="M180 108l7 14.3 15.8 2.3-11.4 11.1 2.7 15.7L180 144l-14.1 7.4 2.7-15.7-11.4-11.1 15.8-2.3z"
        fill="#92400e"
        opacity="0.75"
      />
      <path
        d="M36 150c40 30 250 0 290-54"
        stroke={`url(#${id}-ring)`}
        strokeWidth="3"
        fill="none"
        opacity="0.7"
      />
      <g transform="translate(44 112) rotate(-16)">
        <circle r="20" fill="#7c3aed" />
        <circle r="20" fill="none" stroke="#ede9fe" strokeWidth="5" strokeDasharray="7 7.7" />
        <circle r="11" fill="#6d28d9" stroke="#c4b5fd" strokeWidth="1.5" />
      </g>
      <g transform="translate(296 88) rotate(14)">
        <rect x="-19" y="-26" width="38" height="52" rx="5" fill={`url(#${id}-card)`} />
        <text
          x="-12"
          y="-10"
          fontSize="13"
          fontWeight="700"
          fill="#dc2626"
          fontFamily="Inter Variable, sans-serif"
        >
          A
        </text>
        <path d="M0 -2c-5-7-14-3-10 4 2 4 10 9 10 9s8-5 10-9c4-7-5-11-10-4z" fill="#dc2626" />
      </g>
      <g transform="translate(266 190) rotate(-12)">
        <rect x="-17" y="-17" width="34" height="34" rx="7" fill="#f8fafc" />
        <circle cx="-8" cy="-8" r="3" fill="#1e1b4b" />
        <circle cx="0" cy="0" r="3" fill="#1e1b4b" />
        <circle cx="8" cy="8" r="3" fill="#1e1b4b" />
      </g>
      <g transform="translate(96 58) rotate(20)">
        <circle r="13" fill="#10b981" />
        <circle r="13" fill="none" stroke="#d1fae5" strokeWidth="3.5" strokeDasharray="5 5.2" />
        <circle r="7" fill="#059669" />
      </g>
    </svg>
  );
}
