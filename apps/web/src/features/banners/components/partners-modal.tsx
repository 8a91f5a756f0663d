import type { Partner } from '@casino/contract';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

export interface PartnersModalProps {
  /** the partner shown; null closes the modal */
  partner: Partner | null;
  onClose: () => void;
}

/** Shell spec §2 partners modal: picture, title, description, and the partner site in a new tab. */
export function PartnersModal({ partner, onClose }: PartnersModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={partner !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {partner ? (
        <DialogContent data-testid="partners-modal" title={partner.title} hideHeader>
          <img
            src={partner.image}
            alt=""
            className="mx-auto mb-4 aspect-[2/1] w-full rounded-xl bg-ink-800 object-contain"
          />
          {/* the dialog's title, announced once by the dialog itself */}
          <p aria-hidden="true" className="text-lg font-bold text-ink-100">
            {partner.title}
          </p>
          <p className="mt-2 text-sm whitespace-pre-line text-ink-300">{partner.description}</p>
          <Button asChild className="mt-5 w-full">
            <a
              href={partner.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="partners-modal-open"
            >
              {t('Banners.partner_open')}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('Shared.opens_in_new_tab')}</span>
            </a>
          </Button>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
