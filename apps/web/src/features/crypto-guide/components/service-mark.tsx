import { useId } from 'react';
import type { CryptoGuideService, MarkGlyph } from '../guide-content';

/** The glyph, drawn white on a 40×40 tile. Original marks: no service's real logo. */
export function MarkGlyphPaths({ glyph }: { glyph: MarkGlyph }) {
  switch (glyph) {
    case 'swap':
      return (
        <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
          <path d="M11 15h17l-5-5" />
          <path d="M29 25H12l5 5" />
        </g>
      );
    case 'candles':
      return (
        <g fill="#fff" stroke="#fff" strokeWidth="2" strokeLinecap="round">
          <path d="M13 9v22M20 13v18M27 7v18" fill="none" />
          <rect x="10" y="14" width="6" height="10" rx="1.5" />
          <rect x="17" y="18" width="6" height="9" rx="1.5" />
          <rect x="24" y="10" width="6" height="10" rx="1.5" />
        </g>
      );
    case 'bot':
      return (
        <g>
          <path d="M20 7v5" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
          <circle cx="20" cy="7" r="2.2" fill="#fff" />
          <rect x="9" y="12" width="22" height="18" rx="6" fill="#fff" />
          <circle cx="15.5" cy="21" r="2.4" fill="#1e3a8a" />
          <circle cx="24.5" cy="21" r="2.4" fill="#1e3a8a" />
          <path d="M16 26.5h8" stroke="#1e3a8a" strokeWidth="2" strokeLinecap="round" />
        </g>
      );
    case 'wallet':
      return (
        <g>
          <rect x="8" y="12" width="24" height="18" rx="4" fill="#fff" />
          <path d="M11 12l13-5 2 5" fill="none" stroke="#fff" strokeWidth="2.5" />
          <rect x="23" y="18" width="9" height="6" rx="2" fill="#0c4a6e" />
          <circle cx="26.5" cy="21" r="1.4" fill="#fff" />
        </g>
      );
    case 'shield':
      return (
        <g>
          <path d="M20 7l11 4v8c0 7-5 12-11 14-6-2-11-7-11-14v-8z" fill="#fff" />
          <circle cx="20" cy="18" r="3" fill="#4c1d95" />
          <path d="M18.6 19.5h2.8l.8 6.5h-4.4z" fill="#4c1d95" />
        </g>
      );
  }
}

/** The service's mark: its glyph on a gradient tile (tabs, the tab header, the step screens). */
export function ServiceMark({
  service,
  className,
}: {
  service: Pick<CryptoGuideService, 'mark'>;
  className?: string;
}) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={service.mark.from} />
          <stop offset="1" stopColor={service.mark.to} />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <MarkGlyphPaths glyph={service.mark.glyph} />
    </svg>
  );
}
