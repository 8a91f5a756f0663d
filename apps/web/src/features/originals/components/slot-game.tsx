import {
  type PayingSymbol,
  type SlotSymbol,
  slotOutcomeSchema,
  slotPaylines,
  slotPaytable,
  slotReelCount,
  slotRowCount,
  slotStrips,
  slotSymbols,
  slotVariantSchema,
} from '@casino/contract';
import { BookOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { prefersReducedMotion } from '../animation';
import { formatMoney, formatMultiplier } from '../format';
import { type LineWin, themeHue, winningCells } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import { variantPalette } from '../variant';
import { GameFrame, PlayButton } from './game-frame';
import { SlotSymbolArt } from './slot-symbols';
import { StatField } from './stat-field';

const spinSymbolsPerSecond = 16;
const firstStopMs = 700;
const stopGapMs = 260;

function isSlotSymbol(value: string): value is SlotSymbol {
  return (slotSymbols as readonly string[]).includes(value);
}

function Reel({
  symbols,
  strip,
  spinPosition,
  reel,
  highlighted,
}: {
  symbols: SlotSymbol[];
  strip: SlotSymbol[];
  /** in symbols; null once the reel stopped */
  spinPosition: number | null;
  reel: number;
  highlighted: Set<string>;
}) {
  if (spinPosition !== null) {
    const base = Math.floor(spinPosition);
    const fraction = spinPosition - base;
    const column = Array.from({ length: slotRowCount + 1 }, (_, index) => {
      const position = (((base - index) % strip.length) + strip.length) % strip.length;
      return strip[position] ?? 'plum';
    }).reverse();
    return (
      <div className="relative h-full overflow-hidden">
        <div
          className="flex h-[133.333%] flex-col blur-[1px]"
          style={{ transform: `translateY(${(-1 + fraction) * 25}%)` }}
        >
          {column.map((symbol, index) => (
            // The column is a moving window; its cells are positions, not items.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className="grid flex-1 place-items-center p-[8%]">
              <SlotSymbolArt symbol={symbol} className="size-full" />
            </div>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full animate-fade-in flex-col">
      {symbols.map((symbol, row) => (
        <div
          // Rows are positions on the reel.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={row}
          data-testid={`slot-cell-${reel}-${row}`}
          data-symbol={symbol}
          className={cn(
            'grid flex-1 place-items-center rounded-lg p-[8%] transition-all duration-300',
            highlighted.has(`${reel}:${row}`) && 'bg-gold-400/20 ring-2 ring-gold-400',
          )}
        >
          <SlotSymbolArt symbol={symbol} className="size-full" />
        </div>
      ))}
    </div>
  );
}

function Paytable({
  session,
  lines,
  volatility,
}: {
  session: OriginalSession;
  lines: number;
  volatility: 'low' | 'medium' | 'high';
}) {
  const { t } = useTranslation();
  const table = slotPaytable(volatility, lines, session.rtp);
  const payingSymbols = Object.keys(table) as PayingSymbol[];
  return (
    <div className="flex flex-col gap-4">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-xs text-ink-400">
            <th className="py-1 text-left font-medium">{t('Originals.slot.symbol')}</th>
            <th className="py-1 text-right font-medium">3</th>
            <th className="py-1 text-right font-medium">4</th>
            <th className="py-1 text-right font-medium">5</th>
          </tr>
        </thead>
        <tbody>
          {payingSymbols.map((symbol) => (
            <tr key={symbol} className="border-t border-ink-700">
              <td className="py-1.5">
                <span className="flex items-center gap-2">
                  <SlotSymbolArt symbol={symbol} className="size-8" />
                  <span className="text-ink-200">{t(`Originals.slot.symbols.${symbol}`)}</span>
                </span>
              </td>
              {table[symbol].map((multiplier, index) => (
                <td
                  // Columns are 3, 4 and 5 in a row.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  className="py-1.5 text-right font-mono text-ink-100 tabular-nums"
                >
                  {formatMultiplier(multiplier)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex items-center gap-2 text-xs text-ink-300">
        <SlotSymbolArt symbol="wild" className="size-8 shrink-0" />
        {t('Originals.slot.wild_rule')}
      </p>
      <p className="text-xs text-ink-400">{t('Originals.slot.paytable_note', { lines })}</p>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
        {slotPaylines.slice(0, lines).map((rows, line) => (
          <svg
            // Paylines are fixed and numbered by their index.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={line}
            viewBox="0 0 50 30"
            role="img"
            aria-label={t('Originals.slot.line', { number: line + 1 })}
            className="rounded-md bg-ink-800"
          >
            {rows.map((row, reel) => (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: cells by reel position
                key={reel}
                x={reel * 10 + 1}
                y={row * 10 + 1}
                width="8"
                height="8"
                rx="1.5"
                fill="var(--color-gold-400)"
              />
            ))}
            <text x="2" y="29" fontSize="6" fill="var(--color-ink-300)">
              {line + 1}
            </text>
          </svg>
        ))}
      </div>
    </div>
  );
}

export function SlotGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const variant = slotVariantSchema.parse(session.variant);
  const strips = slotStrips(variant.volatility);
  const hue = themeHue(session.variant.theme);
  const palette = variantPalette(session.variant);
  const [reels, setReels] = useState<SlotSymbol[][]>(() =>
    strips.map((strip, reel) =>
      Array.from(
        { length: slotRowCount },
        (_, row) => strip[(reel * 7 + row) % strip.length] ?? 'plum',
      ),
    ),
  );
  const [spin, setSpin] = useState<(number | null)[]>(() => Array(slotReelCount).fill(null));
  const [wins, setWins] = useState<LineWin[]>([]);
  const [lastWin, setLastWin] = useState<{
    multiplier: string;
    payout: string;
    currency: string;
  } | null>(null);
  const [spinning, setSpinning] = useState(false);
  const frame = useRef(0);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const start = async () => {
    setSpinning(true);
    setWins([]);
    setLastWin(null);
    const startedAt = performance.now();
    const offsets = strips.map(() => Math.random() * 40);
    const stopped = Array(slotReelCount).fill(false) as boolean[];
    let result: SlotSymbol[][] | null = null;
    let requestDoneAt: number | null = null;

    const step = (now: number) => {
      const elapsed = now - startedAt;
      const positions = offsets.map((offset, reel) => {
        const stopAt =
          (requestDoneAt ?? Number.POSITIVE_INFINITY) - startedAt + firstStopMs + reel * stopGapMs;
        if (result && (elapsed >= stopAt || prefersReducedMotion())) {
          if (!stopped[reel]) {
            stopped[reel] = true;
            play.sound.play('reel-stop');
          }
          return null;
        }
        return offset + (elapsed / 1000) * spinSymbolsPerSecond;
      });
      setSpin(positions);
      if (stopped.every(Boolean)) return;
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);

    const round = await play.play({});
    const outcome = round ? slotOutcomeSchema.safeParse(round.outcome) : null;
    const shown = outcome?.success
      ? outcome.data.reels.map((column) => column.filter(isSlotSymbol))
      : null;
    if (!round || !outcome?.success || !shown) {
      cancelAnimationFrame(frame.current);
      setSpin(Array(slotReelCount).fill(null));
      setSpinning(false);
      return;
    }
    setReels(shown);
    result = shown;
    requestDoneAt = performance.now();
    const lastStop = firstStopMs + (slotReelCount - 1) * stopGapMs;
    window.setTimeout(
      () => {
        cancelAnimationFrame(frame.current);
        setSpin(Array(slotReelCount).fill(null));
        setWins(outcome.data.wins);
        setLastWin(
          Number(round.multiplier) > 0
            ? { multiplier: round.multiplier, payout: round.payout, currency: round.currency }
            : null,
        );
        setSpinning(false);
        play.finish(round);
      },
      prefersReducedMotion() ? 0 : lastStop + 60,
    );
  };

  const busy = spinning || play.pending;
  const highlighted = winningCells(wins);

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={busy}
      controls={
        <>
          <div className="grid grid-cols-2 gap-2">
            <StatField label={t('Originals.slot.lines')}>{variant.lines}</StatField>
            <StatField label={t('Originals.slot.volatility')}>
              {t(`Originals.risks.${variant.volatility}`)}
            </StatField>
          </div>
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="secondary">
                <BookOpen className="size-4" aria-hidden="true" />
                {t('Originals.paytable')}
              </Button>
            </DialogTrigger>
            <DialogContent
              title={t('Originals.paytable')}
              description={t('Originals.slot.paytable_description')}
              className="max-w-lg"
              data-testid="slot-paytable"
            >
              <Paytable session={session} lines={variant.lines} volatility={variant.volatility} />
            </DialogContent>
          </Dialog>
        </>
      }
      action={
        <PlayButton busy={busy} onClick={() => void start()}>
          {t('Originals.slot.spin')}
        </PlayButton>
      }
      stage={
        <div className="flex h-full flex-col items-center justify-center gap-3 p-3 sm:p-6">
          <div
            className="relative w-full max-w-[40rem] rounded-3xl p-2.5 shadow-2xl sm:p-4"
            style={{
              background: palette
                ? `linear-gradient(160deg, ${palette.glow}, ${palette.base})`
                : `linear-gradient(160deg, hsl(${hue} 70% 45%), hsl(${(hue + 40) % 360} 60% 22%))`,
            }}
          >
            <div
              data-testid="slot-reels"
              className="relative grid aspect-[5/3] grid-cols-5 gap-1.5 rounded-2xl bg-ink-950/85 p-1.5 sm:gap-2 sm:p-2"
            >
              {reels.map((symbols, reel) => (
                <div
                  // Reels are positions 1–5.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={reel}
                  className="overflow-hidden rounded-xl bg-linear-to-b from-ink-800 via-ink-750 to-ink-800"
                >
                  <Reel
                    reel={reel}
                    symbols={symbols}
                    strip={strips[reel] ?? []}
                    spinPosition={spin[reel] ?? null}
                    highlighted={highlighted}
                  />
                </div>
              ))}
              {wins.length > 0 ? (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 500 300"
                  preserveAspectRatio="none"
                  className="pointer-events-none absolute inset-1.5 sm:inset-2"
                >
                  {wins.map((win) => {
                    const rows = slotPaylines[win.line] ?? [];
                    const points = rows
                      .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                      .join(' ');
                    return (
                      <polyline
                        key={win.line}
                        points={points}
                        fill="none"
                        stroke={`hsl(${(win.line * 47) % 360} 90% 60%)`}
                        strokeWidth="4"
                        strokeLinejoin="round"
                        vectorEffect="non-scaling-stroke"
                        opacity="0.9"
                      />
                    );
                  })}
                </svg>
              ) : null}
            </div>
          </div>
          <div data-testid="slot-result" aria-live="polite" className="min-h-12 text-center">
            {lastWin ? (
              <p className="font-mono text-2xl font-extrabold text-money-400">
                {formatMultiplier(lastWin.multiplier)} ·{' '}
                {formatMoney(lastWin.payout, lastWin.currency)}
              </p>
            ) : null}
            {wins.length > 0 ? (
              <ul className="mt-1 flex flex-wrap justify-center gap-1.5 text-[11px] text-ink-200">
                {wins.map((win) => (
                  <li key={win.line} className="rounded-md bg-ink-800 px-2 py-0.5">
                    {t('Originals.slot.line_win', {
                      number: win.line + 1,
                      count: win.count,
                      symbol: t(`Originals.slot.symbols.${win.symbol}`),
                      multiplier: formatMultiplier(win.multiplier),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <p className="text-xs text-ink-400">
            {t('Originals.slot.bet_line', {
              bet: formatMoney(play.bet || '0', session.limits.currency),
              lines: variant.lines,
            })}
          </p>
        </div>
      }
    />
  );
}
