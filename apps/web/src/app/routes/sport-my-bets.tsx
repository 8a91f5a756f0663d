import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SportsbookHeader } from '@/features/sportsbook/components/sportsbook-header';
import { MyBets } from '@/features/sportsbook/my-bets/my-bets';
import { useIsSignedIn } from '@/lib/auth-token';
import { useLocalizedPath } from '@/lib/use-locale';
import { useSignInPath } from '@/lib/use-sign-in-path';

/** `/sportsbook/my-bets`: the player's tickets, open and settled. */
export function SportMyBetsPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const signInPath = useSignInPath();
  return (
    <div>
      <SportsbookHeader
        title={t('BetSlip.my_bets')}
        icon={<Receipt className="size-5" aria-hidden="true" />}
        back={{ to: localized('/sportsbook'), label: t('Pages.sportsbook.title') }}
        favoritesPath={localized('/sportsbook/favorites')}
        showMyBets={false}
      />
      <MyBets signedIn={signedIn} signIn={() => void navigate(signInPath())} />
    </div>
  );
}
