import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/hooks/use-media-query';

/** One loop of the four scenes: deposit, bonus, wagering, withdrawal. */
const loopSeconds = 12;
const sceneCount = 4;
const fade = 0.015;

/** Opacity keyframes that show scene `index` during its quarter of the loop. */
function sceneVisibility(index: number): { values: string; keyTimes: string } {
  const start = index / sceneCount;
  const end = (index + 1) / sceneCount;
  const times = [0, start, Math.min(start + fade, end), Math.max(end - fade, start), end, 1];
  return {
    values: '0;0;1;1;0;0',
    keyTimes: times.map((time) => time.toFixed(3)).join(';'),
  };
}

function Scene({
  index,
  animate,
  caption,
  children,
}: {
  index: number;
  animate: boolean;
  caption: string;
  children: React.ReactNode;
}) {
  const visibility = sceneVisibility(index);
  return (
    <g opacity={animate ? 0 : index === 1 ? 1 : 0}>
      {animate ? (
        <animate
          attributeName="opacity"
          dur={`${loopSeconds}s`}
          repeatCount="indefinite"
          values={visibility.values}
          keyTimes={visibility.keyTimes}
        />
      ) : null}
      {children}
      <text
        x="160"
        y="164"
        textAnchor="middle"
        fill="#e6e8f2"
        fontSize="13"
        fontWeight="700"
        fontFamily="Inter Variable, system-ui, sans-serif"
      >
        {caption}
      </text>
    </g>
  );
}

/**
 * The welcome drawer's video (spec §2): an animated illustration drawn here, no external media,
 * telling the bonus in four scenes: deposit, the bonus lands, wager it, withdraw real money.
 * With reduced motion asked for, it stays on the bonus scene.
 */
export function BonusVideo({ percent }: { percent: number | null }) {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const animate = !reducedMotion;
  const spin = (from: string, to: string, seconds: number) =>
    animate ? (
      <animateTransform
        attributeName="transform"
        type="translate"
        values={`${from};${to};${to}`}
        keyTimes="0;0.6;1"
        dur={`${seconds}s`}
        repeatCount="indefinite"
      />
    ) : null;

  return (
    <figure className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850">
      <svg
        viewBox="0 0 320 180"
        role="img"
        aria-label={t('Bonuses.video.label')}
        data-testid="bonus-video"
        className="block h-auto w-full"
      >
        <defs>
          <linearGradient id="bonus-video-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2e1065" />
            <stop offset="0.55" stopColor="#141828" />
            <stop offset="1" stopColor="#0b0d18" />
          </linearGradient>
          <linearGradient id="bonus-video-gold" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#f59e0b" />
          </linearGradient>
          <linearGradient id="bonus-video-violet" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#6d28d9" />
          </linearGradient>
        </defs>
        <rect width="320" height="180" fill="url(#bonus-video-sky)" />
        {[
          [28, 22],
          [290, 30],
          [250, 12],
          [60, 60],
          [300, 96],
          [18, 120],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="#c4b5fd" opacity="0.7">
            {animate ? (
              <animate
                attributeName="opacity"
                values="0.2;0.9;0.2"
                dur={`${2 + ((x ?? 0) % 3)}s`}
                repeatCount="indefinite"
              />
            ) : null}
          </circle>
        ))}

        <Scene index={0} animate={animate} caption={t('Bonuses.video.deposit')}>
          <rect x="92" y="52" width="136" height="84" rx="14" fill="#1f253b" stroke="#3a4266" />
          <rect x="92" y="70" width="136" height="14" fill="#2a3150" />
          <rect x="106" y="106" width="44" height="10" rx="5" fill="#6b7394" />
          <g>
            {spin('0 -70', '0 0', 3)}
            <circle cx="200" cy="112" r="14" fill="url(#bonus-video-gold)" stroke="#b45309" />
            <text x="200" y="117" textAnchor="middle" fontSize="14" fontWeight="800" fill="#78350f">
              $
            </text>
          </g>
        </Scene>

        <Scene index={1} animate={animate} caption={t('Bonuses.video.bonus')}>
          <rect x="118" y="82" width="84" height="56" rx="8" fill="url(#bonus-video-violet)" />
          <rect x="154" y="82" width="12" height="56" fill="#fbbf24" />
          <g>
            {animate ? (
              <animateTransform
                attributeName="transform"
                type="translate"
                values="0 0;0 -16;0 -16;0 0"
                keyTimes="0;0.3;0.8;1"
                dur="3s"
                repeatCount="indefinite"
              />
            ) : null}
            <rect x="112" y="68" width="96" height="18" rx="6" fill="#8b5cf6" />
            <rect x="154" y="68" width="12" height="18" fill="#fde68a" />
          </g>
          {percent === null ? null : (
            <text
              x="160"
              y="52"
              textAnchor="middle"
              fontSize="28"
              fontWeight="900"
              fill="url(#bonus-video-gold)"
              fontFamily="Inter Variable, system-ui, sans-serif"
            >
              +{percent}%
              {animate ? (
                <animate
                  attributeName="font-size"
                  values="22;30;28"
                  dur="3s"
                  repeatCount="indefinite"
                />
              ) : null}
            </text>
          )}
        </Scene>

        <Scene index={2} animate={animate} caption={t('Bonuses.video.wager')}>
          <rect x="60" y="96" width="200" height="14" rx="7" fill="#1f253b" />
          <rect x="60" y="96" width="200" height="14" rx="7" fill="url(#bonus-video-gold)">
            {animate ? (
              <animate
                attributeName="width"
                values="8;200;200"
                keyTimes="0;0.85;1"
                dur="3s"
                repeatCount="indefinite"
              />
            ) : null}
          </rect>
          <g transform="translate(136 40)">
            <rect width="48" height="48" rx="10" fill="#e6e8f2" />
            {[
              [12, 12],
              [36, 12],
              [24, 24],
              [12, 36],
              [36, 36],
            ].map(([cx, cy]) => (
              <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="4" fill="#6d28d9" />
            ))}
            {animate ? (
              <animateTransform
                attributeName="transform"
                type="rotate"
                additive="sum"
                values="0 24 24;-12 24 24;12 24 24;0 24 24"
                dur="1s"
                repeatCount="indefinite"
              />
            ) : null}
          </g>
        </Scene>

        <Scene index={3} animate={animate} caption={t('Bonuses.video.withdraw')}>
          {[0, 1, 2, 3].map((level) => (
            <ellipse
              key={level}
              cx="140"
              cy={124 - level * 10}
              rx="26"
              ry="8"
              fill="url(#bonus-video-gold)"
              stroke="#b45309"
            />
          ))}
          <circle cx="204" cy="92" r="24" fill="#10b981" />
          <path
            d="M192 92 l8 8 l16 -16"
            fill="none"
            stroke="#07080f"
            strokeWidth="5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </Scene>
      </svg>
      <figcaption className="px-4 py-2.5 text-xs text-ink-300">
        {t('Bonuses.video.caption')}
      </figcaption>
    </figure>
  );
}
