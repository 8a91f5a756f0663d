import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/hooks/use-media-query';

/** Phones held upright: narrow and portrait. */
export const portraitPhoneQuery = '(orientation: portrait) and (max-width: 767px)';

/** Shell spec §2: on a phone in portrait, a block asks to turn the device while the wheel is open. */
export function RotatePrompt() {
  const { t } = useTranslation();
  const portraitPhone = useMediaQuery(portraitPhoneQuery);
  if (!portraitPhone) return null;
  return (
    <div
      role="note"
      data-testid="wheel-rotate-prompt"
      className="mb-4 flex items-center gap-3 rounded-xl border border-brand-500/40 bg-brand-500/10 p-3 text-sm text-ink-100"
    >
      <Smartphone className="size-6 shrink-0 rotate-90 text-brand-300" aria-hidden="true" />
      {t('Wheel.rotate_device')}
    </div>
  );
}
