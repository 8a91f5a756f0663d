import { BotOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';

/** The messenger build opened from a bot the server does not know: nothing else is shown. */
export function InvalidBotScreen() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="invalid-bot-screen"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center overflow-hidden bg-ink-900 px-6 py-10"
    >
      <div className="pointer-events-none absolute top-1/4 left-1/2 size-[420px] -translate-x-1/2 rounded-full bg-danger-500/10 blur-3xl" />
      <Logo className="relative mb-8" />
      <section className="relative w-full max-w-sm rounded-3xl border border-ink-700 bg-ink-850/90 p-6 text-center shadow-2xl shadow-black/40 backdrop-blur">
        <div className="mx-auto mb-5 grid size-16 place-items-center rounded-2xl bg-danger-500/15 text-danger-400 ring-1 ring-danger-500/30">
          <BotOff className="size-8" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-extrabold text-ink-100">
          {t('Connection.invalid_bot.title')}
        </h1>
        <p className="mt-2 text-sm text-ink-300">{t('Connection.invalid_bot.description')}</p>
      </section>
    </main>
  );
}
