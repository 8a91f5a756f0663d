import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useIsSignedIn } from '@/lib/auth-token';
import { notify } from '@/lib/notify';
import { type AuthStep, parseAuthStep, useAuthDialog } from '../hooks/use-auth-dialog';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const tabClassName =
  'flex-1 cursor-pointer rounded-lg py-2 text-sm font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100 data-[state=active]:shadow';

/** Sign-in and sign-up, opened by `?auth=login|register` from anywhere in the app. */
export function AuthDialog({ termsHref }: { termsHref: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { step, open, close, finish } = useAuthDialog();

  // Once signed in (just now, or already when a sign-in link was opened) go where it pointed.
  useEffect(() => {
    if (signedIn && step) finish();
  }, [signedIn, step, finish]);

  const isOpen = step !== null && !signedIn;
  const current: AuthStep = step ?? 'login';

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        title={current === 'login' ? t('Auth.login_title') : t('Auth.register_title')}
        description={current === 'login' ? t('Auth.login_subtitle') : t('Auth.register_subtitle')}
        hideHeader
        className="overflow-hidden p-0 sm:p-0"
      >
        <div className="relative overflow-hidden bg-linear-to-br from-brand-700/60 via-ink-800 to-ink-850 px-6 pt-7 pb-5">
          <div className="pointer-events-none absolute -top-10 -right-10 size-40 rounded-full bg-brand-500/30 blur-3xl" />
          <div className="pointer-events-none absolute -bottom-12 left-6 size-28 rounded-full bg-gold-400/10 blur-2xl" />
          <LogoMark className="size-11" />
          <p className="mt-3 text-xl font-extrabold text-ink-100">
            {current === 'login' ? t('Auth.login_title') : t('Auth.register_title')}
          </p>
          <p className="mt-1 text-sm text-ink-200">
            {current === 'login' ? t('Auth.login_subtitle') : t('Auth.register_subtitle')}
          </p>
        </div>
        <Tabs.Root
          value={current}
          onValueChange={(value) => {
            const next = parseAuthStep(value);
            if (next) open(next);
          }}
          className="px-5 pt-4 pb-6 sm:px-6"
        >
          <Tabs.List
            className="mb-5 flex gap-1 rounded-xl bg-ink-800 p-1"
            aria-label={t('Auth.login_title')}
          >
            <Tabs.Trigger value="login" className={tabClassName}>
              {t('Auth.login_tab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="register" className={tabClassName}>
              {t('Auth.register_tab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login">
            <LoginForm onSuccess={() => notify.success(t('Auth.login_success'))} />
          </Tabs.Content>
          <Tabs.Content value="register">
            <RegisterForm
              termsHref={termsHref}
              onSuccess={() => notify.success(t('Auth.register_success'))}
            />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}
