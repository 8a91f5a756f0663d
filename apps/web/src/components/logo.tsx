import { useId } from 'react';
import { brandName } from '@/lib/brand';
import { cn } from '@/lib/cn';

/** The planet-and-orbit mark; drawn here so the app needs no image requests. */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <linearGradient id={`${id}-ring`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#c4b5fd" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="14" fill={`url(#${id}-coin)`} />
      <path
        d="M32 23.5l2.5 5.3 5.7.7-4.2 3.9 1.1 5.7L32 36.3l-5.1 2.8 1.1-5.7-4.2-3.9 5.7-.7z"
        fill="#b45309"
      />
      <ellipse
        cx="32"
        cy="32"
        rx="28"
        ry="10"
        fill="none"
        stroke={`url(#${id}-ring)`}
        strokeWidth="3.5"
        transform="rotate(-28 32 32)"
      />
      <circle cx="56" cy="19.5" r="3.5" fill="#ddd6fe" />
    </svg>
  );
}

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const [first, ...rest] = brandName.split(' ');
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      {compact ? null : (
        <span className="text-lg leading-none font-extrabold tracking-tight text-ink-100">
          {first}{' '}
          <span className="bg-linear-to-r from-brand-300 to-brand-500 bg-clip-text text-transparent">
            {rest.join(' ')}
          </span>
        </span>
      )}
    </span>
  );
}
