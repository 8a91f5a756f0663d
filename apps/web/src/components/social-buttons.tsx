import { messengerChannelFor, socialLinks } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { MessengerIcon, XIcon } from './icons/social-icons';

const buttonClass =
  'grid size-10 place-items-center rounded-xl border border-ink-700 bg-ink-800 text-ink-200 transition-colors hover:border-brand-500/60 hover:text-ink-100';

/** Messenger channel (Russian-speaking locales get their own) and X. */
export function SocialButtons({
  className,
  orientation = 'horizontal',
}: {
  className?: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const { t, i18n } = useTranslation();
  const channel = messengerChannelFor(i18n.resolvedLanguage ?? 'en');
  return (
    <div className={cn('flex gap-2', orientation === 'vertical' && 'flex-col', className)}>
      <a
        href={channel}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass}
        aria-label={t('Sidebar.messenger_channel')}
        title={t('Sidebar.messenger_channel')}
      >
        <MessengerIcon />
      </a>
      <a
        href={socialLinks.x}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass}
        aria-label={t('Sidebar.x')}
        title={t('Sidebar.x')}
      >
        <XIcon className="size-4" />
      </a>
    </div>
  );
}
