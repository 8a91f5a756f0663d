import { type SupportChatConfig, supportEmailForHost } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpRight, Mail, MessageCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { notifyApiError } from '@/lib/notify';
import type { ConfiguredSupportChat } from '@/lib/support-chat';
import { supportBotUrl } from '@/lib/support-links';
import { CopyButton } from '../copy-button';
import { MessengerIcon } from '../icons/social-icons';
import { Dialog, DialogContent } from '../ui/dialog';

function SupportLink({
  href,
  icon,
  title,
  hint,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3 transition-colors hover:border-brand-500/60 hover:bg-ink-750"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink-100">{title}</span>
        <span className="block text-xs text-ink-300">{hint}</span>
      </span>
      <ArrowUpRight
        className="size-4 text-ink-400 transition-colors group-hover:text-ink-100"
        aria-hidden="true"
      />
    </a>
  );
}

/** The server's chat widget settings, asked once per page when support is first opened. */
function useSupportChatConfig() {
  return useQuery({
    queryKey: ['support-chat'],
    queryFn: ({ signal }) => apiRequest<SupportChatConfig>('/api/v1/support/chat', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The widget's settings when the server has them; else the modal shows e-mail and bot only. */
function configuredChat(config: SupportChatConfig): ConfiguredSupportChat | null {
  if (!config.scriptUrl || !config.baseUrl || !config.websiteToken) return null;
  return {
    scriptUrl: config.scriptUrl,
    baseUrl: config.baseUrl,
    websiteToken: config.websiteToken,
  };
}

/** Opens the external chat widget (its script is fetched now, the first time). */
function LiveChatButton({ config, onOpened }: { config: SupportChatConfig; onOpened: () => void }) {
  const { t, i18n } = useTranslation();
  const chat = configuredChat(config);
  const [opening, setOpening] = useState(false);
  if (!chat) return null;
  const open = async () => {
    setOpening(true);
    try {
      const { openSupportChat } = await import('@/lib/support-chat');
      await openSupportChat(chat, i18n.resolvedLanguage ?? 'en');
      onOpened();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={opening}
      aria-busy={opening}
      className="group flex w-full cursor-pointer items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3 text-left transition-colors hover:border-brand-500/60 hover:bg-ink-750 disabled:opacity-60"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
        <MessageCircle className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink-100">{t('Support.live_chat')}</span>
        <span className="block text-xs text-ink-300">{t('Support.live_chat_hint')}</span>
      </span>
    </button>
  );
}

function SupportModalBody({ onChatOpened = () => {} }: { onChatOpened?: () => void }) {
  const { t } = useTranslation();
  const email = supportEmailForHost(window.location.host);
  const chatConfig = useSupportChatConfig();
  return (
    <div className="flex flex-col gap-2.5">
      {chatConfig.data ? <LiveChatButton config={chatConfig.data} onOpened={onChatOpened} /> : null}
      <SupportLink
        href={supportBotUrl}
        icon={<MessengerIcon />}
        title={t('Support.bot')}
        hint={t('Support.bot_hint')}
      />
      <div className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-ink-300">{t('Support.email_hint')}</span>
          <a
            href={`mailto:${email}`}
            className="block truncate text-sm font-semibold text-ink-100 hover:text-brand-300"
          >
            {email}
          </a>
        </span>
        <CopyButton value={email} label={t('Support.copy_email')} />
      </div>
    </div>
  );
}

/** The support dialog (fetched when `SupportModal`'s trigger is first used). */
export function SupportDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Support.modal_title')}
        description={t('Support.modal_description')}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <SupportModalBody onChatOpened={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
