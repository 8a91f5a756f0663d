import { loggedOutWheelSlices, randomLoggedOutPrizeIndex, type WheelPrize } from '@casino/contract';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatPrizeAmount } from '../wheel-slices';
import { LoggedOutWheel } from './logged-out-wheel';

/**
 * A visitor's spin (shell spec §4): a random slice from 1 to 14, then the sign-up prompt, whose
 * button opens the sign-up step.
 */
export function GuestWheel({
  prizes,
  onSignUp,
}: {
  prizes: readonly WheelPrize[];
  onSignUp: () => void;
}) {
  const { t } = useTranslation();
  const [prizeIndex, setPrizeIndex] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const won = prizeIndex === null ? undefined : loggedOutWheelSlices(prizes)[prizeIndex];

  return (
    <div className="flex flex-col items-center gap-4">
      <LoggedOutWheel
        prizes={prizes}
        prizeIndex={prizeIndex}
        enabled={prizeIndex === null}
        onSpin={() => setPrizeIndex(randomLoggedOutPrizeIndex())}
        onComplete={() => setFinished(true)}
      />
      {finished && won ? (
        <div
          role="status"
          data-testid="wheel-sign-up-prompt"
          className="flex w-full flex-col items-center gap-3 rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-center"
        >
          <Gift className="size-7 text-gold-400" aria-hidden="true" />
          <p className="text-lg font-bold text-ink-100">
            {t('Wheel.guest_won_title', {
              amount: formatPrizeAmount(won.amount, won.currency, false),
            })}
          </p>
          <p className="text-sm text-ink-200">{t('Wheel.guest_won_text')}</p>
          <Button size="lg" className="w-full" onClick={onSignUp} data-testid="wheel-sign-up">
            {t('Wheel.sign_up')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
