import type { Profile } from '@casino/contract';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvatarArt } from '@/components/illustrations/avatar';
import { cn } from '@/lib/cn';

/** Avatar linking to the profile: red dot while the name can still be set, ring and badge for VIP. */
export function UserAvatarLink({
  profile,
  to,
  className,
}: {
  profile: Pick<Profile, 'isVip' | 'isNameChangeAvailable'>;
  to: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const label = profile.isNameChangeAvailable
    ? `${t('Header.profile')} · ${t('Header.complete_profile')}`
    : t('Header.profile');
  return (
    <Link
      to={to}
      data-testid="header-avatar"
      data-vip={profile.isVip || undefined}
      aria-label={label}
      title={label}
      className={cn('relative block size-10 shrink-0 rounded-full', className)}
    >
      <span
        className={cn(
          'block size-full overflow-hidden rounded-full ring-2 ring-ink-600 transition-shadow hover:ring-ink-400',
          profile.isVip &&
            'ring-gold-400 shadow-[0_0_0_4px_rgba(251,191,36,0.18)] hover:ring-gold-300',
        )}
      >
        <AvatarArt />
      </span>
      {profile.isNameChangeAvailable ? (
        <span
          data-testid="header-avatar-dot"
          className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-danger-500 ring-2 ring-ink-900"
        />
      ) : null}
      {profile.isVip ? (
        <span
          data-testid="header-vip-badge"
          className="absolute -bottom-1.5 left-1/2 flex -translate-x-1/2 items-center gap-0.5 rounded-full bg-linear-to-b from-gold-300 to-gold-500 px-1.5 py-px text-[9px] leading-3 font-extrabold text-ink-950 ring-2 ring-ink-900"
        >
          <Crown className="size-2.5" aria-hidden="true" />
          {t('Header.vip')}
        </span>
      ) : null}
    </Link>
  );
}
