import type { BanPayload } from '@casino/contract';
import { ExternalLink, Headset, ShieldBan } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '@/components/copy-button';
import { Logo } from '@/components/logo';
import { SupportModal } from '@/components/support/support-modal';
import { Button } from '@/components/ui/button';

/** Replaces the whole app for a banned account: who, why, the terms and how to reach support. */
export function BanScreen({ ban, termsHref }: { ban: BanPayload; termsHref: string }) {
  const { t } = useTranslation();
  return (
    <main
      data-testid="ban-screen"
      className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-10"
    >
      <div className="pointer-events-none absolute top-1/4 left-1/2 size-[520px] -translate-x-1/2 rounded-full bg-danger-500/10 blur-3xl" />
      <Logo className="relative mb-8" />
      <section className="relative w-full max-w-md rounded-3xl border border-ink-700 bg-ink-850/90 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
        <div className="mx-auto mb-5 grid size-16 place-items-center rounded-2xl bg-danger-500/15 text-danger-400 ring-1 ring-danger-500/30">
          <ShieldBan className="size-8" aria-hidden="true" />
        </div>
        <h1 className="text-center text-2xl font-extrabold text-ink-100">{t('Ban.title')}</h1>
        <p className="mt-2 text-center text-sm text-ink-300">{t('Ban.description')}</p>

        <div className="mt-6 flex flex-col gap-4">
          <div>
            <p className="mb-1.5 text-xs font-medium text-ink-300">{t('Ban.reason_label')}</p>
            <p
              data-testid="ban-reason"
              data-reason={ban.reason}
              className="rounded-xl border border-danger-500/30 bg-danger-500/10 px-3.5 py-2.5 text-sm font-semibold text-danger-400"
            >
              {t(`Ban.reason.${ban.reason}`)}
            </p>
          </div>
          <div>
            <p className="mb-1.5 text-xs font-medium text-ink-300">{t('Ban.user_id')}</p>
            <CopyableValue value={ban.globalId} />
          </div>
        </div>

        <p className="mt-5 text-sm text-ink-300">{t('Ban.appeal')}</p>

        <div className="mt-5 flex flex-col gap-2.5">
          <SupportModal
            trigger={
              <Button className="w-full">
                <Headset className="size-4" aria-hidden="true" />
                {t('Ban.contact_support')}
              </Button>
            }
          />
          <Button variant="outline" asChild className="w-full">
            <a href={termsHref} target="_blank" rel="noopener">
              {t('Ban.terms')}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('Shared.opens_in_new_tab')}</span>
            </a>
          </Button>
        </div>
      </section>
    </main>
  );
}
