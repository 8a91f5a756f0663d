import { useId } from 'react';
import { cn } from '@/lib/cn';

/** Default player avatar: a little astronaut helmet, drawn in the brand colours. */
export function AvatarArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 40 40" className={cn('size-full', className)} aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4c1d95" />
          <stop offset="1" stopColor="#1e1b4b" />
        </linearGradient>
        <linearGradient id={`${id}-visor`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a5f3fc" />
          <stop offset="1" stopColor="#6366f1" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" fill={`url(#${id}-bg)`} />
      <circle cx="8" cy="9" r="0.9" fill="#ddd6fe" />
      <circle cx="33" cy="7" r="0.7" fill="#ddd6fe" />
      <circle cx="31" cy="15" r="0.5" fill="#ddd6fe" />
      <path d="M7 40c0-7.2 5.8-12 13-12s13 4.8 13 12z" fill="#e2e8f0" />
      <path d="M15 31h10v4H15z" fill="#94a3b8" />
      <circle cx="20" cy="19" r="10" fill="#f1f5f9" />
      <rect x="13" y="14.5" width="14" height="9.5" rx="4.75" fill={`url(#${id}-visor)`} />
      <path
        d="M15.5 17.5c1-1.4 2.4-2 4-2"
        stroke="#fff"
        strokeWidth="1.2"
        strokeLinecap="round"
        fill="none"
        opacity="0.8"
      />
      <circle cx="29.5" cy="19" r="1.5" fill="#f59e0b" />
    </svg>
  );
}
