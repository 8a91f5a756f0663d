import type { RegionPayload } from '@casino/contract';
import { Globe, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '@/components/copy-button';
import { SocialButtons } from '@/components/social-buttons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** Flags come from the server's /flags route (never region checked), so the bundle stays small. */
function CountryFlag({ country }: { country: string }) {
  const code = country.toUpperCase();
  const [failed, setFailed] = useState(false);
  if (failed || !/^[A-Z]{2}$/.test(code)) {
    return (
      <span className="grid h-12 w-18 place-items-center rounded-lg bg-ink-700 text-ink-300">
        <Globe className="size-6" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={`/flags/${code}.svg`}
      alt={code}
      title={code}
      onError={() => setFailed(true)}
      className="h-12 w-18 rounded-lg object-cover shadow-lg ring-1 ring-white/10"
    />
  );
}

function countryName(country: string, language: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(country)) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** Blocking: the service is not offered in the visitor's country. Retry clears it once a request passes. */
export function RegionModal({
  region,
  onRetry,
  retrying,
}: {
  region: RegionPayload;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = countryName(region.country, i18n.resolvedLanguage ?? 'en');
  const retryRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open>
      <DialogContent
        blocking
        title={t('Region.title')}
        description={t('Region.description')}
        hideHeader
        data-testid="region-modal"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          retryRef.current?.focus();
        }}
      >
        <div className="flex flex-col items-center text-center">
          <CountryFlag country={region.country} />
          <h2 className="mt-4 text-xl font-extrabold text-ink-100">{t('Region.title')}</h2>
          <p className="mt-1.5 text-sm text-ink-300">{t('Region.description')}</p>
        </div>
        <dl className="mt-5 grid gap-3">
          <div className="flex items-center justify-between rounded-xl border border-ink-700 bg-ink-800 px-3.5 py-2.5">
            <dt className="text-xs text-ink-300">{t('Region.country')}</dt>
            <dd data-testid="region-country" className="text-sm font-semibold text-ink-100">
              {name ?? (region.country || t('Region.unknown_country'))}
            </dd>
          </div>
          <div className="flex flex-col gap-1.5">
            <dt className="text-xs text-ink-300">{t('Region.ip')}</dt>
            <dd>
              <CopyableValue value={region.ip} />
            </dd>
          </div>
        </dl>
        <Button
          ref={retryRef}
          size="lg"
          className="mt-5 w-full"
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          {t('Region.retry')}
        </Button>
        <div className="mt-5 flex flex-col items-center gap-2.5 border-t border-ink-700 pt-4">
          <p className="text-xs text-ink-400">{t('Region.community')}</p>
          <SocialButtons />
        </div>
      </DialogContent>
    </Dialog>
  );
}
