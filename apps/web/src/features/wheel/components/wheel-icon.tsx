import { cn } from '@/lib/cn';

/** A small wheel mark for buttons and tiles (eight slices and a pointer), drawn in code. */
export function WheelIcon({
  className,
  spinning = false,
}: {
  className?: string;
  spinning?: boolean;
}) {
  const slices = Array.from({ length: 8 }, (_, index) => index);
  return (
    <svg viewBox="-12 -12 24 24" className={cn('size-5', className)} aria-hidden="true">
      <g
        // one turn when it appears, then only while the pointer is over its button
        className={cn(spinning && 'animate-spin-once group-hover:animate-spin-hover')}
        // turn about the wheel's own centre, not the corner of the view box
        style={{ transformBox: 'fill-box', transformOrigin: 'center' }}
      >
        {slices.map((index) => {
          const from = ((index * 45 - 22.5) * Math.PI) / 180;
          const to = ((index * 45 + 22.5) * Math.PI) / 180;
          return (
            <path
              key={index}
              d={`M0 0 L${(10 * Math.sin(from)).toFixed(2)} ${(-10 * Math.cos(from)).toFixed(2)} A10 10 0 0 1 ${(10 * Math.sin(to)).toFixed(2)} ${(-10 * Math.cos(to)).toFixed(2)} Z`}
              fill={index % 2 === 0 ? '#fbbf24' : '#8b5cf6'}
            />
          );
        })}
      </g>
      <circle r="10.5" fill="none" stroke="#fde68a" strokeWidth="1.2" />
      <circle r="2.4" fill="#fffbeb" />
    </svg>
  );
}
