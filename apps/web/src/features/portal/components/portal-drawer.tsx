import { messengerChannelFor, socialLinks } from '@casino/contract';
import { Bot, Crown, ExternalLink, Globe, Users, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessengerIcon } from '@/components/icons/social-icons';
import { cn } from '@/lib/cn';
import { communityChannels, messengerProfileUrl, portalLinks } from '../portal-links';

function PortalLink({
  href,
  icon,
  title,
  text,
  highlight = false,
  testId,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  text: string;
  highlight?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      className={cn(
        'group flex items-center gap-3 rounded-2xl border p-3.5 transition-colors',
        highlight
          ? 'border-gold-400/50 bg-linear-to-br from-gold-500/15 via-ink-800 to-ink-850 hover:border-gold-400'
          : 'border-ink-700 bg-ink-850 hover:border-ink-500',
      )}
    >
      <span
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-xl',
          highlight ? 'bg-gold-500/20 text-gold-300' : 'bg-ink-750 text-brand-300',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-bold text-ink-100">{title}</span>
        <span className="block text-xs text-ink-300">{text}</span>
      </span>
      <ExternalLink
        className="size-4 shrink-0 text-ink-400 transition-colors group-hover:text-ink-200"
        aria-hidden="true"
      />
      <span className="sr-only">{t('Shared.opens_in_new_tab')}</span>
    </a>
  );
}

export interface PortalDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isVip: boolean;
  /** the VIP manager's messenger handle, when the player has one */
  vipManagerHandle: string | null;
}

/**
 * The VIP / community portal (wallet spec §2, §6): a VIP player gets the messenger bot, the web
 * mirror and, if assigned, the VIP manager; everyone else the community channels, RU and EN.
 */
export function PortalDrawer({ open, onOpenChange, isVip, vipManagerHandle }: PortalDrawerProps) {
  const { t, i18n } = useTranslation();
  const russianFirst =
    messengerChannelFor(i18n.resolvedLanguage ?? 'en') === socialLinks.messengerChannelRu;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
        <Dialog.Content
          data-testid="portal-drawer"
          data-variant={isVip ? 'vip' : 'community'}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[min(92dvh,calc(100dvh-var(--safe-top)-0.5rem))] animate-slide-up flex-col rounded-t-3xl border-t border-ink-700 bg-ink-900 shadow-2xl md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[420px] md:animate-slide-in-right md:rounded-none md:border-t-0 md:border-l md:pt-safe"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-750 px-4 sm:px-5">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-ink-100">
              {isVip ? (
                <Crown className="size-5 text-gold-400" aria-hidden="true" />
              ) : (
                <Users className="size-5 text-brand-300" aria-hidden="true" />
              )}
              {isVip ? t('Portal.title_vip') : t('Portal.title_community')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('Shared.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-750 hover:text-ink-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-5 pb-[calc(1.25rem+var(--safe-bottom))] scrollbar-thin sm:px-5">
            <Dialog.Description className="mb-4 text-sm text-ink-300">
              {isVip ? t('Portal.vip_text') : t('Portal.community_text')}
            </Dialog.Description>
            <div className="flex flex-col gap-2.5">
              {isVip ? (
                <>
                  {vipManagerHandle ? (
                    <PortalLink
                      href={messengerProfileUrl(vipManagerHandle)}
                      icon={<Crown className="size-5" aria-hidden="true" />}
                      title={t('Portal.manager')}
                      text={`@${vipManagerHandle.replace(/^@/, '')}`}
                      highlight
                      testId="portal-manager"
                    />
                  ) : null}
                  <PortalLink
                    href={portalLinks.messengerBot}
                    icon={<Bot className="size-5" aria-hidden="true" />}
                    title={t('Portal.bot')}
                    text={t('Portal.bot_text')}
                    testId="portal-bot"
                  />
                  <PortalLink
                    href={portalLinks.webMirror}
                    icon={<Globe className="size-5" aria-hidden="true" />}
                    title={t('Portal.mirror')}
                    text={t('Portal.mirror_text')}
                    testId="portal-mirror"
                  />
                </>
              ) : (
                communityChannels(russianFirst).map((channel) => (
                  <PortalLink
                    key={channel.id}
                    href={channel.url}
                    icon={<MessengerIcon />}
                    title={t(`Portal.channel_${channel.id}`)}
                    text={t('Portal.channel_text')}
                    testId={`portal-channel-${channel.id}`}
                  />
                ))
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
