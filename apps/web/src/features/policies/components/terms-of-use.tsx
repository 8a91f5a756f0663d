import { useTranslation } from 'react-i18next';

const sections = [
  'acceptance',
  'eligibility',
  'account',
  'payments',
  'bonuses',
  'fair_play',
  'responsible',
  'liability',
  'contact',
] as const;

/** The terms of use of one host; the support e-mail is that host's. */
export function TermsOfUse({ host, supportEmail }: { host: string; supportEmail: string }) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold text-ink-100">{t('Policies.title')}</h1>
      <p className="mt-2 text-sm text-ink-400">{t('Policies.updated')}</p>
      <p className="mt-4 rounded-xl border border-ink-700 bg-ink-850 px-4 py-3 text-sm text-ink-200">
        {t('Policies.applies_to', { host })}
      </p>
      <div className="mt-8 flex flex-col gap-7">
        {sections.map((section) => (
          <section key={section}>
            <h2 className="text-lg font-bold text-ink-100">
              {t(`Policies.sections.${section}_title`)}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-ink-300">
              {t(`Policies.sections.${section}_body`, { email: supportEmail })}
            </p>
          </section>
        ))}
      </div>
    </article>
  );
}
