import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { padTwoDigits, timeLeftUntil } from '@/lib/countdown';

export interface CountdownProps {
  target: Date;
  onComplete?: () => void;
  className?: string;
}

/** Days, hours, minutes and seconds to `target`; calls `onComplete` once when it reaches zero. */
export function Countdown({ target, onComplete, className }: CountdownProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeftUntil(target, now);
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;
  const targetMs = target.getTime();
  const completedTargetRef = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left.isComplete && completedTargetRef.current !== targetMs) {
      completedTargetRef.current = targetMs;
      completeRef.current?.();
    }
  }, [left.isComplete, targetMs]);

  const parts = [
    { value: left.days, unit: t('Shared.countdown_days') },
    { value: left.hours, unit: t('Shared.countdown_hours') },
    { value: left.minutes, unit: t('Shared.countdown_minutes') },
    { value: left.seconds, unit: t('Shared.countdown_seconds') },
  ];

  return (
    <div
      role="timer"
      aria-label={t('Shared.countdown_label')}
      className={cn('flex gap-1.5', className)}
    >
      {parts.map((part) => (
        <span
          key={part.unit}
          className="flex min-w-11 items-baseline justify-center gap-0.5 rounded-lg bg-ink-800 px-2 py-1.5 font-mono tabular-nums"
        >
          <span className="text-base font-bold text-ink-100">{padTwoDigits(part.value)}</span>
          <span className="text-[10px] text-ink-400">{part.unit}</span>
        </span>
      ))}
    </div>
  );
}
