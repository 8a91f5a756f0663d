import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-locale';

export function NotFoundPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div
      data-testid="not-found"
      className="flex flex-col items-center justify-center px-4 py-16 text-center md:py-24"
    >
      <p className="bg-linear-to-b from-brand-300 to-brand-700 bg-clip-text text-8xl font-black tracking-tighter text-transparent md:text-9xl">
        404
      </p>
      <div className="mt-4 grid size-12 place-items-center rounded-2xl bg-ink-750 text-brand-300 ring-1 ring-ink-600">
        <Compass className="size-6" aria-hidden="true" />
      </div>
      <h1 className="mt-4 text-2xl font-extrabold text-ink-100">{t('Pages.not_found.title')}</h1>
      <p className="mt-2 max-w-sm text-sm text-ink-300">{t('Pages.not_found.text')}</p>
      <Button asChild size="lg" className="mt-6">
        <Link to={localized('/')}>{t('Shared.back_to_casino')}</Link>
      </Button>
    </div>
  );
}
