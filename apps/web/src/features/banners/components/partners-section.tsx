import type { Partner } from '@casino/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyLayer } from '@/components/lazy-layer';
import { cn } from '@/lib/cn';
import { lazy } from '@/lib/lazy';
import { useLocale } from '@/lib/use-locale';
import { usePartners } from '../api/get-partners';

// fetched when a partner is first opened
const PartnersModal = lazy(async () => ({
  default: (await import('./partners-modal')).PartnersModal,
}));

/** The partners row of the home page; a partner's tile opens the partners modal. */
export function PartnersSection({ className }: { className?: string }) {
  const { t } = useTranslation();
  const partners = usePartners(useLocale());
  const [shown, setShown] = useState<Partner | null>(null);
  if (!partners.data || partners.data.length === 0) return null;

  return (
    <section className={cn(className)} aria-labelledby="partners-title">
      <h2 id="partners-title" className="mb-4 text-xl font-bold text-ink-100">
        {t('Banners.partners_title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {partners.data.map((partner) => (
          <li key={partner.id}>
            <button
              type="button"
              data-testid={`partner-${partner.id}`}
              onClick={() => setShown(partner)}
              aria-label={t('Banners.partner_details', { name: partner.title })}
              className="flex w-full cursor-pointer flex-col items-center gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-3 text-sm font-semibold text-ink-200 transition-colors hover:border-ink-500 hover:text-ink-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
            >
              <img src={partner.image} alt="" className="aspect-[2/1] w-full object-contain" />
              {partner.title}
            </button>
          </li>
        ))}
      </ul>
      <LazyLayer open={shown !== null}>
        <PartnersModal partner={shown} onClose={() => setShown(null)} />
      </LazyLayer>
    </section>
  );
}
