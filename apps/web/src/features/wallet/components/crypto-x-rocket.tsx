import type { CryptoMethod } from '@casino/contract';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cryptoDepositBonusBadge } from '../crypto-methods';
import { CryptoBonusBadge, CryptoMethodIcon } from './crypto-method-grid';

/** Spec §2 x-rocket (messenger build): every crypto method as a list, each to its deposit. */
export function CryptoXRocket({
  methods,
  onSelect,
}: {
  methods: CryptoMethod[];
  onSelect: (method: CryptoMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-300">{t('wallet.crypto.x_rocket.hint')}</p>
      <ul className="flex flex-col gap-1.5">
        {methods.map((method) => {
          const bonus = cryptoDepositBonusBadge(method);
          return (
            <li key={method.code}>
              <button
                type="button"
                data-testid={`x-rocket-method-${method.code}`}
                onClick={() => onSelect(method)}
                className="flex w-full cursor-pointer items-center gap-3 rounded-xl bg-ink-800 p-3 text-left transition-colors hover:bg-ink-750"
              >
                <CryptoMethodIcon method={method} className="size-8" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-ink-100">
                    {method.name}
                  </span>
                  <span className="block truncate text-xs text-ink-400">{method.network}</span>
                </span>
                {bonus ? <CryptoBonusBadge label={bonus} /> : null}
                <ChevronRight className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
