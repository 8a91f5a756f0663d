import { RotateCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** Blocking until the page is reloaded: the server could not be reached. */
export function UnstableConnectionModal() {
  const { t } = useTranslation();
  return (
    <Dialog open>
      <DialogContent
        blocking
        title={t('Connection.title')}
        description={t('Connection.description')}
        hideHeader
        data-testid="unstable-connection-modal"
      >
        <div className="flex flex-col items-center text-center">
          <div className="grid size-16 place-items-center rounded-2xl bg-gold-400/10 text-gold-400 ring-1 ring-gold-400/25">
            <WifiOff className="size-8" aria-hidden="true" />
          </div>
          <h2 className="mt-4 text-xl font-extrabold text-ink-100">{t('Connection.title')}</h2>
          <p className="mt-1.5 text-sm text-ink-300">{t('Connection.description')}</p>
          <Button size="lg" className="mt-6 w-full" onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('Connection.reload')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
