import { limitsPromptOf } from '@casino/contract';
import { useLocation, useNavigate } from 'react-router';
import { useBalance } from '@/features/balance/api/get-balance';
import { WalletBalanceBar } from '@/features/balance/components/wallet-balance-bar';
import { WalletBonusBanner } from '@/features/bonuses/components/wallet-bonus-banner';
import { bonusDrawerParam } from '@/features/bonuses/hooks/use-bonus-drawer';
import { useMe } from '@/features/profile/api/get-me';
import { useLimitsReview } from '@/features/responsible-gambling/api/play-session';
import { DepositLimitPrompt } from '@/features/responsible-gambling/components/limits-prompt';
import { WalletDialog } from '@/features/wallet/components/wallet-dialog';
import { searchString, withSearchParams } from '@/lib/search-params';
import { useCurrencyChanged } from '../hooks/use-currency-changed';
import { useLimitsAnswered } from './app-responsible-gambling';

/**
 * The wallet gets the fiat balance it checks withdrawals against and refreshes it after money
 * moves; its tabs get the bonus banner and the balance bar with the currency switcher, and
 * before the first deposit the deposit-limit prompt (responsible gambling) until answered.
 */
export function AppWalletDialog() {
  const balance = useBalance();
  const me = useMe();
  const onCurrencyChanged = useCurrencyChanged();
  const navigate = useNavigate();
  const location = useLocation();
  const fiat = balance.data?.fiat;
  const limitsAnswered = useLimitsAnswered();
  const limitsReview = useLimitsReview(limitsAnswered);
  const promptLimits =
    me.data !== undefined &&
    !me.data.hasDeposits &&
    limitsPromptOf(me.data, new Date()) === 'prompt';
  // one navigation closes the wallet and opens the bonus drawer in its place
  const showBonuses = () =>
    void navigate({
      pathname: location.pathname,
      search: searchString(
        withSearchParams(location.search, { wallet: null, [bonusDrawerParam]: '' }),
      ),
    });
  return (
    <WalletDialog
      renderTabHeader={(tab) => (
        <>
          {tab === 'deposit' && promptLimits && me.data ? (
            <DepositLimitPrompt
              currency={me.data.currency.primary}
              answering={limitsReview.isPending}
              onAnswer={(action) => limitsReview.mutate(action)}
            />
          ) : null}
          <WalletBonusBanner tab={tab} onShowBonuses={showBonuses} />
          <WalletBalanceBar
            tab={tab}
            hasDeposits={me.data?.hasDeposits}
            onCurrencyChanged={onCurrencyChanged}
          />
        </>
      )}
      fiatBalance={fiat ? { value: fiat.value, currency: fiat.currency.code } : null}
      onBalanceChanged={() => void balance.refetch()}
      hasActiveBonuses={
        balance.data?.userBonuses.some((bonus) => bonus.status === 'active') ?? false
      }
    />
  );
}
