import type { Profile } from '@casino/contract';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '@/components/copy-button';
import { AvatarArt } from '@/components/illustrations/avatar';
import { cn } from '@/lib/cn';
import { useBilling } from '../api/get-billing';

export function AccountCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const billing = useBilling();
  const displayName =
    [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <span
          className={cn(
            'block size-16 shrink-0 overflow-hidden rounded-full ring-2 ring-ink-600',
            profile.isVip && 'ring-gold-400 shadow-[0_0_0_5px_rgba(251,191,36,0.15)]',
          )}
        >
          <AvatarArt />
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-bold text-ink-100">{displayName}</p>
          {profile.isVip ? (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-gold-400/15 px-2 py-0.5 text-xs font-bold text-gold-300">
              <Crown className="size-3.5" aria-hidden="true" />
              {t('Profile.vip_player')}
            </p>
          ) : null}
        </div>
      </div>

      <dl className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex flex-col gap-1.5">
          <dt className="text-xs font-medium text-ink-300">{t('Profile.user_id')}</dt>
          <dd>
            <CopyableValue value={profile.globalId} />
          </dd>
        </div>
        <div className="flex flex-col gap-1.5">
          <dt className="text-xs font-medium text-ink-300">{t('Profile.email')}</dt>
          <dd className="truncate rounded-xl border border-ink-700 bg-ink-800 px-3.5 py-2.5 text-sm text-ink-100">
            {profile.email}
          </dd>
        </div>
        {profile.vipManager ? (
          <div className="flex flex-col gap-1.5">
            <dt className="text-xs font-medium text-ink-300">{t('Profile.vip_manager')}</dt>
            <dd>
              <a
                href={`https://t.me/${encodeURIComponent(profile.vipManager.telegramUsername)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-gold-300 hover:text-gold-400"
              >
                @{profile.vipManager.telegramUsername}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {billing.data ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-xl border border-ink-700 bg-ink-800 px-3.5 py-2.5">
            <p className="text-xs text-ink-300">{t('Profile.deposits_made')}</p>
            <p className="mt-0.5 font-mono text-base font-semibold text-ink-100">
              {billing.data.countDeposit}
            </p>
          </div>
          <div className="rounded-xl border border-ink-700 bg-ink-800 px-3.5 py-2.5">
            <p className="text-xs text-ink-300">{t('Profile.deposits_sum')}</p>
            <p className="mt-0.5 font-mono text-base font-semibold text-ink-100">
              {billing.data.sumDeposits}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
