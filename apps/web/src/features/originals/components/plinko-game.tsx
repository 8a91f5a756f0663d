import {
  type PlinkoParams,
  plinkoMaxRows,
  plinkoMinRows,
  plinkoOutcomeSchema,
  plinkoParamsSchema,
  plinkoRisks,
  plinkoTable,
  type Round,
} from '@casino/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClassName } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { prefersReducedMotion } from '../animation';
import { formatShortMultiplier } from '../format';
import { bucketHue, playedRound } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import {
  ballPosition,
  ballWaypoints,
  type Point,
  plinkoBoardWidth,
  plinkoLayout,
} from '../plinko-layout';
import { variantPalette, variantValue } from '../variant';
import { GameFrame, PlayButton } from './game-frame';
import { SegmentedControl } from './stat-field';

const rowChoices = Array.from(
  { length: plinkoMaxRows - plinkoMinRows + 1 },
  (_, index) => plinkoMinRows + index,
);
const stepDurationMs = 150;

interface Ball {
  id: string;
  points: Point[];
  startedAt: number;
  durationMs: number;
  bucket: number;
  round: Round;
  /** the last waypoint a peg sound was played for */
  contact: number;
}

export function PlinkoGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const [rows, setRows] = useState(() =>
    variantValue(session.variant, 'rows', plinkoParamsSchema.shape.rows, 16),
  );
  const [risk, setRisk] = useState<PlinkoParams['risk']>(() =>
    variantValue(session.variant, 'risk', plinkoParamsSchema.shape.risk, 'medium'),
  );
  const [balls, setBalls] = useState<Ball[]>([]);
  const [, setFrame] = useState(0);
  const [landed, setLanded] = useState<{ bucket: number; at: number } | null>(null);
  const ballsRef = useRef<Ball[]>([]);
  const { finish, sound } = play;

  const palette = variantPalette(session.variant);
  const layout = useMemo(() => plinkoLayout(rows), [rows]);
  const table = useMemo(() => plinkoTable(rows, risk, session.rtp), [rows, risk, session.rtp]);

  useEffect(() => {
    ballsRef.current = balls;
  }, [balls]);

  // The bucket a ball fell in dips for a moment.
  useEffect(() => {
    if (!landed) return;
    const timer = window.setTimeout(() => setLanded(null), 350);
    return () => window.clearTimeout(timer);
  }, [landed]);

  // One animation loop moves every ball in flight; a ball that lands settles its round.
  useEffect(() => {
    if (balls.length === 0) return;
    let handle = 0;
    const step = (now: number) => {
      const done: Ball[] = [];
      for (const ball of ballsRef.current) {
        const progress = (now - ball.startedAt) / ball.durationMs;
        const contact = Math.floor(progress * (ball.points.length - 1));
        if (contact > ball.contact && contact < ball.points.length - 1) {
          ball.contact = contact;
          sound.play('peg');
        }
        if (progress >= 1) done.push(ball);
      }
      if (done.length > 0) {
        for (const ball of done) {
          setLanded({ bucket: ball.bucket, at: now });
          finish(ball.round);
        }
        setBalls((current) => current.filter((ball) => !done.includes(ball)));
      }
      setFrame(now);
      handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [balls.length, finish, sound]);

  const drop = async () => {
    const played = playedRound(await play.play({ rows, risk }), plinkoOutcomeSchema);
    if (!played) return;
    const { round, outcome } = played;
    const points = ballWaypoints(layout, outcome.path);
    const ball: Ball = {
      id: round.id,
      points,
      startedAt: performance.now(),
      durationMs: prefersReducedMotion() ? 0 : (points.length - 1) * stepDurationMs,
      bucket: outcome.bucket,
      round,
      contact: 0,
    };
    setBalls((current) => [...current, ball]);
  };

  const inFlight = balls.length > 0;
  const now = performance.now();
  const fontSize = Math.min(26, layout.gap * 0.3);

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={play.pending}
      controls={
        <>
          <SegmentedControl
            label={t('Originals.risk')}
            value={risk}
            disabled={inFlight || play.pending}
            onChange={setRisk}
            options={plinkoRisks.map((value) => ({ value, label: t(`Originals.risks.${value}`) }))}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="plinko-rows" className="text-xs font-medium text-ink-200">
              {t('Originals.plinko.rows')}
            </label>
            <select
              id="plinko-rows"
              value={rows}
              disabled={inFlight || play.pending}
              onChange={(event) => setRows(Number(event.target.value))}
              className={cn(inputClassName, 'cursor-pointer')}
            >
              {rowChoices.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        </>
      }
      action={
        <PlayButton busy={play.pending} onClick={() => void drop()}>
          {t('Originals.plinko.drop')}
        </PlayButton>
      }
      stage={
        <div className="flex h-full items-center justify-center p-3 sm:p-6">
          <svg
            data-testid="plinko-board"
            viewBox={`0 0 ${plinkoBoardWidth} ${layout.height}`}
            className="w-full max-w-[44rem]"
            role="img"
            aria-label={t('Originals.plinko.board', { rows })}
          >
            {layout.pegs.map((peg) => (
              <circle
                key={`${peg.x}:${peg.y}`}
                cx={peg.x}
                cy={peg.y}
                r={layout.pegRadius}
                fill={palette?.accent ?? 'var(--color-ink-200)'}
              />
            ))}
            {layout.buckets.map((bucket, index) => {
              const hue = bucketHue(index, rows);
              const hit = landed?.bucket === index;
              return (
                <g
                  key={bucket.x}
                  data-testid={`plinko-bucket-${index}`}
                  transform={`translate(${bucket.x} ${bucket.y + (hit ? layout.bucketHeight * 0.18 : 0)})`}
                >
                  <rect
                    x={-layout.bucketWidth / 2}
                    y={-layout.bucketHeight / 2}
                    width={layout.bucketWidth}
                    height={layout.bucketHeight}
                    rx={layout.bucketHeight * 0.22}
                    fill={`hsl(${hue} 90% ${hit ? 62 : 52}%)`}
                  />
                  <text
                    y={fontSize * 0.36}
                    textAnchor="middle"
                    fontSize={fontSize}
                    fontWeight={800}
                    fill="#1a1205"
                    className="font-mono"
                  >
                    {formatShortMultiplier(table[index] ?? '0')}
                  </text>
                </g>
              );
            })}
            {balls.map((ball) => {
              const position = ballPosition(
                ball.points,
                ball.durationMs === 0 ? 1 : (now - ball.startedAt) / ball.durationMs,
              );
              return (
                <circle
                  key={ball.id}
                  cx={position.x}
                  cy={position.y}
                  r={layout.ballRadius}
                  fill="var(--color-gold-400)"
                  stroke="#fff7d6"
                  strokeWidth={layout.ballRadius * 0.25}
                />
              );
            })}
          </svg>
        </div>
      }
    />
  );
}
