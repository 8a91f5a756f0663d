import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '@/lib/auth-token';
import { globalErrors, useGlobalErrors } from '@/lib/global-errors';
import { searchString, withSearchParams } from '@/lib/search-params';
import { toast } from '@/lib/toast';

/** The notice stays until the player closes it or signs in again. */
const sessionEndedToastId = 'session-ended';

/**
 * The player's session ended without them signing out here (signed out on another device,
 * revoked, expired; the realtime connection hears of it at once): they are told so, and the
 * sign-in step opens where they are.
 */
export function useSessionEndedNotice(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionEnded } = useGlobalErrors();
  const signedIn = useIsSignedIn();

  useEffect(() => {
    if (!sessionEnded) return;
    globalErrors.clearSessionEnded();
    toast.info(t('Errors.unauthorized'), {
      id: sessionEndedToastId,
      duration: Number.POSITIVE_INFINITY,
    });
    const { pathname, search, hash } = window.location;
    void navigate(
      { pathname, search: searchString(withSearchParams(search, { auth: 'login' })), hash },
      { replace: true },
    );
  }, [sessionEnded, navigate, t]);

  useEffect(() => {
    if (signedIn) toast.dismiss(sessionEndedToastId);
  }, [signedIn]);
}
