import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { LanguagePicker } from '@/features/languages/components/language-picker';
import { meQueryKey, useMe } from '@/features/profile/api/get-me';
import { AccountCard } from '@/features/profile/components/account-card';
import { PersonalDataForm } from '@/features/profile/components/personal-data-form';
import { OddsFormatChooser } from '@/features/sportsbook/components/odds-format-chooser';
import { lazy } from '@/lib/lazy';
import { localizedPath } from '@/lib/locale-path';
import { useLocale } from '@/lib/use-locale';
import { useChangeLanguage } from '../hooks/use-change-language';
import { AppPromoCodeCard } from '../layout/app-wheel-promo';

const ResponsibleGamblingSection = lazy(async () => ({
  default: (await import('@/features/responsible-gambling/components/responsible-gambling-section'))
    .ResponsibleGamblingSection,
}));

const PushSettingsSection = lazy(async () => ({
  default: (await import('@/features/web-push/components/push-settings-section'))
    .PushSettingsSection,
}));

function Card({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-6">
      <h2 className="text-base font-bold text-ink-100">{title}</h2>
      {hint ? <p className="mt-1 text-sm text-ink-300">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const changeLanguage = useChangeLanguage();
  const me = useMe();
  const queryClient = useQueryClient();

  return (
    <div>
      <PageHeader
        title={t('Profile.title')}
        icon={<UserRound className="size-5" aria-hidden="true" />}
        actions={
          <SignOutButton
            onSignedOut={() => void navigate(localizedPath(locale, '/'), { replace: true })}
          />
        }
      />
      {me.data ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:gap-6">
          <div className="flex flex-col gap-4 lg:gap-6">
            <Card title={t('Profile.account')}>
              <AccountCard profile={me.data} />
            </Card>
            <Card title={t('Profile.language')} hint={t('Profile.language_hint')}>
              <LanguagePicker
                value={locale}
                onChange={changeLanguage}
                testId="profile-language-picker"
              />
            </Card>
            <Card title={t('Sportsbook.odds_format')} hint={t('Sportsbook.odds_format_hint')}>
              <OddsFormatChooser />
            </Card>
            <AppPromoCodeCard />
            <Suspense fallback={null}>
              <PushSettingsSection
                onSubscribed={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
              />
            </Suspense>
          </div>
          <div className="flex flex-col gap-4 lg:gap-6">
            <Card title={t('Profile.personal_data')} hint={t('Profile.personal_data_hint')}>
              <PersonalDataForm profile={me.data} />
            </Card>
            <Suspense fallback={null}>
              <ResponsibleGamblingSection
                realityCheckMinutes={me.data.realityCheckMinutes}
                onProfileChanged={(profile) => queryClient.setQueryData(meQueryKey, profile)}
              />
            </Suspense>
          </div>
        </div>
      ) : (
        <div className="grid place-items-center py-20 text-ink-300">
          <Spinner className="size-6" />
        </div>
      )}
    </div>
  );
}
