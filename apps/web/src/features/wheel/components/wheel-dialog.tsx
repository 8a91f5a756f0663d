import { type WheelSpinResult, wheelDisplayOrder } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useIsSignedIn } from '@/lib/auth-token';
import { useLocalizedPath } from '@/lib/use-locale';
import { useWheelPrizes } from '../api/get-wheel-prizes';
import { useWheelStatus, wheelQueriesKey } from '../api/get-wheel-status';
import { useWheelDialog } from '../hooks/use-wheel-dialog';
import { GuestWheel } from './guest-wheel';
import { PlayerWheel, type PlayerWheelProps } from './player-wheel';
import { RotatePrompt } from './rotate-prompt';

export interface WheelDialogProps {
  /**
   * The visitor pressed sign-up after the spin: the shell closes the wheel and opens the sign-up
   * step in one navigation (`useWheelDialog().close({ auth: 'register' })`).
   */
  onSignUp: () => void;
  /** a player's prize was credited */
  onPrizeWon?: (result: WheelSpinResult) => void;
}

function PlayerWheelBody(props: Omit<PlayerWheelProps, 'status'>) {
  const { t } = useTranslation();
  const status = useWheelStatus();
  if (status.data) return <PlayerWheel {...props} status={status.data} />;
  if (status.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center text-sm text-ink-300">
        {t('Shared.temporary_difficulties')}
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('Shared.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid h-72 place-items-center text-brand-300">
      <Spinner className="size-6" />
    </div>
  );
}

/**
 * The wheel of luck modal (`?wheel=1`; wallet spec §2, §4; shell spec §2, §4): the player's
 * daily wheel, or the logged-out wheel for a visitor. Rendered only when prizes exist; closing
 * refreshes the wheel data.
 */
export function WheelDialog({ onSignUp, onPrizeWon }: WheelDialogProps) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const dialog = useWheelDialog();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const prizes = useWheelPrizes();
  const shown = useMemo(() => wheelDisplayOrder(prizes.data ?? []), [prizes.data]);
  const onPrizeWonRef = useRef(onPrizeWon);
  onPrizeWonRef.current = onPrizeWon;

  if (!dialog.isOpen || shown.length === 0) return null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: wheelQueriesKey });
  const close = () => {
    dialog.close();
    refresh();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={t('Wheel.title')}
        description={signedIn ? t('Wheel.subtitle') : t('Wheel.guest_subtitle')}
        className="max-w-[26rem]"
        data-testid="wheel-modal"
      >
        <RotatePrompt />
        {signedIn ? (
          <PlayerWheelBody
            prizes={shown}
            onClose={close}
            onGoToBonuses={() => {
              refresh();
              void navigate(localized('/bonuses'));
            }}
            onVerifySpin={(spinId) => {
              refresh();
              void navigate(localized(`/fairness?spin=${encodeURIComponent(spinId)}`));
            }}
            onPrizeWon={(result) => onPrizeWonRef.current?.(result)}
          />
        ) : (
          <GuestWheel prizes={prizes.data ?? []} onSignUp={onSignUp} />
        )}
      </DialogContent>
    </Dialog>
  );
}
