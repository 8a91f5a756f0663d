import { wheelSliceDegrees } from '@casino/contract';
import { type Ref, useId } from 'react';
import { cn } from '@/lib/cn';
import type { SliceTone, WheelSlice } from '../wheel-slices';

const sliceRadius = 88;
const labelRadius = 56;

const toneFill: Record<SliceTone, string> = {
  top: 'url(#{id}-gold)',
  even: '#7c3aed',
  odd: '#4c1d95',
  empty: '#1f253b',
};
const toneText: Record<SliceTone, string> = {
  top: '#1c1303',
  even: '#ffffff',
  odd: '#ede9fe',
  empty: '#959cbb',
};

/** A point `degrees` clockwise from the top at `radius`. */
function point(degrees: number, radius: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  return [radius * Math.sin(radians), -radius * Math.cos(radians)];
}

function wedgePath(centreDegrees: number, spanDegrees: number): string {
  const [startX, startY] = point(centreDegrees - spanDegrees / 2, sliceRadius);
  const [endX, endY] = point(centreDegrees + spanDegrees / 2, sliceRadius);
  const large = spanDegrees > 180 ? 1 : 0;
  return `M0 0 L${startX.toFixed(3)} ${startY.toFixed(3)} A${sliceRadius} ${sliceRadius} 0 ${large} 1 ${endX.toFixed(3)} ${endY.toFixed(3)} Z`;
}

function labelSize(label: string): number {
  if (label.length <= 4) return 11;
  if (label.length <= 6) return 9.5;
  return 8;
}

export interface WheelGraphicProps {
  slices: readonly WheelSlice[];
  /** the rotating group; its `transform` is written by the motion hook */
  rotorRef: Ref<SVGGElement>;
  pointerRef: Ref<SVGGElement>;
  className?: string;
}

/**
 * The wheel, drawn in code: one wedge per slice with its prize label reading outwards, a gold
 * rim with lights, a hub, and the pointer standing at the top outside the rotor.
 */
export function WheelGraphic({ slices, rotorRef, pointerRef, className }: WheelGraphicProps) {
  const id = useId().replace(/:/g, '');
  const span = wheelSliceDegrees(Math.max(1, slices.length));
  const lights = Array.from({ length: 24 }, (_, index) => point(index * 15 + 7.5, 94));

  return (
    <svg
      viewBox="-100 -108 200 208"
      className={cn('block h-auto w-full select-none', className)}
      aria-hidden="true"
      data-testid="wheel-graphic"
    >
      <defs>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#fde68a" />
          <stop offset="55%" stopColor="#fbbf24" />
          <stop offset="100%" stopColor="#f59e0b" />
        </linearGradient>
        <radialGradient id={`${id}-hub`}>
          <stop offset="0%" stopColor="#c4b5fd" />
          <stop offset="100%" stopColor="#6d28d9" />
        </radialGradient>
        <filter id={`${id}-shadow`} x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="2" stdDeviation="2" floodColor="#000" floodOpacity="0.5" />
        </filter>
      </defs>

      <circle r="99" fill={`url(#${id}-gold)`} />
      <circle r="91" fill="#0b0d18" />
      {lights.map(([x, y], index) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: the lights are a fixed ring
          key={index}
          cx={x}
          cy={y}
          r="1.8"
          fill={index % 2 === 0 ? '#fffbeb' : '#f59e0b'}
        />
      ))}

      <g ref={rotorRef} data-testid="wheel-rotor">
        {slices.map((slice, index) => {
          const centre = index * span;
          return (
            <g key={slice.key} data-testid="wheel-slice" data-label={slice.label}>
              <path
                d={wedgePath(centre, span)}
                fill={toneFill[slice.tone].replace('{id}', id)}
                stroke="#0b0d18"
                strokeWidth="0.8"
              />
              <text
                transform={`rotate(${centre - 90}) translate(${labelRadius} 0)`}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={labelSize(slice.label)}
                fontWeight="800"
                fill={toneText[slice.tone]}
              >
                {slice.label}
              </text>
              {slice.isBonus ? (
                <circle
                  cx={point(centre, 80)[0]}
                  cy={point(centre, 80)[1]}
                  r="2.4"
                  fill="#34d399"
                  stroke="#0b0d18"
                  strokeWidth="0.6"
                />
              ) : null}
            </g>
          );
        })}
      </g>

      <circle r="17" fill={`url(#${id}-gold)`} filter={`url(#${id}-shadow)`} />
      <circle r="13" fill={`url(#${id}-hub)`} />
      <circle r="4" fill="#fffbeb" />

      {/* the pointer pivots where it is fixed to the rim, in the wheel's own coordinates */}
      <g
        ref={pointerRef}
        data-testid="wheel-pointer"
        style={{ transformBox: 'view-box', transformOrigin: '0px -100px' }}
      >
        <path
          d="M-9 -107 L9 -107 L0 -84 Z"
          fill="#fffbeb"
          stroke="#f59e0b"
          strokeWidth="2"
          strokeLinejoin="round"
          filter={`url(#${id}-shadow)`}
        />
      </g>
    </svg>
  );
}
