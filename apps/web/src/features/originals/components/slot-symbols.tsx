import type { SlotSymbol } from '@casino/contract';
import { useId } from 'react';

/**
 * The slot's eight symbols as vector shapes drawn here (no image files, no emoji), each on a
 * 100×100 canvas.
 */

function Seven() {
  const id = useId();
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fca5a5" />
          <stop offset="55%" stopColor="#ef4444" />
          <stop offset="100%" stopColor="#991b1b" />
        </linearGradient>
      </defs>
      <path
        d="M22 16 H80 V30 L52 86 H34 L60 32 H22 Z"
        fill={`url(#${id})`}
        stroke="#fee2e2"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </>
  );
}

function Crown() {
  const id = useId();
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fde68a" />
          <stop offset="100%" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <path
        d="M14 74 L18 30 L36 50 L50 22 L64 50 L82 30 L86 74 Z"
        fill={`url(#${id})`}
        stroke="#fef3c7"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="14" y="74" width="72" height="10" rx="3" fill="#b45309" />
      <circle cx="50" cy="60" r="6" fill="#ef4444" />
      <circle cx="32" cy="64" r="4" fill="#60a5fa" />
      <circle cx="68" cy="64" r="4" fill="#60a5fa" />
    </>
  );
}

function Bell() {
  const id = useId();
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#fef08a" />
          <stop offset="100%" stopColor="#ca8a04" />
        </linearGradient>
      </defs>
      <path
        d="M50 14 C30 14 26 34 26 50 C26 62 20 68 14 74 H86 C80 68 74 62 74 50 C74 34 70 14 50 14 Z"
        fill={`url(#${id})`}
        stroke="#fefce8"
        strokeWidth="3"
      />
      <circle cx="50" cy="82" r="8" fill="#a16207" />
      <rect x="46" y="8" width="8" height="8" rx="3" fill="#a16207" />
    </>
  );
}

function Bar() {
  return (
    <>
      {[22, 42, 62].map((y) => (
        <rect
          key={y}
          x="14"
          y={y}
          width="72"
          height="16"
          rx="5"
          fill="#1f2937"
          stroke="#e5e7eb"
          strokeWidth="3"
        />
      ))}
      {[22, 42, 62].map((y) => (
        <rect key={`stripe-${y}`} x="24" y={y + 6} width="52" height="4" rx="2" fill="#f59e0b" />
      ))}
    </>
  );
}

function Cherry() {
  return (
    <>
      <path
        d="M36 62 C40 40 50 26 66 16 M66 16 C62 36 64 50 68 62"
        fill="none"
        stroke="#15803d"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M66 16 C74 12 84 16 86 24 C78 26 70 24 66 16 Z" fill="#22c55e" />
      <circle cx="34" cy="70" r="15" fill="#dc2626" />
      <circle cx="68" cy="72" r="15" fill="#b91c1c" />
      <circle cx="29" cy="65" r="4" fill="#fecaca" />
      <circle cx="63" cy="67" r="4" fill="#fecaca" />
    </>
  );
}

function Lemon() {
  const id = useId();
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.4" cy="0.35" r="0.7">
          <stop offset="0%" stopColor="#fef9c3" />
          <stop offset="60%" stopColor="#facc15" />
          <stop offset="100%" stopColor="#ca8a04" />
        </radialGradient>
      </defs>
      <path
        d="M12 52 C16 30 34 20 50 20 C66 20 84 30 88 52 C84 72 66 82 50 82 C34 82 16 72 12 52 Z"
        fill={`url(#${id})`}
      />
      <path d="M8 52 L14 48 L14 56 Z M92 52 L86 48 L86 56 Z" fill="#ca8a04" />
    </>
  );
}

function Plum() {
  const id = useId();
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.38" cy="0.35" r="0.7">
          <stop offset="0%" stopColor="#e9d5ff" />
          <stop offset="45%" stopColor="#9333ea" />
          <stop offset="100%" stopColor="#4c1d95" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="56" r="30" fill={`url(#${id})`} />
      <path d="M50 28 C48 20 50 14 54 10" fill="none" stroke="#78350f" strokeWidth="4" />
      <path d="M54 18 C62 10 76 12 80 20 C70 26 60 24 54 18 Z" fill="#16a34a" />
    </>
  );
}

function Diamond() {
  const id = useId();
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#e0f2fe" />
          <stop offset="50%" stopColor="#38bdf8" />
          <stop offset="100%" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <path d="M16 38 L32 18 H68 L84 38 L50 86 Z" fill={`url(#${id})`} />
      <path d="M16 38 H84 L50 86 Z" fill="#0284c7" opacity="0.45" />
      <path
        d="M32 18 L40 38 L50 18 L60 38 L68 18 M40 38 L50 86 L60 38"
        fill="none"
        stroke="#f0f9ff"
        strokeWidth="2"
        strokeLinejoin="round"
        opacity="0.8"
      />
    </>
  );
}

function Orange() {
  const id = useId();
  return (
    <>
      <defs>
        <radialGradient id={id} cx="0.38" cy="0.35" r="0.7">
          <stop offset="0%" stopColor="#fed7aa" />
          <stop offset="50%" stopColor="#f97316" />
          <stop offset="100%" stopColor="#c2410c" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="54" r="31" fill={`url(#${id})`} />
      {[
        [40, 46],
        [58, 42],
        [62, 62],
        [44, 66],
        [34, 58],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="#9a3412" opacity="0.5" />
      ))}
      <path d="M50 24 C56 14 70 12 76 18 C68 26 58 26 50 24 Z" fill="#16a34a" />
    </>
  );
}

function Wild() {
  const id = useId();
  const points = Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? 40 : 17;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    return `${50 + radius * Math.cos(angle)},${52 + radius * Math.sin(angle)}`;
  }).join(' ');
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#f0abfc" />
          <stop offset="50%" stopColor="#8b5cf6" />
          <stop offset="100%" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <polygon
        points={points}
        fill={`url(#${id})`}
        stroke="#faf5ff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="52" r="7" fill="#faf5ff" />
    </>
  );
}

const shapes: Record<SlotSymbol, () => React.JSX.Element> = {
  wild: Wild,
  seven: Seven,
  crown: Crown,
  diamond: Diamond,
  bell: Bell,
  bar: Bar,
  cherry: Cherry,
  lemon: Lemon,
  orange: Orange,
  plum: Plum,
};

export function SlotSymbolArt({ symbol, className }: { symbol: SlotSymbol; className?: string }) {
  const Shape = shapes[symbol];
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" className={className}>
      <Shape />
    </svg>
  );
}
