import { type LimitsReview, limitsPromptOf, type Profile } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { meQueryKey, useMe } from '@/features/profile/api/get-me';
import {
  useAcknowledgeRealityCheck,
  useLimitsReview,
  usePlaySession,
} from '@/features/responsible-gambling/api/play-session';
import { useIsSignedIn } from '@/lib/auth-token';
import { lazy } from '@/lib/lazy';
import { localizedPath } from '@/lib/locale-path';
import { playSessionQueryKey, realityCheckPause, setPlayPaused } from '@/lib/play-pause';
import { useLocale } from '@/lib/use-locale';

// Both open rarely (a due check, a review every 6 months): their code loads when they open.
const RealityCheckModal = lazy(async () => ({
  default: (await import('@/features/responsible-gambling/components/reality-check-modal'))
    .RealityCheckModal,
}));
const LimitsReviewPrompt = lazy(async () => ({
  default: (await import('@/features/responsible-gambling/components/limits-prompt'))
    .LimitsReviewPrompt,
}));

/** A little after the check's time, so the server (whose clock decides) finds it due. */
const dueSlackMs = 1_000;

/** The profile's answers to the limits prompt follow the server's answer. */
export function useLimitsAnswered() {
  const queryClient = useQueryClient();
  return (answer: LimitsReview) =>
    queryClient.setQueryData<Profile>(meQueryKey, (profile) =>
      profile ? { ...profile, ...answer } : profile,
    );
}

/**
 * The responsible-gambling layer of the shell (issue 22): a player with a reality-check interval
 * has their play session watched (every minute, at the next check's time, and when a stake is
 * refused because one is due); a due check opens the modal, which pauses every game's own play
 * (`lib/play-pause`) until "Continue" (answered on the server) or "Stop playing" (signs out).
 * A player whose last limits review is 6 months old is asked to review them.
 */
export function AppResponsibleGambling() {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locale = useLocale();
  const watching = signedIn && me.data !== undefined && me.data.realityCheckMinutes !== null;
  const session = usePlaySession(watching);
  const due = watching && session.data?.realityCheckDue === true;

  // every answer of the server decides: paused while the check is due, resumed once answered
  useEffect(() => {
    setPlayPaused(realityCheckPause, due);
  }, [due]);
  useEffect(() => () => setPlayPaused(realityCheckPause, false), []);

  const next = session.data?.nextRealityCheckAt ?? null;
  useEffect(() => {
    if (!watching || next === null || due) return;
    const wait = Math.max(0, Date.parse(next) - Date.now()) + dueSlackMs;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: playSessionQueryKey }),
      wait,
    );
    return () => window.clearTimeout(timer);
  }, [watching, next, due, queryClient]);

  const acknowledge = useAcknowledgeRealityCheck();
  const logout = useLogout({
    onSignedOut: () => void navigate(localizedPath(locale, '/'), { replace: true }),
  });

  const onAnswered = useLimitsAnswered();
  const [reviewClosed, setReviewClosed] = useState(false);
  const review = useLimitsReview((answer) => {
    onAnswered(answer);
    setReviewClosed(true);
  });
  const reviewDue =
    signedIn && me.data !== undefined && limitsPromptOf(me.data, new Date()) === 'review';

  return (
    <>
      {due && session.data ? (
        <Suspense fallback={null}>
          <RealityCheckModal
            open
            session={session.data}
            continuing={acknowledge.isPending}
            onContinue={() => acknowledge.mutate()}
            onStop={() => logout.mutate()}
          />
        </Suspense>
      ) : null}
      {reviewDue && !reviewClosed && !due ? (
        <Suspense fallback={null}>
          <LimitsReviewPrompt
            open
            answering={review.isPending}
            onKeep={() => review.mutate('reviewed')}
            onChange={() => {
              review.mutate('reviewed');
              void navigate(`${localizedPath(locale, '/profile')}#responsible-gambling`);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
