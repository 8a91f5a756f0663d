import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import type { CryptoGuideService, GuideImageLanguage, StepScene } from '../guide-content';
import { MarkGlyphPaths } from './service-mark';

/**
 * One step image of the crypto guide (spec §2, "step images per language"): a phone screen drawn
 * as SVG from this template, the step's mock UI above and its text below, every word in the
 * image's language (Russian or English) whatever the page's language is.
 */

const font = 'Inter Variable, system-ui, sans-serif';
const colors = {
  bezel: '#05060b',
  screen: '#10131f',
  card: '#1a1f33',
  line: '#2a3150',
  text: '#e6e8f2',
  muted: '#8a91b0',
  ok: '#34d399',
} as const;

/** Content column of the phone screen. */
const left = 16;
const width = 148;

/** Greedy word wrap for SVG text (which does not wrap by itself). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const exampleAddresses: Record<string, string> = {
  TRC20: 'TQ7vR8…e9xKd',
  ERC20: '0x8f3A…41cE',
  BEP20: '0x8f3A…41cE',
  TON: 'UQBk3p…f3Ts',
};
const exampleMemo = '483920';
const networks = [
  { id: 'TRC20', chain: 'Tron' },
  { id: 'ERC20', chain: 'Ethereum' },
  { id: 'BEP20', chain: 'BNB Smart Chain' },
  { id: 'TON', chain: 'TON' },
] as const;

function Label({ y, children }: { y: number; children: string }) {
  return (
    <text x={left} y={y} fontSize="8" fill={colors.muted} fontFamily={font}>
      {children}
    </text>
  );
}

function Field({
  y,
  value,
  accent,
  highlighted = false,
  trailing,
}: {
  y: number;
  value: string;
  accent: string;
  highlighted?: boolean;
  trailing?: string;
}) {
  return (
    <g>
      <rect
        x={left}
        y={y}
        width={width}
        height="20"
        rx="6"
        fill={colors.card}
        stroke={highlighted ? accent : colors.line}
        strokeWidth={highlighted ? 1.5 : 1}
      />
      <text
        x={left + 8}
        y={y + 13.5}
        fontSize="9"
        fontWeight="600"
        fill={colors.text}
        fontFamily={font}
      >
        {value}
      </text>
      {trailing ? (
        <text
          x={left + width - 8}
          y={y + 13.5}
          fontSize="8"
          fontWeight="700"
          fill={accent}
          textAnchor="end"
          fontFamily={font}
        >
          {trailing}
        </text>
      ) : null}
    </g>
  );
}

function ActionButton({
  y,
  label,
  accent,
  x = left,
  w = width,
  filled = true,
}: {
  y: number;
  label: string;
  accent: string;
  x?: number;
  w?: number;
  filled?: boolean;
}) {
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={w}
        height="22"
        rx="11"
        fill={filled ? accent : colors.card}
        stroke={accent}
        strokeWidth="1.5"
      />
      <text
        x={x + w / 2}
        y={y + 14.5}
        fontSize="9"
        fontWeight="800"
        fill={filled ? colors.bezel : colors.text}
        textAnchor="middle"
        fontFamily={font}
      >
        {label}
      </text>
    </g>
  );
}

function Row({
  y,
  title,
  detail,
  value,
  accent,
  selected = false,
  badge,
}: {
  y: number;
  title: string;
  detail?: string;
  value?: string;
  accent: string;
  selected?: boolean;
  badge?: string;
}) {
  return (
    <g>
      <rect
        x={left}
        y={y}
        width={width}
        height="24"
        rx="6"
        fill={selected ? `${accent}26` : colors.card}
        stroke={selected ? accent : colors.line}
      />
      <text
        x={left + 8}
        y={y + (detail ? 10.5 : 15)}
        fontSize="8.5"
        fontWeight="700"
        fill={colors.text}
        fontFamily={font}
      >
        {title}
      </text>
      {detail ? (
        <text x={left + 8} y={y + 19.5} fontSize="7" fill={colors.muted} fontFamily={font}>
          {detail}
        </text>
      ) : null}
      {value ? (
        <text
          x={left + width - 8}
          y={y + 15}
          fontSize="8.5"
          fontWeight="700"
          fill={colors.text}
          textAnchor="end"
          fontFamily={font}
        >
          {value}
        </text>
      ) : null}
      {badge ? (
        <text
          x={left + width - 8}
          y={y + 15}
          fontSize="7"
          fontWeight="700"
          fill={accent}
          textAnchor="end"
          fontFamily={font}
        >
          {badge}
        </text>
      ) : null}
    </g>
  );
}

function Scene({
  scene,
  service,
  t,
}: {
  scene: StepScene;
  service: CryptoGuideService;
  t: TFunction;
}): ReactNode {
  const accent = service.mark.from;
  const { asset, network, memo } = service.example;
  const label = (key: string) => t(`CryptoGuide.image.ui.${key}`);

  switch (scene) {
    case 'compare':
      return (
        <g>
          <Label y={72}>{label('you_give')}</Label>
          <Field y={76} value={label('fiat_example')} trailing={label('card')} accent={accent} />
          <Label y={110}>{label('you_get')}</Label>
          <Field y={114} value={`${asset} ${network}`} accent={accent} highlighted />
          <Label y={148}>{label('exchangers')}</Label>
          <Row
            y={152}
            title="FastSwap"
            detail={label('best_rate')}
            value="99.1"
            accent={accent}
            selected
          />
          <Row y={180} title="NordChange" value="98.7" accent={accent} />
          <Row y={208} title="CoinPoint" value="98.2" accent={accent} />
        </g>
      );
    case 'buy':
      return (
        <g>
          <Label y={72}>{label('amount')}</Label>
          <Field y={76} value={label('fiat_example')} accent={accent} highlighted />
          <Label y={110}>{label('you_get')}</Label>
          <Field y={114} value={`≈ 99 ${asset}`} accent={accent} />
          <Row y={144} title={label('card')} accent={accent} selected badge="✓" />
          <Row y={172} title={label('p2p')} accent={accent} />
          <ActionButton y={204} label={label('buy')} accent={accent} />
        </g>
      );
    case 'assets':
      return (
        <g>
          <Label y={74}>{label('balance')}</Label>
          <text x={left} y={96} fontSize="18" fontWeight="800" fill={colors.text} fontFamily={font}>
            {`99.00 ${asset}`}
          </text>
          <ActionButton
            y={108}
            x={left}
            w={70}
            label={label('top_up')}
            accent={accent}
            filled={false}
          />
          <ActionButton y={108} x={left + 78} w={70} label={label('withdraw')} accent={accent} />
          <Label y={148}>{label('assets')}</Label>
          <Row y={152} title={asset} value="99.00" accent={accent} selected />
          <Row y={180} title="TON" value="0.00" accent={accent} />
          <Row y={208} title="BTC" value="0.00" accent={accent} />
        </g>
      );
    case 'network':
      return (
        <g>
          <Label y={72}>{label('coin')}</Label>
          <Field y={76} value={asset} accent={accent} />
          <Label y={110}>{label('network')}</Label>
          {networks.map((candidate, index) => (
            <Row
              key={candidate.id}
              y={114 + index * 28}
              title={candidate.id}
              detail={candidate.chain}
              accent={accent}
              selected={candidate.id === network}
              badge={candidate.id === network ? `✓ ${label('same_network')}` : undefined}
            />
          ))}
        </g>
      );
    case 'address':
      return (
        <g>
          <Label y={72}>{`${label('address')} · ${network}`}</Label>
          <Field
            y={76}
            value={exampleAddresses[network] ?? exampleAddresses.TRC20 ?? ''}
            trailing={label('paste')}
            accent={accent}
            highlighted
          />
          {memo ? (
            <>
              <Label y={110}>{label('memo')}</Label>
              <Field y={114} value={exampleMemo} accent={accent} highlighted />
            </>
          ) : null}
          <Label y={memo ? 148 : 110}>{label('amount')}</Label>
          <Field y={memo ? 152 : 114} value={`50 ${asset}`} accent={accent} />
          <Row y={memo ? 178 : 142} title={label('fee')} value={`1 ${asset}`} accent={accent} />
          <ActionButton y={memo ? 206 : 176} label={label('confirm')} accent={accent} />
        </g>
      );
    case 'done':
      return (
        <g>
          <circle
            cx="90"
            cy="104"
            r="26"
            fill={`${colors.ok}26`}
            stroke={colors.ok}
            strokeWidth="2"
          />
          <path
            d="M78 104l8 8 16-16"
            fill="none"
            stroke={colors.ok}
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <text
            x="90"
            y="150"
            fontSize="12"
            fontWeight="800"
            fill={colors.text}
            textAnchor="middle"
            fontFamily={font}
          >
            {`${label('sent')}: 50 ${asset}`}
          </text>
          <Label y={178}>{label('confirmations')}</Label>
          <rect x={left} y={184} width={width} height="8" rx="4" fill={colors.card} />
          <rect x={left} y={184} width={width * 0.6} height="8" rx="4" fill={accent} />
          <text
            x={left + width}
            y={206}
            fontSize="8"
            fontWeight="700"
            fill={colors.muted}
            textAnchor="end"
            fontFamily={font}
          >
            12 / 20
          </text>
        </g>
      );
    case 'chat': {
      const greeting = wrapWords(label('bot_greeting'), 28);
      return (
        <g>
          <rect
            x={left}
            y={70}
            width={width - 12}
            height={16 + greeting.length * 11}
            rx="10"
            fill={colors.card}
            stroke={colors.line}
          />
          {greeting.map((line, index) => (
            <text
              key={line}
              x={left + 8}
              y={83 + index * 11}
              fontSize="8.5"
              fill={colors.text}
              fontFamily={font}
            >
              {line}
            </text>
          ))}
          <ActionButton y={140} label={label('open_wallet')} accent={accent} />
          <ActionButton
            y={168}
            x={left}
            w={70}
            label={label('buy')}
            accent={accent}
            filled={false}
          />
          <ActionButton
            y={168}
            x={left + 78}
            w={70}
            label={label('send')}
            accent={accent}
            filled={false}
          />
          <ActionButton y={204} label={label('start')} accent={accent} filled={false} />
        </g>
      );
    }
    case 'seed':
      return (
        <g>
          <Label y={74}>{label('recovery_phrase')}</Label>
          {Array.from({ length: 12 }, (_, index) => index).map((index) => (
            <g key={index}>
              <rect
                x={left + (index % 2) * 76}
                y={80 + Math.floor(index / 2) * 20}
                width="72"
                height="16"
                rx="5"
                fill={colors.card}
                stroke={colors.line}
              />
              <text
                x={left + (index % 2) * 76 + 6}
                y={91 + Math.floor(index / 2) * 20}
                fontSize="7.5"
                fill={colors.muted}
                fontFamily={font}
              >
                {`${index + 1}. ••••••`}
              </text>
            </g>
          ))}
          <ActionButton y={204} label={label('create_wallet')} accent={accent} />
        </g>
      );
  }
}

/** The phone screen of step `number` (1-based) of a service, in `language`. */
export function StepScreen({
  service,
  scene,
  number,
  language,
  t,
}: {
  service: CryptoGuideService;
  scene: StepScene;
  number: number;
  language: GuideImageLanguage;
  /** A translator fixed to `language`. */
  t: TFunction;
}) {
  const gradientId = useId();
  const caption = t(`CryptoGuide.image.captions.${service.id}_${number}`);
  const lines = wrapWords(caption, 26);

  return (
    <svg
      viewBox="0 0 180 320"
      role="img"
      lang={language}
      aria-label={t('CryptoGuide.image.label', { number, text: caption })}
      data-testid="crypto-guide-step-image"
      data-language={language}
      className="block h-auto w-full"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={service.mark.from} />
          <stop offset="1" stopColor={service.mark.to} />
        </linearGradient>
      </defs>
      <rect width="180" height="320" rx="24" fill={colors.bezel} />
      <rect x="6" y="6" width="168" height="308" rx="19" fill={colors.screen} />
      <rect x="70" y="11" width="40" height="6" rx="3" fill={colors.bezel} />
      <text x="20" y="22" fontSize="7.5" fontWeight="700" fill={colors.text} fontFamily={font}>
        9:41
      </text>
      <rect x="146" y="16" width="14" height="7" rx="2" fill="none" stroke={colors.text} />
      <rect x="147.5" y="17.5" width="9" height="4" rx="1" fill={colors.text} />

      <g transform="translate(16 32) scale(0.5)">
        <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
        <MarkGlyphPaths glyph={service.mark.glyph} />
      </g>
      <text x="44" y="46" fontSize="11" fontWeight="800" fill={colors.text} fontFamily={font}>
        {service.name}
      </text>
      <line x1="6" y1="60" x2="174" y2="60" stroke={colors.line} />

      <Scene scene={scene} service={service} t={t} />

      <rect
        x="12"
        y="238"
        width="156"
        height="68"
        rx="12"
        fill={`url(#${gradientId})`}
        opacity="0.22"
      />
      <rect x="12" y="238" width="156" height="68" rx="12" fill="none" stroke={service.mark.from} />
      <circle cx="28" cy="254" r="9" fill={service.mark.from} />
      <text
        x="28"
        y="257.5"
        fontSize="10"
        fontWeight="800"
        fill={colors.bezel}
        textAnchor="middle"
        fontFamily={font}
      >
        {number}
      </text>
      <text x="42" y="257.5" fontSize="8" fontWeight="700" fill={colors.muted} fontFamily={font}>
        {t('CryptoGuide.image.step', { number })}
      </text>
      {lines.slice(0, 3).map((line, index) => (
        <text
          key={line}
          x="20"
          y={275 + index * 11.5}
          fontSize="9.5"
          fontWeight="700"
          fill={colors.text}
          fontFamily={font}
        >
          {line}
        </text>
      ))}
    </svg>
  );
}
