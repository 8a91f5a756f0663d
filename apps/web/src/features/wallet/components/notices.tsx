import { type FiatPaymentMethod, isCardProviderMethod, showsPlnNotice } from '@casino/contract';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function InfoNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      data-testid={testId}
      className="flex gap-2 rounded-xl border border-brand-500/30 bg-brand-500/10 p-3 text-xs leading-5 text-ink-200"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-brand-300" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** Spec §9: the card-provider group's e-mail notice and the PLN notice. */
export function MethodNotices({ method }: { method: FiatPaymentMethod }) {
  const { t } = useTranslation();
  return (
    <>
      {isCardProviderMethod(method) ? (
        <InfoNotice testId="wallet-notice-card-provider">
          {t('wallet.notices.card_provider_email')}
        </InfoNotice>
      ) : null}
      {showsPlnNotice(method.currency) ? (
        <InfoNotice testId="wallet-notice-pln">{t('wallet.notices.pln')}</InfoNotice>
      ) : null}
    </>
  );
}
